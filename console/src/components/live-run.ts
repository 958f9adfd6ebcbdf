import { followRunEvents } from '../../../packages/client/src/follow-run.ts';
import { AgentApiError } from '../../../packages/client/src/agent-api-error.ts';
import { ApiError, authHeaders } from '../app/api.ts';
import type { Run, RunEvent } from '../app/api-types.ts';

/**
 * A run's events as they happen (GET /api/runs/{id}/events, with the API key in the Authorization header,
 * which EventSource cannot send), from `afterEventId` on, until the run ends or `signal` is aborted.
 * Resolves when the run's last event was seen; rejects with an ApiError when the stream was refused or lost.
 */
export async function followRun(runId: string, signal: AbortSignal, onEvent: (event: RunEvent) => void, afterEventId?: string): Promise<void> {
  try {
    const events = followRunEvents((input, init) => fetch(input, { ...init, credentials: 'omit', cache: 'no-store' }), { baseUrl: location.origin, headers: () => authHeaders('key') }, runId, {
      signal,
      ...(afterEventId === undefined ? {} : { lastEventId: afterEventId }),
    });
    for await (const event of events) onEvent(event);
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof AgentApiError) {
      throw new ApiError(error.status, error.body?.code ?? `http_${error.status}`, error.body?.error ?? error.message, error.body?.requestId, error.body);
    }
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, 'stream_lost', `The run's event stream was lost: ${error instanceof Error ? error.message : String(error)}`, undefined, undefined);
  }
}

/**
 * What changed between two readings of a run, in sentences for screen readers: steps that finished and the
 * run's end. Read from the run's state rather than from events, so events sent again (a stream opened from
 * the start, a resumed run's earlier end) are never announced twice.
 */
export function changeSentences(before: Run, after: Run): string[] {
  const sentences: string[] = [];
  for (const step of after.steps) {
    const earlier = before.steps.find((candidate) => candidate.stepIndex === step.stepIndex);
    if (earlier?.status === step.status) continue;
    const name = `Step ${step.stepIndex + 1} of ${after.stepCount}, ${step.agentName}`;
    if (step.status === 'done') sentences.push(`${name}, is done.`);
    else if (step.status === 'failed') sentences.push(`${name}, failed${step.optional ? ' (optional step)' : ''}: ${step.error?.message ?? 'no reason given'}.`);
  }
  if (before.status !== after.status) {
    if (after.status === 'done') sentences.push('The run is done.');
    else if (after.status === 'failed') sentences.push(`The run failed: ${after.error?.message ?? 'no reason given'}.`);
    else if (after.status === 'canceled') sentences.push('The run was canceled.');
    else if (before.done) sentences.push('The run was resumed.');
  }
  return sentences;
}

export interface WatchOptions {
  /** Each event, as it arrives. */
  onEvent(event: RunEvent): void;
  /** Reads the run again; the watch ends once it is done. */
  refresh(): Promise<Run | undefined>;
  /** The stream was refused or lost: the watch goes on by polling. */
  onLost(error: unknown): void;
  pollMs?: number;
}

/**
 * Follows a run until it has ended: its event stream, opened again from the last event seen when the stream
 * ended on an earlier end (a resumed run streams its old end first); polling when the stream is refused
 * (too many streams open, say) or lost.
 */
export async function watchRun(runId: string, signal: AbortSignal, options: WatchOptions): Promise<void> {
  let lastEventId: string | undefined;
  for (;;) {
    try {
      await followRun(runId, signal, (event) => {
        lastEventId = event.id || lastEventId;
        options.onEvent(event);
      }, lastEventId);
    } catch (error) {
      if (signal.aborted) return;
      options.onLost(error);
      await pollUntilDone(signal, options);
      return;
    }
    if (signal.aborted) return;
    const run = await options.refresh();
    if (!run || run.done || signal.aborted) return;
  }
}

async function pollUntilDone(signal: AbortSignal, options: WatchOptions): Promise<void> {
  while (!signal.aborted) {
    await pause(options.pollMs ?? 3000, signal);
    if (signal.aborted) return;
    const run = await options.refresh();
    if (run?.done) return;
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
