import { h, uniqueId } from '../app/dom.ts';
import { formatCount, formatTime } from '../app/format.ts';

/** A surface's quota today, as GET /api/usage answers it. */
export interface SurfaceUsage {
  plan: string;
  used: number;
  limit: number | null;
  remaining: number | null;
  resetAt: string;
}

/** What a quota meter says in words: "12 of 200 used, resets at …", or that the plan has no daily limit. */
export function quotaText(usage: SurfaceUsage): string {
  const reset = `resets at ${formatTime(usage.resetAt)}`;
  if (usage.limit === null) return `${formatCount(usage.used)} used, no daily limit on the ${usage.plan} plan`;
  return `${formatCount(usage.used)} of ${formatCount(usage.limit)} used, ${reset}`;
}

/** Today's requests against the plan's daily limit: a `<meter>` (none when unlimited) and the same in words. */
export function quotaMeter(title: string, description: string, usage: SurfaceUsage): HTMLElement {
  const meterId = uniqueId('quota');
  const textId = uniqueId('quota-text');
  const limit = usage.limit;
  return h(
    'section',
    { className: 'card quota-card', 'aria-label': title },
    h('div', { className: 'quota-head' }, h('h3', null, title), h('span', { className: 'badge info' }, `${usage.plan} plan`)),
    h('p', { className: 'hint' }, description),
    limit === null
      ? null
      : [
          h('label', { for: meterId, className: 'visually-hidden' }, `${title}: requests used today`),
          h('meter', {
            id: meterId,
            className: 'meter quota-meter',
            min: 0,
            max: Math.max(limit, 1),
            value: Math.min(usage.used, Math.max(limit, 1)),
            low: Math.round(limit * 0.75),
            high: Math.round(limit * 0.9),
            optimum: 0,
            'aria-describedby': textId,
          }, `${usage.used} of ${limit}`),
        ],
    h('p', { id: textId, className: 'quota-text' }, quotaText(usage)),
    usage.remaining === null ? null : h('p', { className: 'hint' }, `${formatCount(usage.remaining)} left today.`),
  );
}
