import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';
import type { PlaybookStep } from './playbook-definition.ts';
import { renderTemplate } from './playbook-templates.ts';

/** What one step's output may add to a later prompt: later steps stay within the models' context. */
const maxOutputCharacters = 12_000;

/** A finished step's output as later prompts see it: the agent's JSON without the model that produced it. */
export function stepOutputText(result: string): string {
  const parsed = JSON.parse(result) as Record<string, unknown>;
  const { model: _model, ...output } = parsed;
  const text = JSON.stringify(output, null, 2);
  return text.length > maxOutputCharacters ? `${text.slice(0, maxOutputCharacters)}\n… (truncated)` : text;
}

/** The task a step's agent gets: its template filled with the run's inputs and earlier steps' outputs (0-based). */
export function stepPrompt(step: PlaybookStep, run: Pick<PlaybookRunRecord, 'inputs' | 'steps'>): string {
  const stepOutputs = run.steps.map((earlier) => (earlier.status === 'done' && earlier.result ? stepOutputText(earlier.result) : undefined));
  return renderTemplate(step.prompt, { inputs: run.inputs, stepOutputs });
}
