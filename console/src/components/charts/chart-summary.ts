import { labelOf, type ChartData } from './chart-types.ts';

/**
 * A chart's series in words, for its text alternative: per series its total (when totals mean something:
 * counts and money, not latency) and its highest value with where it is.
 */
export function describeSeries(data: Pick<ChartData, 'categories' | 'categoryLabel' | 'series' | 'format'>, options: { total: boolean }): string {
  return data.series
    .map((series) => {
      let best = -1;
      let total = 0;
      series.values.forEach((value, index) => {
        if (value === null) return;
        total += value;
        if (best === -1 || value > (series.values[best] ?? 0)) best = index;
      });
      const peak = series.values[best];
      if (best === -1 || peak === null || peak === undefined || peak === 0) return `${series.name}: none.`;
      const where = labelOf(data as ChartData, data.categories[best] ?? '');
      return `${series.name}: ${options.total ? `${data.format(total)} in all, ` : ''}highest ${data.format(peak)} (${where}).`;
    })
    .join(' ');
}
