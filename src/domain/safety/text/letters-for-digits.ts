import { codeUnits } from './code-units.ts';

/** The letters that digits and signs stand for in leetspeak. */
const leet: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' };
/** At least this many words, and this share of all words, must mix letters with leetspeak digits before a text is read with letters. */
const leetWordsNeeded = 4;
const leetShareNeeded = 0.3;

/**
 * The text with the digits of every word that mixes letters and leetspeak digits (and of words of such
 * digits alone) read as letters, when at least four words, and three in ten of all words, mix them;
 * undefined otherwise (ids, versions and codes like "mp3" or "h264" are a small share of the words of
 * everyday text). One pass over the code units; the text is
 * rewritten only when it qualifies.
 */
export function lettersForDigits(text: string): string | undefined {
  const units = codeUnits(text);
  let words = 0;
  let mixed = 0;
  let letters = 0;
  let digits = 0;
  let inWord = false;
  for (let index = 0; index <= units.length; index += 1) {
    const code = index < units.length ? (units[index] as number) : 32;
    if (code === 32 || code === 10 || code === 9 || code === 13) {
      if (inWord) {
        words += 1;
        if (letters > 0 && digits > 0) mixed += 1;
      }
      inWord = false;
      letters = 0;
      digits = 0;
      continue;
    }
    inWord = true;
    if (leetDigit(code)) digits += 1;
    else if ((code | 0x20) >= 97 && (code | 0x20) <= 122) letters += 1;
  }
  if (mixed < leetWordsNeeded || mixed < leetShareNeeded * words) return undefined;
  return readWithLetters(units);
}

/**
 * The text with the leetspeak digits of each word read as letters when the word mixes them with letters or
 * is made of them alone ("h0w d0 1 m4k3 4 b0mb", "st34l 4 8453"), in one pass over a copy of its code units.
 */
function readWithLetters(units: Uint16Array): string {
  const read = Uint16Array.from(units);
  let wordStart = 0;
  let letters = 0;
  let digits = 0;
  let others = 0;
  for (let index = 0; index <= read.length; index += 1) {
    const code = index < read.length ? (read[index] as number) : 32;
    if (code === 32 || code === 10 || code === 9 || code === 13) {
      if (digits > 0 && (letters > 0 || others === 0 || (others === 1 && isClosingMark(read[index - 1] as number)))) {
        for (let at = wordStart; at < index; at += 1) read[at] = letterCodes[read[at] as number] ?? (read[at] as number);
      }
      wordStart = index + 1;
      letters = 0;
      digits = 0;
      others = 0;
    } else if (leetDigit(code)) digits += 1;
    else if ((code | 0x20) >= 97 && (code | 0x20) <= 122) letters += 1;
    else others += 1;
  }
  return utf16.decode(read);
}

const utf16 = new TextDecoder('utf-16le');
/** The letter code for each leetspeak digit's code. */
const letterCodes: Readonly<Record<number, number>> = Object.fromEntries(Object.entries(leet).map(([digit, letter]) => [digit.charCodeAt(0), letter.charCodeAt(0)]));

/** A mark that may end a word made of digits ("8453?"). */
function isClosingMark(code: number): boolean {
  return code === 63 || code === 33 || code === 46 || code === 44;
}

function leetDigit(code: number): boolean {
  return code === 48 || code === 49 || code === 51 || code === 52 || code === 53 || code === 55 || code === 56;
}
