import type { Run } from '../app/api-types.ts';
import { h } from '../app/dom.ts';
import { formatMs, formatTime, formatUsd } from '../app/format.ts';
import { routeLink } from '../app/router.ts';
import { dataTable } from './data-table.ts';
import { runStatusBadge, runSubject, stepsSummary } from './run-status.ts';

/** Runs as a table: what ran (linked to the run's page), state, kind, steps or model, duration, cost and creation time. */
export function runTable(caption: string, runs: readonly Run[]): HTMLElement {
  return dataTable(caption, [
    { header: 'Run', cell: (run) => [h('a', { href: routeLink(`/runs/${run.id}`), 'data-run': run.id }, runSubject(run)), h('div', { className: 'run-id muted' }, h('code', null, run.id))] },
    { header: 'Status', cell: (run) => runStatusBadge(run.status) },
    { header: 'Kind', cell: (run) => run.kind },
    { header: 'Steps', cell: (run) => (run.stepCount > 0 ? [`${run.progress}%`, h('div', { className: 'muted' }, stepsSummary(run))] : '—') },
    { header: 'Model', cell: (run) => (run.model ? h('code', null, run.model) : '—') },
    { header: 'Duration', cell: (run) => formatMs(run.durationMs), numeric: true },
    { header: 'Cost', cell: (run) => formatUsd(run.usage?.costUsd), numeric: true },
    { header: 'Created', cell: (run) => formatTime(run.createdAt) },
  ], runs);
}
