// The analytics report on the usage page: totals, the per-day charts, a breakdown and the safety layers.
import type { GetAnalyticsResponses } from '../../../packages/client/src/generated/types.gen.ts';
import { h } from '../app/dom.ts';
import { formatCount, formatMs, formatUsd } from '../app/format.ts';
import { barChart } from '../components/charts/bar-chart.ts';
import { describeSeries } from '../components/charts/chart-summary.ts';
import type { ChartData, ChartSeries } from '../components/charts/chart-types.ts';
import { horizontalBars } from '../components/charts/horizontal-bars.ts';
import { lineChart } from '../components/charts/line-chart.ts';
import { formatLongDay, formatShortDay } from '../components/day-range.ts';

export type AnalyticsReport = GetAnalyticsResponses[200]['data'];
type Figures = AnalyticsReport['totals'];
type Row = AnalyticsReport['series'][number];
export type Grouping = 'agent' | 'model' | 'provider';

export const groupings: readonly { value: Grouping; label: string; header: string; plural: string }[] = [
  { value: 'agent', label: 'Agent', header: 'Agent', plural: 'agents' },
  { value: 'model', label: 'Model', header: 'Model', plural: 'models' },
  { value: 'provider', label: 'Provider', header: 'Provider', plural: 'providers' },
];

const count = (value: number): string => formatCount(value);
const latency = (value: number): string => formatMs(value);
/** Dollars without trailing zeros ($0.0006, not $0.000600): axis ticks read at a glance. */
const money = (value: number): string => formatUsd(value).replace(/(\.\d*?[1-9])0+$/, '$1').replace(/\.0+$/, '');

/** Requests by outcome, stacked: the colours of the run pages (green done, red failed, amber blocked). */
function outcomeSeries(rows: readonly Row[]): ChartSeries[] {
  return [
    { name: 'Succeeded', tone: 3, values: rows.map((row) => row.succeeded) },
    { name: 'Failed', tone: 2, values: rows.map((row) => row.failed) },
    { name: 'Blocked', tone: 4, values: rows.map((row) => row.blocked) },
  ];
}

function withSummary(data: Omit<ChartData, 'summary'>, lead: string, total: boolean): ChartData {
  return { ...data, summary: `${lead} ${describeSeries(data, { total })}` };
}

export function totalsView(totals: Figures): HTMLElement {
  const figure = (label: string, value: string): HTMLElement[] => [h('dt', null, label), h('dd', null, value)];
  return h(
    'dl',
    { className: 'figures' },
    h('div', null, figure('Requests', count(totals.requests))),
    h('div', null, figure('Succeeded', count(totals.succeeded))),
    h('div', null, figure('Failed', count(totals.failed))),
    h('div', null, figure('Blocked', count(totals.blocked))),
    h('div', null, figure('Cost', formatUsd(totals.costUsd))),
    h('div', null, figure('Tokens in / out', `${count(totals.inputTokens)} / ${count(totals.outputTokens)}`)),
    h('div', null, figure('Latency p50', formatMs(totals.latencyMsP50))),
    h('div', null, figure('Latency p95', formatMs(totals.latencyMsP95))),
  );
}

