import type { SafetyReport } from '../app/api-types.ts';
import { h } from '../app/dom.ts';
import { dataTable } from './data-table.ts';

const verdictTone: Record<SafetyReport['layers'][number]['verdict'], string> = { pass: 'ok', flag: 'warn', redact: 'warn', block: 'danger' };

export function verdictBadge(verdict: SafetyReport['layers'][number]['verdict']): HTMLElement {
  return h('span', { className: `badge ${verdictTone[verdict]}` }, verdict);
}

/** Every safety layer that ran, in pipeline order: stage, verdict, score, categories and time. */
export function safetyView(report: SafetyReport, caption = 'Safety layers'): HTMLElement {
  return h(
    'div',
    { className: 'safety-view' },
    h('p', null, report.passed ? h('span', { className: 'badge ok' }, 'passed') : h('span', { className: 'badge danger' }, 'did not pass'), report.regenerated ? ` · regenerated (${report.regenerated})` : null),
    dataTable(caption, [
      { header: 'Layer', cell: (layer) => layer.layer },
      { header: 'Stage', cell: (layer) => layer.stage },
      { header: 'Verdict', cell: (layer) => verdictBadge(layer.verdict) },
      { header: 'Score', cell: (layer) => layer.score.toFixed(3), numeric: true },
      { header: 'Categories', cell: (layer) => [layer.categories.join(', ') || '—', layer.reviewer ? ` (${layer.reviewer})` : null] },
      { header: 'Time', cell: (layer) => `${layer.ms.toFixed(1)} ms`, numeric: true },
    ], report.layers),
  );
}
