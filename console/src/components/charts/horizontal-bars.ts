import { svg } from '../../app/dom.ts';
import { chartFigure, chartSvg } from './chart-figure.ts';
import { labelOf, textWidth, type ChartData } from './chart-types.ts';
import { linearScale, niceTicks, stackedMax, truncate } from './scale.ts';

const rowHeight = 38;
const top = 4;
const axisSpace = 24;

/**
 * A bar per category (an agent, a model, a safety layer), its series stacked from the left, the label
 * above the bar (long model ids fit narrow screens) and the total after it.
 */
export function horizontalBars(data: ChartData): HTMLElement {
  return chartFigure(data, drawRows);
}

function drawRows(data: ChartData): SVGSVGElement {
  const width = data.width ?? 640;
  const totals = data.categories.map((_, index) => data.series.reduce((sum, series) => sum + (series.values[index] ?? 0), 0));
  const valueSpace = Math.ceil(textWidth(Math.max(...totals.map((total) => data.format(total).length)))) + 12;
  const left = 4;
  const right = width - valueSpace;
  const ticks = niceTicks(stackedMax(data.series.map((series) => series.values)), Math.max(2, Math.min(5, Math.floor((right - left) / 70))), { integer: data.integer ?? false });
  const x = linearScale(ticks.at(-1) ?? 1, left, right);
  const plotBottom = top + rowHeight * data.categories.length;
  const height = plotBottom + axisSpace;
  const maxChars = Math.floor((width - 8) / 6.6);

  const grid = svg('g', { className: 'value-axis' }, ticks.map((tick) => [
    svg('line', { className: 'grid-line', x1: x(tick), x2: x(tick), y1: top, y2: plotBottom }),
    svg('text', { className: 'tick-label', x: x(tick), y: plotBottom + 16, 'text-anchor': tick === 0 ? 'start' : 'middle' }, data.format(tick)),
  ]));

  const rows = data.categories.map((category, index) => {
    const y = top + rowHeight * index;
    let base = 0;
    const segments = data.series.map((series) => {
      const value = series.values[index] ?? 0;
      if (value <= 0) return null;
      const start = x(base);
      base += value;
      return svg('rect', { className: `bar series-${series.tone}`, x: start, y: y + 18, width: Math.max(0.5, x(base) - start), height: 14 });
    });
    const label = labelOf(data, category);
    const total = totals[index] ?? 0;
    const tooltip = `${label}: ${data.series.map((series) => `${series.name} ${data.format(series.values[index] ?? 0)}`).join(', ')}`;
    return svg(
      'g',
      null,
      svg('title', null, tooltip),
      svg('text', { className: 'row-label', x: left, y: y + 13 }, truncate(label, maxChars)),
      svg('line', { className: 'axis', x1: left, x2: left, y1: y + 16, y2: y + 34 }),
      segments,
      svg('text', { className: 'value-label', x: x(total) + 6, y: y + 29 }, data.format(total)),
    );
  });

  return chartSvg(data, width, height, grid, svg('g', { className: 'bars' }, rows));
}
