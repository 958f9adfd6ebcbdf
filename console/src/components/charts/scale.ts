// The arithmetic of the console's charts, apart from the DOM so it can be tested on its own: round tick
// values for an axis, a linear scale onto pixels, and how many category labels fit along an axis.

/** Steps an axis may take, times a power of ten. */
const stepMultipliers = [1, 2, 2.5, 5, 10] as const;

/** A number without the float noise of repeated additions (0.30000000000000004 → 0.3). */
function tidy(value: number): number {
  return Number(value.toPrecision(12));
}

/**
 * Round tick values from 0 up to at least `max`: about `count` steps of 1, 2, 2.5 or 5 times a power of
 * ten. With `integer`, steps are whole numbers (counts of requests are never fractional). A maximum of 0
 * (or less, or not finite) gives the axis 0 to 1, so an empty series still has an axis.
 */
export function niceTicks(max: number, count = 4, options: { integer?: boolean } = {}): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 1;
  const steps = Math.max(1, Math.round(count));
  const rough = top / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = 10 * power;
  for (const multiplier of stepMultipliers) {
    const candidate = tidy(multiplier * power);
    if (options.integer && !Number.isInteger(candidate)) continue;
    if (candidate * steps >= top) {
      step = candidate;
      break;
    }
  }
  if (options.integer) step = Math.max(1, step);
  const last = Math.ceil(tidy(top / step));
  return Array.from({ length: last + 1 }, (_, index) => tidy(index * step));
}

/** Maps `[0, domainMax]` onto `[rangeStart, rangeEnd]` (a reversed range for a y axis that grows upwards). */
export function linearScale(domainMax: number, rangeStart: number, rangeEnd: number): (value: number) => number {
  const span = domainMax > 0 ? domainMax : 1;
  return (value) => rangeStart + (value / span) * (rangeEnd - rangeStart);
}

/** Every how many categories a label is drawn, so that labels `minSpacing` apart fit in `length` pixels. */
export function labelStride(categories: number, length: number, minSpacing: number): number {
  if (categories <= 0) return 1;
  const fitting = Math.max(1, Math.floor(length / minSpacing));
  return Math.max(1, Math.ceil(categories / fitting));
}

/** The largest total of the stacked values at one category (nulls count as 0). */
export function stackedMax(series: readonly (readonly (number | null)[])[]): number {
  const length = Math.max(0, ...series.map((values) => values.length));
  let max = 0;
  for (let index = 0; index < length; index += 1) {
    let total = 0;
    for (const values of series) total += values[index] ?? 0;
    max = Math.max(max, total);
  }
  return max;
}

/** The largest single value (nulls ignored); 0 when there is none. */
export function valueMax(series: readonly (readonly (number | null)[])[]): number {
  let max = 0;
  for (const values of series) for (const value of values) if (value !== null && value > max) max = value;
  return max;
}

/** Text cut to `maxChars` characters, ending in an ellipsis when cut. */
export function truncate(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, Math.max(1, maxChars - 1))}…`;
}
