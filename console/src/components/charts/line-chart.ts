import { svg } from '../../app/dom.ts';
import { chartFigure, chartSvg } from './chart-figure.ts';
import { labelOf, textWidth, type ChartData } from './chart-types.ts';
import { labelStride, valueMax } from './scale.ts';
import { drawCategoryLabels, drawValueAxis, valueAxis, type Plot } from './value-axis.ts';

const height = 220;

/** One line per series across the categories, a dot at each value; a missing value breaks the line. */
export function lineChart(data: ChartData): HTMLElement {
  return chartFigure(data, drawLines);
}

function drawLines(data: ChartData): SVGSVGElement {
  const width = data.width ?? 640;
  const axis = valueAxis(valueMax(data.series.map((series) => series.values)), data.format, data.integer ?? false, 10, height - 28);
  const plot: Plot = { left: axis.labelWidth, top: 10, right: width - 8, bottom: height - 28 };
  const count = data.categories.length;
  const band = (plot.right - plot.left) / count;
  const x = (index: number): number => plot.left + band * (index + 0.5);
  const labels = data.categories.map((category) => labelOf(data, category));
  const stride = labelStride(count, plot.right - plot.left, textWidth(Math.max(...labels.map((label) => label.length))) + 12);

  const lines = data.series.map((series) => {
    let path = '';
    let drawing = false;
    const dots: SVGElement[] = [];
    series.values.forEach((value, index) => {
      if (value === null) {
        drawing = false;
        return;
      }
      path += `${drawing ? 'L' : 'M'}${x(index).toFixed(1)} ${axis.y(value).toFixed(1)} `;
      drawing = true;
      dots.push(svg('circle', { className: `dot series-${series.tone}`, cx: x(index), cy: axis.y(value), r: 3 }, svg('title', null, `${series.name}, ${labelOf(data, data.categories[index] ?? '')}: ${data.format(value)}`)));
    });
    return svg('g', null, path ? svg('path', { className: `line series-${series.tone}`, d: path.trim() }) : null, dots);
  });

  return chartSvg(data, width, height, drawValueAxis(axis, plot, data.format), svg('g', { className: 'lines' }, lines), drawCategoryLabels(labels, x, height - 8, stride));
}
