import { codeUnits } from '../../text/code-units.ts';
import { isWhitespace } from '../../../../shared/text-scanning.ts';
import { isFiller, isNumbering, isQuantity, mentionedBits, phraseBits, wordBitsAt, wordId, wordIdAt, type WordList } from './context-words.ts';

// The words around one match. Those before it depend only on where it starts and those after it only on
// where it ends, so matches that share a start or an end (a phone and an SSN on the same digits) share the
// reading. Words are read where they stand, as the lexicon's numbers and bits (see context-words.ts),
// without a copy of the window or of any word; those before a match are read back from it, only as far as
// needed: most matches are decided by their label, the word or two right before them.
const charactersBefore = 48;
const charactersAfter = 24;
/** How many words back the label may be, fillers included ("the number is …"). */
const labelReach = 5;
/** Where a one-letter label ("T:") would be: the last characters before the match. */
const tailLength = 12;

/**
 * The code units a window is read from, in lower case: the text's own when the window is ASCII (its letters
 * read in lower case where they stand), else those of a lower-cased copy of the window, since lower-casing
 * other characters may change their number.
 */
interface Window {
  units: Uint16Array;
  start: number;
  end: number;
  /** The string of `units`; lower case already when `lowered`. */
  text: string;
  lowered: boolean;
}

function windowOf(text: string, units: Uint16Array, start: number, end: number): Window {
  for (let index = start; index < end; index += 1) {
    if ((units[index] ?? 0) > 127) {
      const lower = text.slice(start, end).toLowerCase();
      return { units: codeUnits(lower), start: 0, end: lower.length, text: lower, lowered: true };
    }
  }
  return { units, start, end, text, lowered: false };
}

/**
 * The words before one position, read back from it on demand: its label, and the window's part before the
 * match. `#read` holds them nearest first.
 */
export class WordsBefore {
  readonly #window: Window;
  readonly #read: WordList = { ids: [], bits: [] };
  /** Where reading back goes on from: the end of the window's text not read yet. */
  #cursor: number;
  /** How many words the label's last one is back (0: the nearest); the fillers after it are nearer. */
  #labelLast: number | undefined;
  #mentioned: number | undefined;

  constructor(text: string, units: Uint16Array, position: number) {
    this.#window = windowOf(text, units, Math.max(0, position - charactersBefore), position);
    this.#cursor = this.#window.end;
  }

  /**
   * The last characters before the position, lower case, when they end in a colon and blanks: where a
   * one-letter label ("T: ") would be. Undefined when no colon is there, which most matches find out
   * without a copy.
   */
  get colonTail(): string | undefined {
    const { units, start, end, text, lowered } = this.#window;
    const from = Math.max(start, end - tailLength);
    let index = end - 1;
    while (index >= from && isWhitespace(units[index] ?? 0)) index -= 1;
    if (index < from || units[index] !== 58) return undefined;
    const tail = text.slice(from, end);
    return lowered ? tail : tail.toLowerCase();
  }

