import type { PlanSurface } from './plan-table.ts';

/** `usage:<surface>:<YYYY-MM-DD>:<account>`: one counter per account, surface and UTC day. */
export function counterKey(surface: PlanSurface, day: string, accountId: string): string {
  return `usage:${surface}:${day}:${accountId}`;
}
