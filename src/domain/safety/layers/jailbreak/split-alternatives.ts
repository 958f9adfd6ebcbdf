/**
 * `rest` after each of `starts`, as alternatives of their own (a pattern source). A part that begins at a
 * word boundary with a word is then found by its first words (see rule-triggers.ts) instead of being tried
 * at every position of a text, as one alternative with a choice of starts would be.
 */
export function afterEach(starts: readonly string[], rest: string): string {
  return starts.map((start) => `${start}${rest}`).join('|');
}