  /** How many words the label has: the last two within reach before those that say nothing ("call me on" → "call"). */
  get labelLength(): number {
    const last = this.#labelLastIndex();
    if (last === labelReach || !this.#has(last)) return 0;
    return last + 1 < labelReach && this.#has(last + 1) ? 2 : 1;
  }

  /** The bits of the label's last word; 0 without a label. */
  get lastLabelBits(): number {
    return this.labelLength > 0 ? (this.#read.bits[this.#labelLastIndex()] ?? 0) : 0;
  }

  /** The bits of the vocabularies the label's words (one or two, or a phrase of both) are in. */
  get labelBits(): number {
    const last = this.#labelLastIndex();
    const { ids, bits } = this.#read;
    if (this.labelLength < 2) return this.lastLabelBits;
    return (bits[last] ?? 0) | (bits[last + 1] ?? 0) | phraseBits(ids[last + 1] ?? -1, bits[last + 1] ?? 0, ids[last] ?? -1);
  }

  /** Whether the words skipped before the label say "number of" ("loyalty no.", "customer number is"). */
  get numbered(): boolean {
    const last = this.#labelLastIndex();
    for (let index = 0; index < last; index += 1) if (isNumbering(this.#read.bits[index] ?? 0)) return true;
    return false;
  }

  /** The bits of the vocabularies the words before the position are in, a phrase of two of them included. */
  get mentioned(): number {
    if (this.#mentioned === undefined) {
      while (this.#readBack());
      const { ids, bits } = this.#read;
      let mentioned = 0;
      for (let index = 0; index < ids.length; index += 1) {
        mentioned |= bits[index] ?? 0;
        if (index > 0) mentioned |= phraseBits(ids[index] ?? -1, bits[index] ?? 0, ids[index - 1] ?? -1);
      }
      this.#mentioned = mentioned;
    }
    return this.#mentioned;
  }

  /** The nearest word's number and bits, for a phrase across the match; undefined when there is none. */
  get nearest(): { id: number; bits: number } | undefined {
    return this.#has(0) ? { id: this.#read.ids[0] ?? -1, bits: this.#read.bits[0] ?? 0 } : undefined;
  }

  /** How many words back the label's last word is: past the fillers, at most `labelReach` (none is then within reach). */
  #labelLastIndex(): number {
    if (this.#labelLast === undefined) {
      let last = 0;
      while (last < labelReach && this.#has(last) && isFiller(this.#read.bits[last] ?? 0)) last += 1;
      this.#labelLast = last;
    }
    return this.#labelLast;
  }

  /** Whether there is a word `back` words back, reading back as far as that. */
  #has(back: number): boolean {
    while (this.#read.ids.length <= back) if (!this.#readBack()) return false;
    return true;
  }

  /** Reads the next word back; false when the window has no more. */
  #readBack(): boolean {
    const { units, start: from, end: to } = this.#window;
    for (let cursor = this.#cursor; cursor > from; ) {
      let start = cursor;
      while (start > from && isWordUnit(units[start - 1] ?? 0)) start -= 1;
      if (start === cursor) {
        cursor -= 1;
        continue;
      }
      this.#cursor = start;
      if (takeRun(units, start, cursor, to, this.#read)) return true;
      cursor = start;
    }
    this.#cursor = from;
    return false;
  }
}

/** The words after one position, to the end of its sentence: "… 8380. Order 1234" does not label the card. */
export class WordsAfter {
  readonly words: WordList;
  /** Whether the first word is a unit ("minutes", "EUR"), a "%" counting as "percent". */
  readonly quantity: boolean;
  readonly mentioned: number;

  constructor(text: string, units: Uint16Array, position: number) {
    const window = windowOf(text, units, position, Math.min(text.length, position + charactersAfter));
    const end = sentenceEnd(window);
    this.words = readWords(window.units, window.start, end);
    this.quantity = startsWithPercent(window.units, window.start, end) || (this.words.ids.length > 0 && isQuantity(this.words.bits[0] ?? 0));
    this.mentioned = mentionedBits(this.words);
  }
}

/** The bits of the vocabularies a window's words are in: those before a match, those after it, and a phrase across it. */
export function windowBits(before: WordsBefore, after: WordsAfter): number {
  const nearest = before.nearest;
  const { ids } = after.words;
  const across = nearest === undefined || ids.length === 0 ? 0 : phraseBits(nearest.id, nearest.bits, ids[0] ?? -1);
  return before.mentioned | after.mentioned | across;
}

/** Where the window's sentence ends: at a line break, or at ".", "!" or "?" before a blank or the window's end. */
function sentenceEnd({ units, start, end }: Window): number {
  for (let index = start; index < end; index += 1) {
    const unit = units[index] ?? 0;
    if (unit === 10) return index;
    if ((unit === 46 || unit === 33 || unit === 63) && (index + 1 === end || isWhitespace(units[index + 1] ?? 0))) return index;
  }
  return end;
}

/** "%" or " %" at `start`. */
function startsWithPercent(units: Uint16Array, start: number, end: number): boolean {
  const first = start < end ? units[start] : undefined;
  return first === 37 || (first === 32 && start + 1 < end && units[start + 1] === 37);
}

/**
 * The words of units[from, to), read in lower case: letters, digits and the characters of labels ("s/n",
 * "ss#", "e-mail", "no."), as the lexicon's numbers and bits.
 */
export function readWords(units: Uint16Array, from: number, to: number): WordList {
  const read: WordList = { ids: [], bits: [] };
  let start = -1;
  for (let index = from; index <= to; index += 1) {
    const inWord = index < to && isWordUnit(units[index] ?? 0);
    if (inWord && start < 0) start = index;
    if (inWord || start < 0) continue;
    takeRun(units, start, index, to, read);
    start = -1;
  }
  return read;
}

const numberToken = '0';

let specialIds: { number: number; numberBits: number; no: number; nr: number; noDot: number; nrDot: number } | undefined;

/** The lexicon's numbers of the words read in place of others: "0" for a number, "no." and "nr.". */
function special(): NonNullable<typeof specialIds> {
  if (specialIds === undefined) {
    const number = wordId(numberToken);
    specialIds = { number, numberBits: wordBitsAt(new Uint16Array([48]), 0, 1, number), no: wordId('no'), nr: wordId('nr'), noDot: wordId('no.'), nrDot: wordId('nr.') };
  }
  return specialIds;
}

/**
 * Adds the word of units[start, end), a run of word characters of the window that ends at `to`, to `into`;
 * false when the run is only decoration ("#", "'", "-"), which is no word. A word starting with a digit is
 * read as "0": a number is no word of any vocabulary. The decorations around a word are left out ("#12",
 * "'quoted'"), and "no" or "nr" before a "." is "no." or "nr.", the abbreviations of "number".
 */
function takeRun(units: Uint16Array, start: number, end: number, to: number, into: WordList): boolean {
  const known = special();
  const first = units[start] ?? 0;
  if (first >= 48 && first <= 57) {
    into.ids.push(known.number);
    into.bits.push(known.numberBits);
    return true;
  }
  const dotted = end < to && units[end] === 46;
  while (start < end && isDecoration(units[start] ?? 0)) start += 1;
  while (end > start && isDecoration(units[end - 1] ?? 0)) end -= 1;
  if (end === start) return false;
  let id = wordIdAt(units, start, end);
  if (dotted && (id === known.no || id === known.nr)) id = id === known.no ? known.noDot : known.nrDot;
  into.ids.push(id);
  into.bits.push(wordBitsAt(units, start, end, id));
  return true;
}

function isDecoration(code: number): boolean {
  return code === 35 || code === 39 || code === 45;
}

const letterOrNumber = /[\p{L}\p{N}]/u;

/** Whether each ASCII code unit is part of a word: a letter, a digit, or one of "_/#'-". */
const asciiWordUnits = new Uint8Array(128);
for (let code = 0; code < 128; code += 1) asciiWordUnits[code] = /[A-Za-z0-9_/#'-]/.test(String.fromCharCode(code)) ? 1 : 0;

function isWordUnit(code: number): boolean {
  if (code > 127) return letterOrNumber.test(String.fromCharCode(code));
  return asciiWordUnits[code] === 1;
}
