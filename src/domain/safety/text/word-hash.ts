/**
 * FNV-1a over a word's code units, one step per unit. The safety layers build it as they walk a text, so
 * that a word is looked up in their tables (listed words, rule triggers, identity words, context words)
 * where it stands, without being copied out; the tables are keyed by the same hash of each listed word.
 */
export const wordHashStart = 0x811c9dc5 | 0;

export function wordHashStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, 0x01000193);
}

/** The hash of a whole string, as the walk builds it for the same characters. */
export function wordHash(word: string): number {
  let hash = wordHashStart;
  for (let index = 0; index < word.length; index += 1) hash = wordHashStep(hash, word.charCodeAt(index));
  return hash;
}
