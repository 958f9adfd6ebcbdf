import type { Run } from '../app/api-types.ts';
import { h } from '../app/dom.ts';
import { formatMs, formatTime } from '../app/format.ts';
import { routeLink } from '../app/router.ts';
import { jsonView } from './json-view.ts';
import { stepsSummary } from './run-status.ts';
import { traceFacts } from './run-trace.ts';

/** A run's key facts: what ran, where it belongs, when, how long, what it cost, why its model, and what failed it. */
export function runFacts(run: Run): HTMLElement {
  return h(
    'dl',
    { className: 'facts run-facts' },
    h('dt', null, 'Run'),
    h('dd', null, h('code', null, run.id)),
    h('dt', null, 'Kind'),
    h('dd', null, run.kind),
    run.kind === 'playbook' && run.playbookId
      ? [h('dt', null, 'Playbook'), h('dd', null, h('a', { href: routeLink(`/playbooks/${run.playbookId}`) }, run.playbookName ?? run.playbookId))]
      : [h('dt', null, 'Agent'), h('dd', null, run.agent ? h('a', { href: routeLink(`/agents/${run.agent}`) }, run.agent) : '—')],
    run.parentRunId ? [h('dt', null, 'Step of'), h('dd', null, h('a', { href: routeLink(`/runs/${run.parentRunId}`) }, run.parentRunId))] : null,
    run.model ? [h('dt', null, 'Model'), h('dd', null, h('code', null, run.model))] : null,
    run.stepCount > 0 ? [h('dt', null, 'Steps'), h('dd', null, stepsSummary(run))] : null,
    h('dt', null, 'Created'),
    h('dd', null, formatTime(run.createdAt)),
    h('dt', null, 'Started'),
    h('dd', null, formatTime(run.startedAt)),
    h('dt', null, 'Completed'),
    h('dd', null, formatTime(run.completedAt)),
    h('dt', null, 'Duration'),
    h('dd', null, formatMs(run.durationMs), run.done ? null : ' so far'),
    traceFacts(run),
    run.error ? [h('dt', null, 'Error'), h('dd', null, run.error.message, ' ', h('code', null, run.error.code))] : null,
  );
}

/** What the run was given: each input by name, long or structured values as JSON. */
export function runInputs(inputs: Run['inputs']): HTMLElement {
  if (!inputs || Object.keys(inputs).length === 0) return h('p', { className: 'muted' }, 'No inputs.');
  const simple = Object.values(inputs).every((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value));
  if (!simple) return jsonView(inputs, 'Inputs');
  return h(
    'dl',
    { className: 'facts run-inputs' },
    Object.entries(inputs).map(([key, value]) => [h('dt', null, h('code', null, key)), h('dd', { className: 'run-input-value' }, value === '' || value === null ? '—' : String(value))]),
  );
}
