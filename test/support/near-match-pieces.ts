import fc from 'fast-check';

/** Every line of every list of a file of written sets (`{ sets: [{ name, attacks: [...], benign: [...] }] }`). */
export function writtenLines(file: { sets: readonly object[] }): string[] {
  return file.sets.flatMap((set) => Object.values(set).filter((value): value is string[] => Array.isArray(value)).flat());
}

/**
 * Pieces to glue into texts full of near-matches of `patterns`: a slice of a written line (at most
 * `longestSlice` characters), one of the patterns' own words in lower, upper or title case, or one of `marks`.
 */
export function nearMatchPiece(patterns: readonly RegExp[], written: readonly string[], marks: readonly string[], longestSlice: number): fc.Arbitrary<string> {
  const vocabulary = [...new Set(patterns.flatMap((pattern) => pattern.source.split(/[^\p{L}\d'’-]+/u)).filter((word) => word.length > 1))];
  return fc.oneof(
    fc
      .constantFrom(...written)
      .chain((line) => fc.tuple(fc.nat(), fc.integer({ min: 1, max: longestSlice })).map(([from, length]) => line.slice(from % line.length, (from % line.length) + length))),
    fc.constantFrom(...vocabulary).chain((word) => fc.constantFrom(word, word.toUpperCase(), word.charAt(0).toUpperCase() + word.slice(1))),
    fc.constantFrom(...marks),
  );
}
