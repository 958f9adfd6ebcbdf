import type { Run } from '../app/api-types.ts';
import { h } from '../app/dom.ts';
import { formatMs, formatTime } from '../app/format.ts';
import { routeLink } from '../app/router.ts';
import { jsonView } from './json-view.ts';
import { runStatusBadge } from './run-status.ts';
import { traceFacts, traceTables } from './run-trace.ts';

export type RunStep = Run['steps'][number];

export interface RunSteps {
  element: HTMLElement;
  update(steps: readonly RunStep[]): void;
}

/**
 * A playbook run's steps, in order: each with its agent, why it runs, the task it was given, state, model,
 * attempts, timing, cost, routing, each model call and safety verdict, the step's own run and its output.
 * Updating redraws only the steps that changed, so an input or output a reader opened stays open and focus
 * stays where it was.
 */
export function runSteps(): RunSteps {
  const list = h('ol', { className: 'steps run-steps' });
  const drawn = new Map<number, { signature: string; item: HTMLLIElement }>();
  return {
    element: list,
    update(steps) {
      for (const step of steps) {
        const signature = JSON.stringify([step.status, step.attempts, step.model, step.startedAt, step.completedAt, step.error, step.input, step.usage, step.modelAttempts, step.safety, step.routing]);
        const previous = drawn.get(step.stepIndex);
        if (previous?.signature === signature) continue;
        const item = stepItem(step, steps.length, {
          input: previous?.item.querySelector<HTMLDetailsElement>('.run-step-input')?.open ?? false,
          output: previous?.item.querySelector<HTMLDetailsElement>('.run-step-output')?.open ?? false,
        });
        if (previous) previous.item.replaceWith(item);
        else list.append(item);
        drawn.set(step.stepIndex, { signature, item });
      }
    },
  };
}

function stepItem(step: RunStep, count: number, open: { input: boolean; output: boolean }): HTMLLIElement {
  const what = `step ${step.stepIndex + 1}`;
  return h(
    'li',
    { className: `run-step run-step-${step.status}`, 'data-step': step.stepIndex },
    h(
      'div',
      { className: 'step-head' },
      h('h3', null, `Step ${step.stepIndex + 1} of ${count}: `, h('code', null, step.agentName)),
      h('span', { className: 'row' }, step.optional ? h('span', { className: 'badge' }, 'optional') : null, runStatusBadge(step.status)),
    ),
    h('p', { className: 'muted run-step-reason' }, step.reason),
    step.input
      ? h('details', { className: 'run-step-input', open: open.input }, h('summary', null, `Input of ${what}`), h('pre', { className: 'run-step-prompt' }, step.input.prompt))
      : null,
    h(
      'dl',
      { className: 'facts' },
      h('dt', null, 'Model'),
      h('dd', null, step.model ? h('code', null, step.model) : '—'),
      h('dt', null, 'Attempts'),
      h('dd', null, String(step.attempts)),
      h('dt', null, 'Time'),
      h('dd', null, formatMs(step.durationMs)),
      h('dt', null, 'Started'),
      h('dd', null, formatTime(step.startedAt)),
      h('dt', null, 'Completed'),
      h('dd', null, formatTime(step.completedAt)),
      traceFacts(step),
      step.agentRunId ? [h('dt', null, 'Step run'), h('dd', null, h('a', { href: routeLink(`/runs/${step.agentRunId}`) }, step.agentRunId))] : null,
    ),
    step.error ? h('div', { className: 'notice notice-error' }, h('p', null, step.error.message), h('p', { className: 'notice-detail' }, step.error.code)) : null,
    traceTables(step, what),
    step.result
      ? h('details', { className: 'run-step-output', open: open.output }, h('summary', null, `Output of ${what}`), jsonView(step.result, `Output of ${what}, ${step.agentName}`))
      : null,
  );
}
