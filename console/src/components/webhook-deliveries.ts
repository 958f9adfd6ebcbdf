import { announce } from '../app/announce.ts';
import { h, replaceChildren, uniqueId } from '../app/dom.ts';
import { formatMs, formatTime } from '../app/format.ts';
import { routeLink } from '../app/router.ts';
import { dataTable } from './data-table.ts';
import { emptyState, errorNotice, loading } from './notice.ts';
import { listWebhookDeliveries, type DeliveryAttempt, type WebhookDelivery } from './webhook-api.ts';

const pageSize = 20;
const statusTone: Record<WebhookDelivery['status'], string> = { delivered: 'ok', pending: 'warn', failed: 'danger' };
const outcomeTone: Record<DeliveryAttempt['outcome'], string> = { delivered: 'ok', retry: 'warn', failed: 'danger' };

function time(iso: string | null): HTMLElement | string {
  return iso ? h('time', { datetime: iso }, formatTime(iso)) : '—';
}

/**
 * The deliveries log, newest first as the API lists them, a page at a time ("Load more" follows the API's
 * cursor). Each delivery opens to show its every attempt. The API has no filter: every delivery is listed.
 */
export function webhookDeliveriesSection(signal: AbortSignal): HTMLElement {
  const body = h('div', { className: 'deliveries-body' });
  const refresh = h('button', { type: 'button', className: 'button' }, 'Refresh');
  const more = h('button', { type: 'button', className: 'button', hidden: true }, 'Load more');
  let deliveries: WebhookDelivery[] = [];
  let cursor: string | null = null;
  const expanded = new Set<string>();

  async function load(append: boolean): Promise<void> {
    refresh.disabled = true;
    more.disabled = true;
    if (!append) replaceChildren(body, loading('deliveries'));
    try {
      const page = await listWebhookDeliveries({ limit: pageSize, cursor: append ? (cursor ?? undefined) : undefined, signal });
      deliveries = append ? [...deliveries, ...page.deliveries] : page.deliveries;
      cursor = page.nextCursor;
      replaceChildren(body, deliveries.length === 0 ? emptyState('No deliveries yet. A run started with a callbackUrl sends one when it ends.') : deliveriesTable(deliveries, expanded));
      more.hidden = cursor === null;
      announce(append ? `${page.deliveries.length} more deliveries loaded.` : `${deliveries.length} ${deliveries.length === 1 ? 'delivery' : 'deliveries'} listed.`);
    } catch (error) {
      if (signal.aborted) return;
      replaceChildren(body, errorNotice(error));
    } finally {
      refresh.disabled = false;
      more.disabled = false;
    }
  }

  refresh.addEventListener('click', () => void load(false));
  more.addEventListener('click', () => void load(true));
  void load(false);

  return h(
    'section',
    { className: 'card stack section-card', 'aria-labelledby': 'deliveries-heading' },
    h('div', { className: 'section-head' }, h('h2', { id: 'deliveries-heading' }, 'Deliveries'), refresh),
    h('p', { className: 'hint' }, 'Every callback sent for this account, newest first. A delivery is retried after network errors, timeouts, 408, 429 and 5xx answers; open one to see its attempts.'),
    body,
    h('div', { className: 'actions' }, more),
  );
}

function deliveriesTable(deliveries: readonly WebhookDelivery[], expanded: Set<string>): HTMLElement {
  const headers = ['Delivery', 'Event', 'Status', 'Attempts', 'Created', 'Run and URL'];
  const table = h(
    'table',
    { className: 'data-table deliveries-table' },
    h('caption', null, 'Webhook deliveries, newest first'),
    h('thead', null, h('tr', null, headers.map((header) => h('th', { scope: 'col', className: header === 'Attempts' ? 'numeric' : null }, header)))),
    deliveries.map((delivery) => deliveryRows(delivery, headers.length, expanded)),
  );
  return h('div', { className: 'table-scroll', role: 'region', 'aria-label': 'Webhook deliveries', tabindex: 0 }, table);
}

/** A delivery's row and, below it, its attempts (hidden until its button opens them). */
function deliveryRows(delivery: WebhookDelivery, columns: number, expanded: Set<string>): HTMLTableSectionElement {
  const detailId = uniqueId('delivery-attempts');
  const open = expanded.has(delivery.id);
  const toggle = h('button', { type: 'button', className: 'button ghost expand-toggle', 'aria-expanded': String(open), 'aria-controls': detailId }, h('code', null, delivery.id));
  toggle.setAttribute('aria-label', `Attempts of delivery ${delivery.id}`);
  const detail = h('tr', { id: detailId, className: 'delivery-detail', hidden: !open }, h('td', { colspan: columns }, attemptsTable(delivery)));
  toggle.addEventListener('click', () => {
    const show = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(show));
    detail.hidden = !show;
    if (show) expanded.add(delivery.id);
    else expanded.delete(delivery.id);
  });
  const when = delivery.status === 'pending' ? ['next attempt ', time(delivery.nextAttemptAt)] : time(delivery.completedAt);
  return h(
    'tbody',
    { className: 'delivery' },
    h(
      'tr',
      null,
      h('td', null, toggle),
      h('td', null, h('code', null, delivery.eventType)),
      h('td', null, h('span', { className: `badge ${statusTone[delivery.status]}` }, delivery.status), h('div', { className: 'hint' }, when)),
      h('td', { className: 'numeric' }, String(delivery.attemptCount)),
      h('td', null, time(delivery.createdAt)),
      h('td', { className: 'delivery-target' }, delivery.runId ? h('a', { href: routeLink(`/runs/${delivery.runId}`) }, delivery.runId) : 'no run', h('div', { className: 'hint' }, delivery.url)),
    ),
    detail,
  );
}

function attemptsTable(delivery: WebhookDelivery): HTMLElement {
  const nextOf = (attempt: DeliveryAttempt): HTMLElement | string => {
    if (attempt.outcome !== 'retry') return '—';
    const following = delivery.attempts.find((other) => other.attempt === attempt.attempt + 1);
    return following ? h('span', null, 'retried ', time(following.at)) : time(delivery.nextAttemptAt);
  };
  if (delivery.attempts.length === 0) return h('p', { className: 'muted' }, 'No attempt yet: the first is due ', time(delivery.nextAttemptAt), '.');
  return dataTable(`Attempts of delivery ${delivery.id}, oldest first`, [
    { header: 'Attempt', cell: (attempt) => String(attempt.attempt), numeric: true },
    { header: 'Time', cell: (attempt) => time(attempt.at) },
    { header: 'HTTP status', cell: (attempt) => (attempt.status === null ? 'no response' : String(attempt.status)) },
    { header: 'Outcome', cell: (attempt) => h('span', { className: `badge ${outcomeTone[attempt.outcome]}` }, attempt.outcome) },
    { header: 'Duration', cell: (attempt) => formatMs(attempt.durationMs), numeric: true },
    { header: 'Error', cell: (attempt) => (attempt.error ? h('code', null, attempt.error) : '—') },
    { header: 'Next retry', cell: nextOf },
  ], delivery.attempts);
}
