import { svg } from '../../app/dom.ts';
import { chartFigure, chartSvg } from './chart-figure.ts';
import { labelOf, textWidth, type ChartData } from './chart-types.ts';
import { labelStride, stackedMax } from './scale.ts';
import { drawCategoryLabels, drawValueAxis, valueAxis, type Plot } from './value-axis.ts';

const height = 220;

/** Vertical bars, one per category (a day), its series stacked in legend order from the baseline up. */
export function barChart(data: ChartData): HTMLElement {
  return chartFigure(data, drawBars);
}

function drawBars(data: ChartData): SVGSVGElement {
  const width = data.width ?? 640;
  const max = stackedMax(data.series.map((series) => series.values));
  const axis = valueAxis(max, data.format, data.integer ?? false, 10, height - 28);
  const plot: Plot = { left: axis.labelWidth, top: 10, right: width - 8, bottom: height - 28 };
  const count = data.categories.length;
  const band = (plot.right - plot.left) / count;
  const barWidth = Math.max(1, band * 0.7);
  const center = (index: number): number => plot.left + band * (index + 0.5);
  const labels = data.categories.map((category) => labelOf(data, category));
  const stride = labelStride(count, plot.right - plot.left, textWidth(Math.max(...labels.map((label) => label.length))) + 12);

  const bars = data.categories.map((category, index) => {
    let base = 0;
    const segments = data.series.map((series) => {
      const value = series.values[index] ?? 0;
      if (value <= 0) return null;
      const top = axis.y(base + value);
      const bottom = axis.y(base);
      base += value;
      return svg('rect', { className: `bar series-${series.tone}`, x: center(index) - barWidth / 2, y: top, width: barWidth, height: Math.max(0.5, bottom - top) });
    });
    const tooltip = `${labelOf(data, category)}: ${data.series.map((series) => `${series.name} ${format(data, series.values[index])}`).join(', ')}`;
    return svg('g', null, svg('title', null, tooltip), segments);
  });

  return chartSvg(data, width, height, drawValueAxis(axis, plot, data.format), svg('g', { className: 'bars' }, bars), drawCategoryLabels(labels, center, height - 8, stride));
}

function format(data: ChartData, value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : data.format(value);
}
