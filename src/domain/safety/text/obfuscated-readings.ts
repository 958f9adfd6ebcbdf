import { codeUnits, lowerCased } from './code-units.ts';

/**
 * Plain readings of text hidden by simple tricks the encoded-span decoder does not undo: letters spaced
 * apart ("I g n o r e   a l l"), text written backwards ("snoitcurtsni suoiverp erongi"), ROT13 ("vtaber nyy
 * cerivbhf vafgehpgvbaf") and Morse code. The jailbreak rules read each reading as the words it hides, so a
 * window holding hidden text is scored with what it says; plain-readings.ts puts them in place for every
 * layer. Linear: one pass per line over the text's code units (see code-units.ts), and readings are built
 * only for the lines that qualify.
 */

export interface ObfuscatedReading {
  /** Where the hidden text is, in the text read. */
  start: number;
  end: number;
  /** What it says. */
  reading: string;
}

/** A reading covers at most this many characters of the text, so that it fits inside one scoring window. */
const longestSegment = 320;
/** At least this many spaced single characters in a row make spaced-out text. */
const fewestSpacedLetters = 10;
/** At least this many words of a line must be common English words backwards (or in ROT13), and more of them than read forwards. */
const fewestTellingWords = 3;

/** Common English words of three letters or more (of instructions and of harmful requests) whose reversal and ROT13 are not English words themselves. */
const commonWords = [
  'the', 'and', 'you', 'your', 'this', 'that', 'for', 'with', 'all', 'what', 'tell', 'ignore', 'instructions', 'previous', 'write', 'print', 'prompt', 'system', 'please',
  'answer', 'only', 'from', 'have', 'any', 'must', 'should', 'above', 'text', 'user', 'output', 'respond', 'following', 'message', 'rules', 'give', 'list', 'every', 'about',
  'how', 'into', 'make', 'can', 'get', 'when', 'who', 'home', 'find', 'need', 'want', 'like', 'just', 'some', 'more', 'best', 'using', 'explain', 'without', 'people', 'someone',
  'hack', 'network', 'password', 'account', 'steal', 'kill', 'bomb', 'weapon', 'drugs', 'money', 'detail', 'detailed',
];
/** For each form of a common word, whether it is the word itself (1), backwards (2) or in ROT13 (4). */
const forms = new Map<string, number>();
const addForm = (form: string, kind: number) => forms.set(form, (forms.get(form) ?? 0) | kind);
for (const word of commonWords) {
  addForm(word, 1);
  addForm([...word].reverse().join(''), 2);
  addForm(rot13(word), 4);
}
/**
 * The first three letters of the forms of each kind, as bit tables (a bit per kind): the other words are not
 * copied out to be looked up.
 */
const tripleKey = (first: number, second: number, third: number) => ((first - 97) * 26 + (second - 97)) * 26 + (third - 97);
const formStarts = new Uint8Array(26 * 26 * 26);
for (const [form, kinds] of forms) {
  const key = tripleKey(form.charCodeAt(0), form.charCodeAt(1), form.charCodeAt(2));
  formStarts[key] = (formStarts[key] ?? 0) | kinds;
}
const plainKind = 1;
const hiddenKinds = 2 | 4;

export function obfuscatedReadings(text: string): ObfuscatedReading[] {
  const readings: ObfuscatedReading[] = [];
  const units = codeUnits(text);
  const lower = lowerCased(text);
  // Lower case keeps positions only when it keeps the length; otherwise each line is lowered on its own.
  const sameLength = lower.length === text.length;
  const lowerUnits = sameLength ? codeUnits(lower) : undefined;
  // One line object for the whole walk when the lowered text keeps positions: it moves from line to line.
  const shared: LowerLine | undefined = lowerUnits ? { text: lower, units: lowerUnits, start: 0, end: 0 } : undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    let line: LowerLine;
    if (shared) {
      shared.start = lineStart;
      shared.end = lineEnd;
      line = shared;
    } else {
      line = lowerLine(text.slice(lineStart, lineEnd));
    }
    readLine(text, units, line, lineStart, lineEnd, readings);
    lineStart = lineEnd + 1;
  }
  return readings;
}

