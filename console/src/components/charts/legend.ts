import { h } from '../../app/dom.ts';
import type { ChartSeries } from './chart-types.ts';

/** The series' names next to their colours; the colour is never the only way to tell them apart (the table). */
export function chartLegend(series: readonly Pick<ChartSeries, 'name' | 'tone'>[]): HTMLElement {
  return h('ul', { className: 'legend' }, series.map((entry) => h('li', null, h('span', { className: `swatch series-${entry.tone}`, 'aria-hidden': 'true' }), entry.name)));
}
