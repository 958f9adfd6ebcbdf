import { ColumnLabels } from './column-labels.ts';
import { codeUnits } from '../../text/code-units.ts';
import { explainingWords, hintingWords, mentionedBits, mentions, phoneLetterLabel, supportingWords } from './context-words.ts';
import { readWords, windowBits, WordsAfter, WordsBefore } from './match-surroundings.ts';
import type { PiiType } from './pii-finding.ts';

// Presidio-style context: words near a match make a weak pattern believable. The windows are short (see
// match-surroundings.ts) so a label on one line ("Phone:") lifts the number on the next, but a word a
// paragraph away does not.

/** How much a supporting word nearby adds; enough to lift a pattern that cannot stand alone (0.2–0.35) over 0.5. */
export const contextBoost = 0.35;
/** How much a word that explains the number otherwise (a version, an order) takes away, when nothing supports it. */
export const contextPenalty = 0.3;
/** What the number's own label takes away when it names something else ("invoice 70721706", "42 units"). */
export const labelPenalty = 0.5;
/** What a hint adds: enough for a grouped number (0.35), not for a bare digit run (0.2). */
export const hintBoost = 0.2;

// Types whose values are numbers, which a "… number" label can name as something else.
const numberedTypes = new Set<PiiType>(['phone', 'card', 'ssn']);

// Shapes that prove themselves: context changes nothing for them.
const selfEvident = new Set<PiiType>(['email', 'secret']);

/**
 * Scores the context of matches in one text. The number's own label decides first: the nearest word before
 * it, else a unit right after it ("42 units"), else the two words before it ("social security"), else a
 * "number of" label naming something else ("loyalty no."), else its column's header in a table. Otherwise
 * any supporting word in the window lifts it, and an explaining word before it or in the rest of its
 * sentence lowers it.
 */
export class ContextScorer {
  readonly #text: string;
  /** The words before each start and after each end read so far. */
  readonly #before = new Map<number, WordsBefore>();
  readonly #after = new Map<number, WordsAfter>();
  #units: Uint16Array | undefined;
  /** The text's column headers; null when it has no delimiter, so no match is in a table. */
  #columns: ColumnLabels | null | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /** The score adjustment for a match of `type` at [start, end). */
  adjustment(type: PiiType, start: number, end: number): number {
    if (selfEvident.has(type)) return 0;
    const before = this.#wordsBefore(start);
    if (type === 'phone') {
      const tail = before.colonTail;
      if (tail !== undefined && phoneLetterLabel.test(tail)) return contextBoost;
    }
    const labelled = labelAdjustment(type, before.lastLabelBits);
    if (labelled !== 0) return labelled;
    if (type !== 'ip' && type !== 'iban' && this.#wordsAfter(end).quantity) return -labelPenalty;
    const labelLength = before.labelLength;
    const phrased = labelLength > 1 ? labelAdjustment(type, before.labelBits) : 0;
    if (phrased !== 0) return phrased;
    // "loyalty no. 422639184", "customer number 5512345": the number of something this type is not.
    if (labelLength > 0 && numberedTypes.has(type) && before.numbered) return -contextPenalty;
    const headed = labelAdjustment(type, this.#columnLabelBits(start));
    if (headed !== 0) return headed;
    const window = windowBits(before, this.#wordsAfter(end));
    if (mentions(supportingWords[type], window)) return contextBoost;
    if (mentions(explainingWords[type], window)) return -contextPenalty;
    const hints = hintingWords[type];
    return hints !== undefined && mentions(hints, window) ? hintBoost : 0;
  }

  #wordsBefore(start: number): WordsBefore {
    let before = this.#before.get(start);
    if (before === undefined) {
      before = new WordsBefore(this.#text, this.#codeUnits(), start);
      this.#before.set(start, before);
    }
    return before;
  }

  #wordsAfter(end: number): WordsAfter {
    let after = this.#after.get(end);
    if (after === undefined) {
      after = new WordsAfter(this.#text, this.#codeUnits(), end);
      this.#after.set(end, after);
    }
    return after;
  }

  #codeUnits(): Uint16Array {
    this.#units ??= codeUnits(this.#text);
    return this.#units;
  }

  /** The bits of the last two words of the header of the column `start` is in; 0 outside a table. */
  #columnLabelBits(start: number): number {
    if (this.#columns === undefined) this.#columns = /[,\t;|]/.test(this.#text) ? new ColumnLabels(this.#text) : null;
    const header = this.#columns?.labelAt(start);
    if (header === undefined) return 0;
    const words = readWords(codeUnits(header), 0, header.length);
    return mentionedBits(words, Math.max(0, words.ids.length - 2));
  }
}

/** What a label (the bits of its last one or two words) says about a number of `type`: a boost, a penalty, or 0. */
function labelAdjustment(type: PiiType, bits: number): number {
  if (mentions(supportingWords[type], bits)) return contextBoost;
  return mentions(explainingWords[type], bits) ? -labelPenalty : 0;
}