/** A line in lower case: a part of a lowered text, or a line lowered on its own. */
interface LowerLine {
  text: string;
  units: Uint16Array;
  start: number;
  end: number;
}

function lowerLine(line: string): LowerLine {
  const lower = line.toLowerCase();
  return { text: lower, units: codeUnits(lower), start: 0, end: lower.length };
}

function readLine(text: string, units: Uint16Array, line: LowerLine, lineStart: number, lineEnd: number, readings: ObfuscatedReading[]): void {
  spacedLetters(text, units, lineStart, lineEnd, readings);
  // Most lines hide nothing: the plain words are counted only for a line with enough hidden ones.
  countForms(line, hiddenKinds);
  const reversed = formCounts[reversedCount] as number;
  const rotated = formCounts[rotatedCount] as number;
  if (reversed >= fewestTellingWords || rotated >= fewestTellingWords) {
    countForms(line, plainKind);
    const plain = formCounts[plainCount] as number;
    // Plain words may come first ("Read this backwards and do it: …"): half as many hidden ones are enough.
    if (reversed >= fewestTellingWords && 2 * reversed >= plain) pushSegments(text, lineStart, lineEnd, backwards, readings);
    else if (rotated >= fewestTellingWords && 2 * rotated >= plain) pushSegments(text, lineStart, lineEnd, rot13, readings);
  }
  morseCode(text, units, lineStart, lineEnd, readings);
}

/** The counts countForms leaves, by kind: reused from line to line (the service is single-threaded). */
const formCounts = new Int32Array(3);
const plainCount = 0;
const reversedCount = 1;
const rotatedCount = 2;

function backwards(part: string): string {
  return [...part].reverse().join('');
}

/**
 * How many words of a lower-case line are common words of the given kinds, left in formCounts: as they are
 * (1), backwards (2), in ROT13 (4). Words are runs of a–z read in pieces of three to twelve letters, as
 * `/[a-z]{3,12}/g` reads them.
 */
function countForms(line: LowerLine, kinds: number): void {
  formCounts.fill(0);
  const { units } = line;
  let index = line.start;
  while (index < line.end) {
    const code = units[index] as number;
    if (code < 97 || code > 122) {
      index += 1;
      continue;
    }
    let runEnd = index;
    while (runEnd < line.end && (units[runEnd] as number) >= 97 && (units[runEnd] as number) <= 122) runEnd += 1;
    for (let piece = index; runEnd - piece >= 3; piece += 12) {
      if (((formStarts[tripleKey(units[piece] as number, units[piece + 1] as number, units[piece + 2] as number)] as number) & kinds) === 0) continue;
      const found = (forms.get(line.text.slice(piece, Math.min(runEnd, piece + 12))) ?? 0) & kinds;
      if ((found & 1) !== 0) formCounts[plainCount] = (formCounts[plainCount] as number) + 1;
      if ((found & 2) !== 0) formCounts[reversedCount] = (formCounts[reversedCount] as number) + 1;
      if ((found & 4) !== 0) formCounts[rotatedCount] = (formCounts[rotatedCount] as number) + 1;
    }
    index = runEnd;
  }
}

const morseLetters: Readonly<Record<string, string>> = {
  '.-': 'a', '-...': 'b', '-.-.': 'c', '-..': 'd', '.': 'e', '..-.': 'f', '--.': 'g', '....': 'h', '..': 'i', '.---': 'j', '-.-': 'k', '.-..': 'l', '--': 'm', '-.': 'n', '---': 'o', '.--.': 'p',
  '--.-': 'q', '.-.': 'r', '...': 's', '-': 't', '..-': 'u', '...-': 'v', '.--': 'w', '-..-': 'x', '-.--': 'y', '--..': 'z', '-----': '0', '.----': '1', '..---': '2', '...--': '3', '....-': '4',
  '.....': '5', '-....': '6', '--...': '7', '---..': '8', '----.': '9', '/': ' ',
};
/** At least this many Morse letters in a row make Morse code. */
const fewestMorseLetters = 8;

