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

/**
 * The task each step of a playbook run was given, for the run's page: the prompt of every step that ran (or
 * runs now), null for one that has not started or never ran, and for every step when the playbook left the
 * catalog. A background agent run's input is its request body (the run's `inputs`): no prompt here.
 */
export function startedStepPrompts(playbooks: { find(id: string): { steps: readonly PlaybookStep[] } | undefined }, run: PlaybookRunRecord): (string | null)[] {
  const definition = run.kind === 'playbook' ? playbooks.find(run.playbookId) : undefined;
  return run.steps.map((step) => {
    const stepDefinition = definition?.steps[step.stepIndex];
    const ran = step.status === 'running' || step.status === 'done' || step.status === 'failed';
    return stepDefinition && ran ? stepPrompt(stepDefinition, run) : null;
  });
}
