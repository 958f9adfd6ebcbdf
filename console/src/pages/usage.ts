// Usage: today's quota per surface, then the analytics of a range of days (kept in the URL's query).
import type { GetUsageResponses } from '../../../packages/client/src/generated/types.gen.ts';
import { callApi } from '../app/api.ts';
import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import type { PageContext } from '../app/router.ts';
import { routeLink } from '../app/router.ts';
import { dateRangeForm, type DayRange } from '../components/date-range.ts';
import { formatLongDay, isDay } from '../components/day-range.ts';
import { emptyState, errorNotice, loading } from '../components/notice.ts';
import { quotaMeter } from '../components/quota-meter.ts';
import { withApiKey } from '../components/sign-in.ts';
import { breakdownCharts, dailyCharts, groupings, safetyView, totalsView, type AnalyticsReport, type Grouping } from './usage-report.ts';

type Usage = GetUsageResponses[200]['data'];
type AnalyticsAnswer = { success: true; data: AnalyticsReport };

interface Selection {
  from?: string;
  to?: string;
  groupBy: Grouping;
}

function readSelection(query: URLSearchParams): Selection {
  const from = query.get(`from`); // backticks: the build takes the word from and a quote for an import
  const to = query.get('to');
  const groupBy = groupings.find((entry) => entry.value === query.get('groupBy'))?.value ?? 'agent';
  return { from: isDay(from) ? from : undefined, to: isDay(to) ? to : undefined, groupBy };
}

/**
 * The width the charts are drawn at: their column's in `.chart-grid` (columns of at least 26rem, 1rem
 * apart), less the figure's padding, so that their text is read at its real size.
 */
function chartWidth(root: HTMLElement): number {
  const rem = 16;
  const available = root.clientWidth || 640;
  const columns = Math.max(1, Math.floor((available + rem) / (27 * rem)));
  return Math.round(Math.max(260, Math.min(720, (available - (columns - 1) * rem) / columns - 34)));
}

export async function usagePage(root: HTMLElement, context: PageContext): Promise<void> {
  context.setTitle('Usage');
  await withApiKey(root, 'Usage', async () => {
    const quota = h('div', { className: 'grid quota-grid' }, loading('today’s usage'));
    const report = h('div', { className: 'usage-report' });
    let selection = readSelection(context.query);
    let loads: AbortController | undefined;

    const groupId = uniqueId('group-by');
    const groupSelect = h('select', { id: groupId, name: 'groupBy' }, groupings.map((entry) => h('option', { value: entry.value, selected: entry.value === selection.groupBy }, entry.label)));
    const rangeForm = dateRangeForm({
      label: 'Range of the report',
      range: { from: selection.from ?? '', to: selection.to ?? '' },
      extra: h('div', { className: 'field' }, h('label', { for: groupId }, 'Break down by'), groupSelect),
      onSubmit: (chosen: DayRange) => {
        selection = { ...chosen, groupBy: groupSelect.value as Grouping };
        // A new history entry without a hashchange: Back returns to the previous range.
        history.pushState(null, '', routeLink('/usage', { from: selection.from, to: selection.to, groupBy: selection.groupBy }));
        void loadReport();
      },
    });

    replaceChildren(
      root,
      h('h1', null, 'Usage'),
      h('section', { 'aria-labelledby': 'usage-today' }, h('h2', { id: 'usage-today' }, 'Today’s quota'), quota),
      h('section', { 'aria-labelledby': 'usage-analytics' }, h('h2', { id: 'usage-analytics' }, 'Analytics'), h('p', { className: 'hint' }, 'Runs that started in the range, by UTC day, both days included.'), rangeForm.element, report),
    );

    async function loadQuota(): Promise<void> {
      try {
        const { body } = await callApi<{ data: Usage }>('/api/usage', { signal: context.signal });
        replaceChildren(
          quota,
          quotaMeter('Agent and playbook runs', 'Requests to /api/agents, /api/playbooks and the triggers today.', body.data.api),
          quotaMeter('OpenAI-compatible API', 'Requests to /v1 today.', body.data.v1),
        );
      } catch (error) {
        if (!context.signal.aborted) replaceChildren(quota, errorNotice(error));
      }
    }

    async function loadReport(): Promise<void> {
      loads?.abort();
      const controller = new AbortController();
      loads = controller;
      const signal = AbortSignal.any([context.signal, controller.signal]);
      report.setAttribute('aria-busy', 'true');
      replaceChildren(report, loading('analytics'));
      const days = { from: selection.from, to: selection.to };
      try {
        const [daily, grouped] = await Promise.all([
          callApi<AnalyticsAnswer>('/api/analytics', { signal, query: { ...days, groupBy: 'day' } }),
          callApi<AnalyticsAnswer>('/api/analytics', { signal, query: { ...days, groupBy: selection.groupBy } }),
        ]);
        if (signal.aborted) return;
        showReport(daily.body.data, grouped.body.data);
      } catch (error) {
        if (!signal.aborted) replaceChildren(report, errorNotice(error));
      } finally {
        if (loads === controller) report.removeAttribute('aria-busy');
      }
    }

    function showReport(daily: AnalyticsReport, grouped: AnalyticsReport): void {
      rangeForm.show({ from: daily.from, to: daily.to });
      const width = chartWidth(root);
      const span = `${formatLongDay(daily.from)} to ${formatLongDay(daily.to)}`;
      const grouping = groupings.find((entry) => entry.value === selection.groupBy) ?? groupings[0];
      if (daily.totals.requests === 0) {
        replaceChildren(report, emptyState(`No runs from ${span}.`, h('a', { href: routeLink('/agents') }, 'Run an agent')));
        announce(`No runs from ${span}.`);
        return;
      }
      replaceChildren(
        report,
        h('h3', null, `Totals, ${span}`),
        totalsView(daily.totals),
        h('h3', null, 'Per day'),
        dailyCharts(daily, width),
        h('h3', null, `By ${grouping?.label.toLowerCase() ?? 'agent'}`),
        breakdownCharts(grouped, selection.groupBy, width),
        h('h3', null, 'Safety layers'),
        safetyView(daily.totals, width),
      );
      announce(`Analytics from ${span}: ${daily.totals.requests} requests.`);
    }

    await Promise.all([loadQuota(), loadReport()]);
  });
}