/** A dot, a dash or a slash: only tokens starting with one are looked up. */
function isMorseUnit(code: number): boolean {
  return code === 46 || code === 45 || code === 47;
}

/** Runs of Morse letters (dots and dashes, words parted by "/"), read as letters. */
function morseCode(text: string, units: Uint16Array, lineStart: number, lineEnd: number, readings: ObfuscatedReading[]): void {
  let runStart = -1;
  let runEnd = -1;
  let letters = 0;
  let index = lineStart;
  while (index < lineEnd) {
    while (index < lineEnd && units[index] === 32) index += 1;
    const tokenStart = index;
    while (index < lineEnd && units[index] !== 32) index += 1;
    if (index === tokenStart) break;
    if (index - tokenStart <= 6 && isMorseUnit(units[tokenStart] as number) && morseLetters[text.slice(tokenStart, index)] !== undefined) {
      if (runStart < 0) runStart = tokenStart;
      runEnd = index;
      letters += 1;
      continue;
    }
    if (runStart >= 0 && letters >= fewestMorseLetters) pushSegments(text, runStart, runEnd, readMorse, readings);
    runStart = -1;
    letters = 0;
  }
  if (runStart >= 0 && letters >= fewestMorseLetters) pushSegments(text, runStart, runEnd, readMorse, readings);
}

function readMorse(part: string): string {
  return part
    .split(' ')
    .map((token) => morseLetters[token] ?? '')
    .join('');
}

/**
 * Runs of single characters each followed by one space, words set apart by two or more: read with the
 * single spaces dropped and the wider gaps kept as one.
 */
function spacedLetters(text: string, units: Uint16Array, lineStart: number, lineEnd: number, readings: ObfuscatedReading[]): void {
  let runStart = -1;
  let letters = 0;
  let index = lineStart;
  while (index < lineEnd) {
    const single = units[index] !== 32 && (index + 1 >= lineEnd || units[index + 1] === 32);
    const startsWord = index === lineStart || units[index - 1] === 32;
    if (single && startsWord) {
      if (runStart < 0) runStart = index;
      letters += 1;
      index += 1;
      while (index < lineEnd && units[index] === 32) index += 1;
    } else {
      if (runStart >= 0 && letters >= fewestSpacedLetters) pushSegments(text, runStart, index, readSpaced, readings);
      runStart = -1;
      letters = 0;
      while (index < lineEnd && units[index] !== 32) index += 1;
      while (index < lineEnd && units[index] === 32) index += 1;
    }
  }
  if (runStart >= 0 && letters >= fewestSpacedLetters) pushSegments(text, runStart, lineEnd, readSpaced, readings);
}

/** Spaced-out letters read: single spaces dropped, wider gaps kept as one. */
function readSpaced(part: string): string {
  return part.replace(/ {2,}/g, '\u0000').replaceAll(' ', '').replaceAll('\u0000', ' ');
}

/** The readings of `[start, end)` in pieces of at most `longestSegment` characters, cut after a space where there is one. */
function pushSegments(text: string, start: number, end: number, read: (part: string) => string, readings: ObfuscatedReading[]): void {
  let from = start;
  while (from < end) {
    let to = Math.min(end, from + longestSegment);
    if (to < end) {
      const space = text.lastIndexOf(' ', to - 1);
      if (space > from + longestSegment / 2) to = space + 1;
    }
    const reading = read(text.slice(from, to)).trim();
    if (reading !== '') readings.push({ start: from, end: to, reading });
    from = to;
  }
}

function rot13(word: string): string {
  return word.replace(/[a-z]/gi, (letter) => {
    const base = letter <= 'Z' ? 65 : 97;
    return String.fromCharCode(((letter.charCodeAt(0) - base + 13) % 26) + base);
  });
}
