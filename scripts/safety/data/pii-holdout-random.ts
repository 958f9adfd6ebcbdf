/** A small seeded generator (mulberry32), so the holdout fixture is the same on every run. */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let value = this.#state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** `count` random digits; the first is never 0 when `leadingNonZero`. */
  digits(count: number, leadingNonZero = false): string {
    let result = '';
    for (let index = 0; index < count; index += 1) result += String(index === 0 && leadingNonZero ? this.int(1, 9) : this.int(0, 9));
    return result;
  }

  hex(count: number): string {
    let result = '';
    for (let index = 0; index < count; index += 1) result += '0123456789abcdef'.charAt(this.int(0, 15));
    return result;
  }

  letters(count: number): string {
    let result = '';
    for (let index = 0; index < count; index += 1) result += String.fromCharCode(65 + this.int(0, 25));
    return result;
  }
}