/** Requests, cost and latency per day: every day of the range, zeros included. */
export function dailyCharts(report: AnalyticsReport, width: number): HTMLElement {
  const rows = report.series;
  const days = rows.map((row) => row.key ?? '');
  const range = `from ${formatLongDay(report.from)} to ${formatLongDay(report.to)}.`;
  const common = { categoryHeader: 'Day', categories: days, categoryLabel: formatShortDay, width };
  return h(
    'div',
    { className: 'chart-grid' },
    barChart(withSummary({ ...common, title: 'Requests per day', series: outcomeSeries(rows), format: count, integer: true, emptyText: 'No requests in this range.' }, `Requests per day by outcome, ${range}`, true)),
    barChart(withSummary({ ...common, title: 'Cost per day', series: [{ name: 'Cost (USD)', tone: 1, values: rows.map((row) => row.costUsd) }], format: money, emptyText: 'No cost in this range: the runs used free models or the sandbox.' }, `Cost per day in US dollars, ${range}`, true)),
    lineChart(withSummary({
      ...common,
      title: 'Latency per day',
      series: [
        { name: 'p50', tone: 1, values: rows.map((row) => row.latencyMsP50) },
        { name: 'p95', tone: 5, values: rows.map((row) => row.latencyMsP95) },
      ],
      format: latency,
      emptyText: 'No latency to show in this range.',
    }, `Median (p50) and 95th percentile (p95) run latency per day, ${range}`, false)),
  );
}

/** Requests and cost per agent, model or provider, most requests first. */
export function breakdownCharts(report: AnalyticsReport, grouping: Grouping, width: number): HTMLElement {
  const meta = groupings.find((entry) => entry.value === grouping) ?? groupings[0];
  const header = meta?.header ?? 'Agent';
  const plural = meta?.plural ?? 'agents';
  const rows = report.series;
  const unnamed = grouping === 'agent' ? '(no agent)' : '(no model answered)';
  const common = { categoryHeader: header, categories: rows.map((row) => row.key ?? unnamed), width };
  return h(
    'div',
    { className: 'chart-grid' },
    horizontalBars(withSummary({ ...common, title: `Requests by ${header.toLowerCase()}`, series: outcomeSeries(rows), format: count, integer: true, emptyText: `No requests by any of the ${plural} in this range.` }, `Requests by ${header.toLowerCase()} and outcome, ${rows.length} ${plural}.`, true)),
    horizontalBars(withSummary({ ...common, title: `Cost by ${header.toLowerCase()}`, series: [{ name: 'Cost (USD)', tone: 1, values: rows.map((row) => row.costUsd) }], format: money, emptyText: `No cost by any of the ${plural} in this range.` }, `Cost in US dollars by ${header.toLowerCase()}, ${rows.length} ${plural}.`, true)),
  );
}

function perLayer(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return entries.length === 0 ? 'none' : entries.map(([layer, times]) => `${layer}: ${formatCount(times)}`).join(', ');
}

/** Verdicts `block` and `flag` per safety layer over the range, in words then as bars. */
export function safetyView(totals: Figures, width: number): HTMLElement {
  return h(
    'div',
    { className: 'chart-grid' },
    h('dl', { className: 'facts safety-figures' }, h('dt', null, 'Blocked by layer'), h('dd', { 'data-figure': 'blocked' }, perLayer(totals.safety.blocked)), h('dt', null, 'Flagged by layer'), h('dd', { 'data-figure': 'flagged' }, perLayer(totals.safety.flagged))),
    safetyChart(totals, width),
  );
}

function safetyChart(totals: Figures, width: number): HTMLElement {
  const layers = [...new Set([...Object.keys(totals.safety.blocked), ...Object.keys(totals.safety.flagged)])].sort(
    (a, b) => (totals.safety.blocked[b] ?? 0) - (totals.safety.blocked[a] ?? 0) || (totals.safety.flagged[b] ?? 0) - (totals.safety.flagged[a] ?? 0) || a.localeCompare(b),
  );
  return horizontalBars(withSummary({
    title: 'Blocked and flagged by safety layer',
    categoryHeader: 'Layer',
    categories: layers,
    series: [
      { name: 'Blocked', tone: 2, values: layers.map((layer) => totals.safety.blocked[layer] ?? 0) },
      { name: 'Flagged', tone: 4, values: layers.map((layer) => totals.safety.flagged[layer] ?? 0) },
    ],
    format: count,
    integer: true,
    width,
    emptyText: 'No safety layer blocked or flagged a request in this range.',
  }, `Safety verdicts per layer, ${layers.length} layers.`, true));
}
