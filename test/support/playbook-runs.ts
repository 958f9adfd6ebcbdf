import type { StepView } from '../../src/domain/runs/run-view.ts';
import { waitFor } from './wait-for.ts';

/** Helpers for tests that start playbook runs and follow them. */

export interface RunView {
  id: string;
  playbookId: string;
  status: string;
  done: boolean;
  progress: number;
  currentStep: number;
  inputs: Record<string, unknown>;
  durationMs: number | null;
  error: { code: string; message: string } | null;
  steps: StepView[];
}

export interface StreamedEvent {
  id: string | undefined;
  event: string;
  data: Record<string, unknown>;
}

type Getter = (url: string) => Promise<{ statusCode?: number; status?: number; json(): unknown }>;

/** Polls a run until `until` holds (by default: finished), failing after `timeoutMs`. */
export async function pollRun(get: Getter, url: string, until: (run: RunView) => boolean = (run) => run.done, timeoutMs = 20_000): Promise<RunView> {
  let last: RunView | undefined;
  return waitFor(
    async () => {
      last = ((await (await get(url)).json()) as { data: RunView }).data;
      return until(last) && last;
    },
    { timeoutMs, intervalMs: 50, what: () => `the run in the expected state (it is ${JSON.stringify(last)})` },
  );
}

/** The events of a `text/event-stream` body (comment lines skipped). */
export function parseEventStream(body: string): StreamedEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').filter((line) => line !== '' && !line.startsWith(':')))
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const field = (name: string) => lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      return { id: field('id'), event: field('event') ?? 'message', data: JSON.parse(field('data') ?? 'null') as Record<string, unknown> };
    });
}

/** The events of a two-step run that succeeds, as [id, event] pairs. */
export const twoStepRunEvents = [
  ['1', 'run.started'],
  ['2', 'step.started'],
  ['3', 'step.completed'],
  ['4', 'step.started'],
  ['5', 'step.completed'],
  ['6', 'run.completed'],
];
