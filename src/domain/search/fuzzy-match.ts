/**
 * Word matching with prefixes and typos at a bounded cost: queries are cut to `maxQueryLength` characters
 * and `maxQueryWords` words, words and tokens to `maxWordLength`, and the edit distance is computed only
 * within a band of `maxTypos`, so one comparison is O(word length) and a search is linear in the catalog's
 * words and the query's.
 */
export const maxQueryLength = 200;
export const maxQueryWords = 8;
const maxWordLength = 40;

/** Lowercase words of a text: letters and digits, split at everything else (a hyphenated id gives its parts). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word.slice(0, maxWordLength));
}

/** The words of a query, within the limits above. */
export function queryWords(query: string): string[] {
  return wordsOf(query.slice(0, maxQueryLength)).slice(0, maxQueryWords);
}

/** Typos a word of this length may carry and still match: none under 4 letters, one up to 7, two beyond. */
export function allowedTypos(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * The edit distance (insertions, deletions, substitutions, adjacent swaps) between two words when it is at
 * most `limit`, or `limit + 1` otherwise; only the band of width 2·limit+1 around the diagonal is computed.
 */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (limit === 0) return a === b ? 0 : 1;
  const width = b.length + 1;
  const outside = limit + 1;
  let beforePrevious = new Array<number>(width).fill(outside);
  let previous = Array.from({ length: width }, (_, index) => (index <= limit ? index : outside));
  for (let i = 1; i <= a.length; i += 1) {
    const current = new Array<number>(width).fill(outside);
    if (i <= limit) current[0] = i;
    let rowBest = current[0] as number;
    for (let j = Math.max(1, i - limit); j <= Math.min(b.length, i + limit); j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      current[j] = Math.min(value, outside);
      rowBest = Math.min(rowBest, current[j] as number);
    }
    if (rowBest > limit) return outside;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length] as number, outside);
}

/** How well one query word matches one word of a text: 3 the same, 2 a prefix of it, 1 within its typos, 0 not. */
export function wordScore(queryWord: string, word: string): number {
  if (queryWord === word) return 3;
  if (queryWord.length >= 2 && word.startsWith(queryWord)) return 2;
  const typos = allowedTypos(queryWord.length);
  if (typos > 0 && boundedDistance(queryWord, word, typos) <= typos) return 1;
  // A typo in the part typed so far of a longer word ("procurment" for "procurement…").
  if (typos > 0 && word.length > queryWord.length && boundedDistance(queryWord, word.slice(0, queryWord.length), typos) <= typos) return 1;
  return 0;
}

/** The sum of each query word's best score in the text's words, or 0 when a query word matches none. */
export function matchScore(query: readonly string[], words: readonly string[]): number {
  let total = 0;
  for (const queryWord of query) {
    let best = 0;
    for (const word of words) {
      best = Math.max(best, wordScore(queryWord, word));
      if (best === 3) break;
    }
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/**
 * The ids closest to one that does not exist, best first, for "did you mean": within a few edits of the
 * whole id, or sharing a word with it (typos allowed). At most `count`; none when nothing is close.
 */
export function closestIds(unknown: string, ids: readonly string[], count = 3): string[] {
  const wanted = unknown.toLowerCase().slice(0, maxQueryLength);
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 3)));
  const wantedWords = queryWords(wanted);
  const scored: { id: string; distance: number }[] = [];
  for (const id of ids) {
    const distance = boundedDistance(wanted, id, limit);
    if (distance <= limit) {
      scored.push({ id, distance });
      continue;
    }
    const idWords = wordsOf(id);
    const shared = wantedWords.filter((word) => word.length >= 3 && idWords.some((idWord) => wordScore(word, idWord) > 0)).length;
    if (shared > 0) scored.push({ id, distance: limit + 1 + (wantedWords.length - shared) });
  }
  return scored
    .sort((left, right) => left.distance - right.distance || left.id.localeCompare(right.id))
    .slice(0, count)
    .map((entry) => entry.id);
}
