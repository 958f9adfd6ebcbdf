import type { SafetyReport } from '../app/api-types.ts';
import { h } from '../app/dom.ts';
import { dataTable } from './data-table.ts';

/** One safety layer's report, as an answer's `meta.safety.layers` and a run's `safety` give it. */
export interface SafetyLayer {
  layer: string;
  stage: string;
  verdict: string;
  score: number;
  categories: readonly string[];
  reviewer?: string;
  ms: number;
}

const verdictTone: Record<string, string> = { pass: 'ok', flag: 'warn', redact: 'warn', block: 'danger' };

/** A verdict (pass, flag, redact or block) as a badge of its tone. */
export function verdictBadge(verdict: string): HTMLElement {
  return h('span', { className: `badge ${verdictTone[verdict] ?? 'info'}` }, verdict);
}

/** Every safety layer that ran, in pipeline order: stage, verdict, score, categories and time. */
export function safetyLayersTable(layers: readonly SafetyLayer[], caption = 'Safety layers'): HTMLElement {
  return dataTable(caption, [
    { header: 'Layer', cell: (layer) => layer.layer },
    { header: 'Stage', cell: (layer) => layer.stage },
    { header: 'Verdict', cell: (layer) => verdictBadge(layer.verdict) },
    { header: 'Score', cell: (layer) => layer.score.toFixed(3), numeric: true },
    { header: 'Categories', cell: (layer) => [layer.categories.join(', ') || '—', layer.reviewer ? ` (${layer.reviewer})` : null] },
    { header: 'Time', cell: (layer) => `${layer.ms.toFixed(1)} ms`, numeric: true },
  ], layers);
}

/** An answer's safety report: whether it passed, and every layer that ran. */
export function safetyView(report: SafetyReport, caption = 'Safety layers'): HTMLElement {
  return h(
    'div',
    { className: 'safety-view' },
    h('p', null, report.passed ? h('span', { className: 'badge ok' }, 'passed') : h('span', { className: 'badge danger' }, 'did not pass'), report.regenerated ? ` · regenerated (${report.regenerated})` : null),
    safetyLayersTable(report.layers, caption),
  );
}
