/** The UTC calendar day a moment falls in, as `YYYY-MM-DD`. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The next UTC midnight after a moment: when daily limits reset. */
export function nextUtcMidnight(moment: Date): Date {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate() + 1));
}
