import { h, svg } from '../../app/dom.ts';
import { emptyState } from '../notice.ts';
import { chartTable } from './chart-table.ts';
import { hasData, type ChartData } from './chart-types.ts';
import { chartLegend } from './legend.ts';

/** The drawing's root: scales to its container, and reads as one image described by the summary. */
export function chartSvg(data: ChartData, width: number, height: number, ...children: SVGElement[]): SVGSVGElement {
  return svg('svg', { className: 'chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': data.summary, preserveAspectRatio: 'xMinYMin meet' }, ...children);
}

/**
 * A chart as the console shows every chart: its title, the drawing, a legend, and the data table below it;
 * or, when there is nothing to draw, the title and an empty state.
 */
export function chartFigure(data: ChartData, draw: (data: ChartData) => SVGSVGElement): HTMLElement {
  if (!hasData(data)) {
    return h('figure', { className: 'chart-figure' }, h('figcaption', null, data.title), emptyState(data.emptyText));
  }
  return h('figure', { className: 'chart-figure' }, h('figcaption', null, data.title), draw(data), chartLegend(data.series), chartTable(data));
}
