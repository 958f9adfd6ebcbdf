/**
 * English syllables by heuristic, the usual approach of readability formulas when no pronouncing
 * dictionary is at hand (it is right for most common words and off by one on some; the formulas average
 * it over the whole text):
 *
 * 1. Hyphenated and dotted compounds ("e-mail", "state-of-the-art") are the sum of their parts.
 * 2. A part without letters (a number) counts one syllable; a part of three letters or fewer counts one.
 * 3. Otherwise, after a leading "y" (a consonant: "yellow") is dropped, each run of vowels (a e i o u y)
 *    counts one syllable, then:
 *    - a silent final "e" is taken off ("make", "whole"), except the syllabic consonant + "le" ("table");
 *    - a silent "-es"/"-ed" is taken off ("makes", "loved"), except where it is heard: "-ted", "-ded",
 *      after s, x, z, c, g, ch or sh ("boxes", "pages"), and consonant + "les" ("articles");
 *    - vowel pairs read as two syllables add one: "io" ("radio", "curious") except before "n" ("nation")
 *      or after c, g, s, t ("precious"); "ia" ("media") except after c, t ("social", "initial"); "ua"
 *      ("actual") except after g, q, where the "u" is a consonant sound ("quality", "language").
 * 4. Every word has at least one syllable.
 */
export function countSyllables(word: string): number {
  const parts = word.split(/[-.]/);
  const total = parts.reduce((sum, part) => sum + partSyllables(part), 0);
  return Math.max(1, total);
}

function partSyllables(part: string): number {
  const letters = foldToAsciiLetters(part);
  if (letters.length === 0) return /\d/.test(part) ? 1 : 0;
  if (letters.length <= 3) return 1;
  const word = letters.replace(/^y/, '');
  let count = (word.match(/[aeiouy]+/g) ?? []).length;
  if (/[^aeiouy]e$/.test(word)) {
    if (!/[^aeiouy]le$/.test(word)) count -= 1;
  } else if (/[^aeiouy](?:es|ed)$/.test(word) && !/(?:[td]ed|(?:[sxzcg]|[cs]h)es|[^aeiouy]les)$/.test(word)) {
    count -= 1;
  }
  count += (word.match(/(?<![cgst])io(?!n)|(?<![ct])ia|(?<![gq])ua/g) ?? []).length;
  return Math.max(1, count);
}

function foldToAsciiLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}
