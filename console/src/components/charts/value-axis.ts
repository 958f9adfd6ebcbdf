import { svg } from '../../app/dom.ts';
import { textWidth } from './chart-types.ts';
import { linearScale, niceTicks } from './scale.ts';

export interface Plot {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A vertical value axis: its ticks, the scale onto the plot's height, and the space its labels need. */
export interface ValueAxis {
  ticks: number[];
  y: (value: number) => number;
  labelWidth: number;
}

export function valueAxis(max: number, format: (value: number) => string, integer: boolean, top: number, bottom: number): ValueAxis {
  const ticks = niceTicks(max, 4, { integer });
  const y = linearScale(ticks.at(-1) ?? 1, bottom, top);
  const labelWidth = Math.ceil(textWidth(Math.max(...ticks.map((tick) => format(tick).length)))) + 10;
  return { ticks, y, labelWidth };
}

/** Horizontal grid lines at the ticks, their labels on the left, and the baseline. */
export function drawValueAxis(axis: ValueAxis, plot: Plot, format: (value: number) => string): SVGGElement {
  return svg(
    'g',
    { className: 'value-axis' },
    axis.ticks.map((tick) => [
      svg('line', { className: 'grid-line', x1: plot.left, x2: plot.right, y1: axis.y(tick), y2: axis.y(tick) }),
      svg('text', { className: 'tick-label', x: plot.left - 6, y: axis.y(tick), 'text-anchor': 'end', 'dominant-baseline': 'middle' }, format(tick)),
    ]),
    svg('line', { className: 'axis', x1: plot.left, x2: plot.right, y1: plot.bottom, y2: plot.bottom }),
  );
}

/** Category labels under the plot, centred on their bands, every `stride`-th one. */
export function drawCategoryLabels(labels: readonly string[], center: (index: number) => number, y: number, stride: number): SVGGElement {
  return svg(
    'g',
    { className: 'category-axis' },
    labels.map((label, index) => (index % stride === 0 ? [
      svg('line', { className: 'axis', x1: center(index), x2: center(index), y1: y - 14, y2: y - 10 }),
      svg('text', { className: 'tick-label', x: center(index), y, 'text-anchor': 'middle' }, label),
    ] : null)),
  );
}
