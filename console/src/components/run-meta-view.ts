import type { AgentRunMeta } from '../app/api-types.ts';
import { h } from '../app/dom.ts';
import { formatCount, formatMs, formatUsd } from '../app/format.ts';
import { routeLink } from '../app/router.ts';
import { dataTable } from './data-table.ts';
import { safetyView } from './safety-view.ts';

/** One model call of a failover chain, as an answer's `meta.attempts` and a run's `modelAttempts` give it. */
export interface ModelAttempt {
  model: string;
  outcome: string;
  status?: number;
  error?: string;
  repair?: boolean;
  problems?: readonly string[];
  unmet?: readonly string[];
  repaired?: readonly string[];
  ms: number;
}

/** Each model call in order: model, outcome, why it failed or was repaired, and time. */
export function modelAttemptsTable(attempts: readonly ModelAttempt[], caption = 'Attempts'): HTMLElement {
  return dataTable(caption, [
    { header: 'Model', cell: (attempt) => h('code', null, attempt.model) },
    { header: 'Outcome', cell: (attempt) => h('span', { className: `badge ${attempt.outcome === 'ok' ? 'ok' : 'danger'}` }, attempt.outcome, attempt.repair ? ' (repair)' : '') },
    { header: 'Detail', cell: (attempt) => [attempt.error, attempt.status ? ` HTTP ${attempt.status}` : null, ...(attempt.problems ?? []).map((problem) => h('div', null, problem)), ...(attempt.unmet ?? []).map((unmet) => h('div', null, `unmet: ${unmet}`)), ...(attempt.repaired ?? []).map((fix) => h('div', null, `repaired: ${fix}`))] },
    { header: 'Time', cell: (attempt) => formatMs(attempt.ms), numeric: true },
  ], attempts);
}

/** Tokens and cost of a run's model calls, as the terms and descriptions of a `.facts` list. */
export function usageFacts(usage: AgentRunMeta['usage']): HTMLElement[] {
  return [
    h('dt', null, 'Tokens'),
    h('dd', null, `${formatCount(usage.inputTokens)} in, ${formatCount(usage.outputTokens)} out`),
    h('dt', null, 'Cost'),
    h('dd', null, formatUsd(usage.costUsd)),
  ];
}

/** Why the router chose the chain: task category, policy and its reason. */
export function routingText(routing: Pick<AgentRunMeta['routing'], 'category' | 'policy' | 'reason'>): string {
  return `${routing.category}, ${routing.policy} policy: ${routing.reason}`;
}

/** What a run's answer came with: the model, every attempt, why the router chose it, cost, time and safety. */
export function runMetaView(meta: AgentRunMeta, responseTimeMs?: number): HTMLElement {
  return h(
    'section',
    { className: 'run-meta stack', 'aria-label': 'How this answer was made' },
    h(
      'dl',
      { className: 'facts' },
      h('dt', null, 'Model'),
      h('dd', null, h('code', null, meta.model), ' ', h('span', { className: 'badge info' }, meta.provider)),
      h('dt', null, 'Run'),
      h('dd', null, h('a', { href: routeLink(`/runs/${meta.runId}`) }, meta.runId)),
      responseTimeMs === undefined ? null : [h('dt', null, 'Time'), h('dd', null, formatMs(responseTimeMs))],
      usageFacts(meta.usage),
      h('dt', null, 'Routing'),
      h('dd', null, routingText(meta.routing)),
      h('dt', null, 'Chain'),
      h('dd', null, meta.routing.chain.join(' → ')),
      meta.routing.skipped?.length ? [h('dt', null, 'Skipped'), h('dd', null, meta.routing.skipped.map((skip) => `${skip.model} (${skip.reason})`).join(', '))] : null,
    ),
    modelAttemptsTable(meta.attempts),
    safetyView(meta.safety),
  );
}
