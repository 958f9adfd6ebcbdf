import { sumTarget, type AgentPromise } from './agent-promise.ts';
import { isRecord, valueAt } from './output-paths.ts';

/** What holding a list to a total did: a repair, or why it could not be done. */
export type SumOutcome = { repaired: string } | { unmet: string } | undefined;

/**
 * Holds the numbers of a list's items to the total a request gives (agenda minutes to the meeting's length,
 * budget lines to the budget): scaled in proportion, none above the item's `maximum`, whole numbers kept
 * whole and at least 1, the remainder given to the largest fractions so the total is exact. A total the
 * items cannot reach under their maximum is unmet: the model must give more items.
 */
export function keepSum(promise: Extract<AgentPromise, { sum: string }>, fields: Readonly<Record<string, unknown>>, output: Record<string, unknown>, maximum = Number.POSITIVE_INFINITY): SumOutcome {
  const target = sumTarget(promise, fields);
  const items = valueAt(output, promise.sum);
  if (!target || !Array.isArray(items)) return undefined;
  const holders = items.filter((item): item is Record<string, unknown> => isRecord(item) && typeof item[promise.of] === 'number' && Number.isFinite(item[promise.of]));
  const values = holders.map((item) => Math.max(0, item[promise.of] as number));
  const total = values.reduce((sum, value) => sum + value, 0);
  const off = target.exact ? Math.abs(total - target.total) > 1e-9 : total > target.total + 1e-9;
  // A right total can still hold an item over its maximum: that is broken too.
  const overMaximum = values.some((value) => value > maximum + 1e-9);
  if (!off && !overMaximum) return undefined;
  // What the items must add up to: the total asked for, or for an "at most" total what they hold, within it.
  const goal = target.exact ? target.total : Math.min(total, target.total, holders.length * maximum);
  if (holders.length === 0 || total === 0 || holders.length * maximum < goal) {
    return target.exact ? { unmet: `${promise.sum}: the items' ${promise.of} must add up to ${target.total}; ${holders.length} item(s) cannot` } : undefined;
  }
  const whole = values.every(Number.isInteger) && Number.isInteger(goal);
  const scaled = whole ? scaleWhole(capped(values, goal, maximum), goal, maximum) : capped(values, goal, maximum).map((value) => Math.round(value * 100) / 100);
  holders.forEach((item, index) => (item[promise.of] = scaled[index]));
  return { repaired: `${promise.sum}: ${promise.of} scaled from a total of ${round(total)} to ${round(goal)}` };
}

/** Shares of `total` in proportion to `values`, none above `maximum`: what a capped value cannot take goes to the others. */
function capped(values: readonly number[], total: number, maximum: number): number[] {
  const shares = values.map(() => 0);
  const open = new Set(values.map((_, index) => index));
  let left = total;
  while (open.size > 0 && left > 1e-9) {
    const weight = [...open].reduce((sum, index) => sum + (values[index] as number), 0);
    const even = weight === 0;
    let overflowed = false;
    for (const index of open) {
      const share = (left * (even ? 1 : (values[index] as number))) / (even ? open.size : weight);
      if (share >= maximum) {
        shares[index] = maximum;
        open.delete(index);
        overflowed = true;
      }
    }
    if (overflowed) {
      left = total - shares.reduce((sum, share) => sum + share, 0);
      continue;
    }
    for (const index of open) shares[index] = (left * (even ? 1 : (values[index] as number))) / (even ? open.size : weight);
    break;
  }
  return shares;
}

/** Whole numbers near `shares` that add up to `total` exactly, each at least 1 while the total allows and at most `maximum`. */
function scaleWhole(shares: readonly number[], total: number, maximum: number): number[] {
  const result = shares.map((share) => Math.min(maximum, Math.max(Math.floor(share), total >= shares.length ? 1 : 0)));
  let left = total - result.reduce((all, value) => all + value, 0);
  const byFraction = shares.map((share, index) => ({ index, fraction: share - Math.floor(share) })).sort((a, b) => b.fraction - a.fraction);
  for (let step = 0; left > 0 && step < byFraction.length * 2; step += 1) {
    const index = (byFraction[step % byFraction.length] as { index: number }).index;
    if ((result[index] as number) < maximum) {
      result[index] = (result[index] as number) + 1;
      left -= 1;
    }
  }
  // Minimums of 1 may overshoot: take it back from the largest values.
  while (left < 0) {
    const largest = result.indexOf(Math.max(...result));
    result[largest] = (result[largest] as number) - 1;
    left += 1;
  }
  return result;
}

/** Cuts each text at `words` (or each item's `field`) to at most the request's number of words. */
export function keepWords(promise: Extract<AgentPromise, { words: string }>, fields: Readonly<Record<string, unknown>>, output: Record<string, unknown>): string | undefined {
  const limit = fields[promise.atMost];
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) return undefined;
  const target = valueAt(output, promise.words);
  let cut = 0;
  const shorten = (text: unknown): unknown => {
    if (typeof text !== 'string') return text;
    const shortened = firstWords(text, limit);
    if (shortened !== text) cut += 1;
    return shortened;
  };
  if (promise.field === undefined && typeof target === 'string') {
    const parent = promise.words.includes('.') ? valueAt(output, promise.words.slice(0, promise.words.lastIndexOf('.'))) : output;
    if (isRecord(parent)) parent[promise.words.slice(promise.words.lastIndexOf('.') + 1)] = shorten(target);
  } else if (promise.field !== undefined && Array.isArray(target)) {
    const field = promise.field;
    for (const item of target) if (isRecord(item)) item[field] = shorten(item[field]);
  }
  return cut > 0 ? `${promise.words}${promise.field ? `[].${promise.field}` : ''}: ${cut} text${cut === 1 ? '' : 's'} cut to ${limit} words` : undefined;
}

/** The text up to the end of its `limit`-th word, followed by an ellipsis when anything was cut. */
function firstWords(text: string, limit: number): string {
  let words = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const space = /\s/.test(text.charAt(index));
    if (!space && !inWord) {
      words += 1;
      if (words > limit) return `${text.slice(0, index).trimEnd()}…`;
    }
    inWord = !space;
  }
  return text;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
