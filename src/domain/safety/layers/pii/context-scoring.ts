import { ColumnLabels } from './column-labels.ts';
import { explainingWords, fillerWords, hintingWords, mentions, phoneLetterLabel, quantityWords, supportingWords, type Vocabulary } from './context-words.ts';
import type { PiiType } from './pii-finding.ts';

// Presidio-style context: words near a match make a weak pattern believable. The windows are short so a
// label on one line ("Phone:") lifts the number on the next, but a word a paragraph away does not.
const charactersBefore = 48;
const charactersAfter = 24;

/** How much a supporting word nearby adds; enough to lift a pattern that cannot stand alone (0.2–0.35) over 0.5. */
export const contextBoost = 0.35;
/** How much a word that explains the number otherwise (a version, an order) takes away, when nothing supports it. */
export const contextPenalty = 0.3;
/** What the number's own label takes away when it names something else ("invoice 70721706", "42 units"). */
export const labelPenalty = 0.5;
/** What a hint adds: enough for a grouped number (0.35), not for a bare digit run (0.2). */
export const hintBoost = 0.2;

// Shapes that prove themselves: context changes nothing for them.
const selfEvident = new Set<PiiType>(['email', 'secret']);

/** The words around one match, read once however many types propose it. */
interface Surroundings {
  /** The lower-case text before the match, for the one-letter phone labels. */
  before: string;
  /** The words before the match, nearest last, trailing fillers ("call me on") dropped. */
  label: string[];
  /** The first word after the match, or "%". */
  next: string;
  /** Every word of the window: before the match, and after it to the end of its sentence. */
  window: string[];
}

/**
 * Scores the context of matches in one text. The number's own label decides first: the nearest word before
 * it, else a unit right after it ("42 units"), else the two words before it ("social security"), else its
 * column's header in a table. Otherwise any supporting word in the window lifts it, and an explaining word
 * before it or in the rest of its sentence lowers it.
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
    const { before, label, next, window } = this.#around(start, end);
    if (type === 'phone' && phoneLetterLabel.test(before)) return contextBoost;
    const labelled = labelAdjustment(type, label.slice(-1));
    if (labelled !== 0) return labelled;
    if (type !== 'ip' && type !== 'iban' && quantityWords.words.has(next)) return -labelPenalty;
    const phrased = labelAdjustment(type, label);
    if (phrased !== 0) return phrased;
    const column = this.#columnLabel(start);
    const headed = column === undefined ? 0 : labelAdjustment(type, column.slice(-2));
    if (headed !== 0) return headed;
    if (mentions(supportingWords[type], window)) return contextBoost;
    if (mentions(explainingWords[type], window)) return -contextPenalty;
    const hints: Vocabulary | undefined = hintingWords[type];
    return hints !== undefined && mentions(hints, window) ? hintBoost : 0;
  }

  #around(start: number, end: number): Surroundings {
    const key = start * 67_108_864 + end;
    const known = this.#surroundings.get(key);
    if (known !== undefined) return known;
    const before = this.#text.slice(Math.max(0, start - charactersBefore), start).toLowerCase();
    const after = sentenceRest(this.#text.slice(end, end + charactersAfter).toLowerCase());
    const beforeWords = words(before);
    const afterWords = words(after);
    const surroundings = {
      before: before.slice(-12),
      label: labelOf(beforeWords),
      next: /^ ?%/.test(after) ? 'percent' : (afterWords[0] ?? ''),
      window: [...beforeWords, ...afterWords],
    };
    this.#surroundings.set(key, surroundings);
    return surroundings;
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

/** The last two words before a number, after the ones that say nothing ("call me on" → "call"), of five at most. */
function labelOf(words: readonly string[]): string[] {
  let end = words.length;
  const earliest = Math.max(0, words.length - 5);
  while (end > earliest && fillerWords.has(words[end - 1] ?? '')) end -= 1;
  return end === earliest ? [] : words.slice(Math.max(earliest, end - 2), end);
}

/** The words of a lower-case text: letters, digits and the characters of labels ("s/n", "ss#", "e-mail", "no."). */
function words(text: string): string[] {
  const found: string[] = [];
  let start = -1;
  for (let index = 0; index <= text.length; index += 1) {
    const inWord = index < text.length && isWordCharacter(text, index);
    if (inWord && start < 0) start = index;
    if (inWord || start < 0) continue;
    const word = trimmed(text, start, index);
    // "no." and "nr." are the abbreviations of "number".
    if (word === 'no' || word === 'nr') found.push(text.charAt(index) === '.' ? `${word}.` : word);
    else if (word !== '') found.push(word);
    start = -1;
  }
  return found;
}

/** text[start, end) without the label characters that only decorate it ("#12", "'quoted'", "-"). */
function trimmed(text: string, start: number, end: number): string {
  while (start < end && isDecoration(text.charCodeAt(start))) start += 1;
  while (end > start && isDecoration(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}

function isDecoration(code: number): boolean {
  return code === 35 || code === 39 || code === 45;
}

const letterOrNumber = /[\p{L}\p{N}]/u;

function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code > 127) return letterOrNumber.test(text.charAt(index));
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || code === 95 || code === 47 || code === 35 || code === 39 || code === 45;
}

/** The text after a match up to the end of its sentence: "… 8380. Order 1234" does not label the card. */
function sentenceRest(after: string): string {
  const end = after.search(/[.!?](?:\s|$)|\n/);
  return end < 0 ? after : after.slice(0, end);
}
