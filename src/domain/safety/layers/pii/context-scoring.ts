import { ColumnLabels } from './column-labels.ts';
import { explainingWords, hintingWords, mentions, phoneLetterLabel, quantityWords, supportingWords } from './context-words.ts';
import { Surroundings, words } from './match-surroundings.ts';
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
  readonly #surroundings = new Map<number, Surroundings>();
  #columns: ColumnLabels | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  /** The score adjustment for a match of `type` at [start, end). */
  adjustment(type: PiiType, start: number, end: number): number {
    if (selfEvident.has(type)) return 0;
    const around = this.#around(start, end);
    if (type === 'phone' && phoneLetterLabel.test(around.tail)) return contextBoost;
    const label = around.label;
    const labelled = labelAdjustment(type, label.length > 1 ? [label[1] ?? ''] : label);
    if (labelled !== 0) return labelled;
    if (type !== 'ip' && type !== 'iban' && quantityWords.words.has(around.next)) return -labelPenalty;
    const phrased = label.length > 1 ? labelAdjustment(type, label) : 0;
    if (phrased !== 0) return phrased;
    // "loyalty no. 422639184", "customer number 5512345": the number of something this type is not.
    if (label.length > 0 && numberedTypes.has(type) && around.numbered) return -contextPenalty;
    const column = this.#columnLabel(start);
    const headed = column === undefined ? 0 : labelAdjustment(type, column.slice(-2));
    if (headed !== 0) return headed;
    const window = around.window;
    if (mentions(supportingWords[type], window)) return contextBoost;
    if (mentions(explainingWords[type], window)) return -contextPenalty;
    const hints = hintingWords[type];
    return hints !== undefined && mentions(hints, window) ? hintBoost : 0;
  }

  /** The surroundings of [start, end), shared by every type proposed there. */
  #around(start: number, end: number): Surroundings {
    const key = start * 67_108_864 + end;
    let around = this.#surroundings.get(key);
    if (around === undefined) {
      around = new Surroundings(this.#text, start, end);
      this.#surroundings.set(key, around);
    }
    return around;
  }

  #columnLabel(start: number): string[] | undefined {
    if (this.#columns === undefined) {
      if (!/[,\t;|]/.test(this.#text)) return undefined;
      this.#columns = new ColumnLabels(this.#text);
    }
    const header = this.#columns.labelAt(start);
    return header === undefined ? undefined : words(header);
  }
}

/** What a label (its last one or two words) says about a number of `type`: a boost, a penalty, or 0. */
function labelAdjustment(type: PiiType, label: readonly string[]): number {
  if (label.length === 0) return 0;
  if (mentions(supportingWords[type], label)) return contextBoost;
  return mentions(explainingWords[type], label) ? -labelPenalty : 0;
}
