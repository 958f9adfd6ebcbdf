import { markdownToProse } from './markdown-prose.ts';
import { countSyllables } from './syllables.ts';

export type ReadabilityLevel = 'very easy' | 'easy' | 'fairly easy' | 'standard' | 'fairly difficult' | 'difficult' | 'very difficult';

export interface TextStatistics {
  wordCount: number;
  sentenceCount: number;
  syllableCount: number;
  /** Flesch Reading Ease, 0 (hardest) to 100 (easiest), one decimal. */
  fleschReadingEase: number;
  /** Flesch-Kincaid grade level (US school years), one decimal, at least 0. */
  fleschKincaidGrade: number;
  /** Whole minutes at an adult's average silent reading speed, at least 1. */
  readingTimeMinutes: number;
  level: ReadabilityLevel;
}

/** Average adult silent reading speed for non-fiction (Brysbaert, 2019). */
export const wordsPerMinute = 238;

/** A word: letters or digits, with inner apostrophes, hyphens or dots ("don't", "e-mail", "3.5"). */
const wordPattern = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/** Words that end with a dot without ending the sentence. */
const abbreviations = new Set(['mr', 'mrs', 'ms', 'dr', 'prof', 'vs', 'e.g', 'i.e', 'cf', 'approx', 'fig']);

/** Measures the prose of a markdown text; see markdownToProse for what counts as prose. */
export function measureText(markdown: string): TextStatistics {
  const blocks = markdownToProse(markdown);
  const words = blocks.flatMap((block) => block.match(wordPattern) ?? []);
  const wordCount = words.length;
  const sentenceCount = blocks.reduce((sum, block) => sum + countSentences(block), 0);
  const syllableCount = words.reduce((sum, word) => sum + countSyllables(word), 0);
  const readingTimeMinutes = Math.max(1, Math.ceil(wordCount / wordsPerMinute));
  if (wordCount === 0) {
    // Nothing to read: the formulas are undefined; report the easy end rather than invent a difficulty.
    return { wordCount, sentenceCount, syllableCount, fleschReadingEase: 100, fleschKincaidGrade: 0, readingTimeMinutes, level: 'very easy' };
  }
  const wordsPerSentence = wordCount / sentenceCount;
  const syllablesPerWord = syllableCount / wordCount;
  const fleschReadingEase = oneDecimal(clamp(206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord, 0, 100));
  const fleschKincaidGrade = oneDecimal(Math.max(0, 0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59));
  return { wordCount, sentenceCount, syllableCount, fleschReadingEase, fleschKincaidGrade, readingTimeMinutes, level: readabilityLevel(fleschReadingEase) };
}

/** Flesch's own bands (1948) for the Reading Ease score. */
export function readabilityLevel(fleschReadingEase: number): ReadabilityLevel {
  if (fleschReadingEase >= 90) return 'very easy';
  if (fleschReadingEase >= 80) return 'easy';
  if (fleschReadingEase >= 70) return 'fairly easy';
  if (fleschReadingEase >= 60) return 'standard';
  if (fleschReadingEase >= 50) return 'fairly difficult';
  if (fleschReadingEase >= 30) return 'difficult';
  return 'very difficult';
}

/**
 * Sentences in one block: runs of text ending in . ! ? or … followed by a space, the block's end closing
 * the last one; a dot after a known abbreviation does not end a sentence. A block with words is at least
 * one sentence, so headings and list items without a full stop count as one.
 */
export function countSentences(block: string): number {
  // Only where whitespace starts is the look-behind tried: before every character, it reads back over
  // every closing quote and bracket of a long run of them.
  const pieces = block.split(/(?=\s)(?<=[.!?…]["'”’)\]]*)\s+/u);
  let count = 0;
  let open = false;
  for (const piece of pieces) {
    if (!/[\p{L}\p{N}]/u.test(piece)) continue;
    if (!open) count += 1;
    const lastWord = piece.match(wordPattern)?.at(-1)?.toLowerCase() ?? '';
    open = /\.$/.test(piece) && abbreviations.has(lastWord);
  }
  return count;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

function oneDecimal(value: number): number {
  return Math.round(value * 10) / 10;
}
