// UTC calendar days as the analytics API counts them (YYYY-MM-DD, both ends included), without the DOM.
const dayMs = 86_400_000;
const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Today's UTC day. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function isDay(text: string | null | undefined): text is string {
  if (!text || !dayPattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** The last `days` days, today included. */
export function lastDays(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

const shortDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** `2026-11-26` → `Nov 26`, for axis labels. */
export function formatShortDay(day: string): string {
  return isDay(day) ? shortDay.format(new Date(`${day}T00:00:00Z`)) : day;
}

/** `2026-11-26` → `Nov 26, 2026`, for text. */
export function formatLongDay(day: string): string {
  return isDay(day) ? longDay.format(new Date(`${day}T00:00:00Z`)) : day;
}
