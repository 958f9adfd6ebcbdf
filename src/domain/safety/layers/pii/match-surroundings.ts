import { fillerWords, numberingWords } from './context-words.ts';

// The words around one match, read as they are needed: most matches are decided by the words right before
// them, so the rest of the window is only read for the few that are not.
const charactersBefore = 48;
const charactersAfter = 24;

export class Surroundings {
  readonly #text: string;
  readonly #start: number;
  readonly #end: number;
  #before: string | undefined;
  #beforeWords: string[] | undefined;
  #label: string[] | undefined;
  #after: string | undefined;
  #afterWords: string[] | undefined;
  #window: string[] | undefined;

  constructor(text: string, start: number, end: number) {
    this.#text = text;
    this.#start = start;
    this.#end = end;
  }

  /** The last characters before the match, lower case: where a one-letter label ("T:") would be. */
  get tail(): string {
    return this.#beforeText().slice(-12);
  }

  /** The last two words before the match, after the ones that say nothing ("call me on" → "call"). */
  get label(): string[] {
    if (this.#label === undefined) {
      const before = this.#wordsBefore();
      const end = this.#labelEnd();
      const earliest = Math.max(0, before.length - 5);
      this.#label = end === earliest ? [] : before.slice(Math.max(earliest, end - 2), end);
    }
    return this.#label;
  }

  /** Whether the words skipped before the label say "number of" ("loyalty no.", "customer number is"). */
  get numbered(): boolean {
    const before = this.#wordsBefore();
    return before.slice(this.#labelEnd()).some((word) => numberingWords.has(word));
  }

  #labelEnd(): number {
    const before = this.#wordsBefore();
    let end = before.length;
    const earliest = Math.max(0, before.length - 5);
    while (end > earliest && fillerWords.has(before[end - 1] ?? '')) end -= 1;
    return end;
  }

  /** The first word after the match ("percent" for "%"), in the same sentence. */
  get next(): string {
    if (/^ ?%/.test(this.#afterText())) return 'percent';
    return this.#wordsAfter()[0] ?? '';
  }

  /** Every word of the window: before the match, and after it to the end of its sentence. */
  get window(): string[] {
    this.#window ??= [...this.#wordsBefore(), ...this.#wordsAfter()];
    return this.#window;
  }

  #beforeText(): string {
    this.#before ??= this.#text.slice(Math.max(0, this.#start - charactersBefore), this.#start).toLowerCase();
    return this.#before;
  }

  #wordsBefore(): string[] {
    this.#beforeWords ??= words(this.#beforeText());
    return this.#beforeWords;
  }

  #wordsAfter(): string[] {
    this.#afterWords ??= words(this.#afterText());
    return this.#afterWords;
  }

  /** The text after a match up to the end of its sentence: "… 8380. Order 1234" does not label the card. */
  #afterText(): string {
    if (this.#after === undefined) {
      const after = this.#text.slice(this.#end, this.#end + charactersAfter).toLowerCase();
      const end = after.search(/[.!?](?:\s|$)|\n/);
      this.#after = end < 0 ? after : after.slice(0, end);
    }
    return this.#after;
  }
}

const numberToken = '0';

/**
 * The words of a lower-case text: letters, digits and the characters of labels ("s/n", "ss#", "e-mail",
 * "no."); a word starting with a digit is given as "0".
 */
export function words(text: string): string[] {
  const found: string[] = [];
  let start = -1;
  for (let index = 0; index <= text.length; index += 1) {
    const inWord = index < text.length && isWordCharacter(text, index);
    if (inWord && start < 0) start = index;
    if (inWord || start < 0) continue;
    // A number is no word of any vocabulary: one shared token keeps its place without a copy of its digits.
    const code = text.charCodeAt(start);
    const word = code >= 48 && code <= 57 ? numberToken : trimmed(text, start, index);
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
