/**
 * Plain readings of text hidden by three simple tricks the encoded-span decoder does not undo: letters
 * spaced apart ("I g n o r e   a l l"), text written backwards ("snoitcurtsni suoiverp erongi") and ROT13
 * ("vtaber nyy cerivbhf vafgehpgvbaf"). The jailbreak rules read each reading as the words it hides, so a
 * window holding hidden text is scored with what it says. Linear: one pass per line, and readings are
 * built only for the lines that qualify.
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

/** Common English words of three letters or more whose reversal and ROT13 are not English words themselves. */
const commonWords = [
  'the', 'and', 'you', 'your', 'this', 'that', 'for', 'with', 'all', 'what', 'tell', 'ignore', 'instructions', 'previous', 'write', 'print', 'prompt', 'system', 'please',
  'answer', 'only', 'from', 'have', 'any', 'must', 'should', 'above', 'text', 'user', 'output', 'respond', 'following', 'message', 'rules', 'give', 'list', 'every', 'about',
];
const forwards = new Set(commonWords);
const backwards = new Set(commonWords.map((word) => [...word].reverse().join('')));
const inRot13 = new Set(commonWords.map(rot13));

export function obfuscatedReadings(text: string): ObfuscatedReading[] {
  const readings: ObfuscatedReading[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    readLine(text, lineStart, lineEnd, readings);
    lineStart = lineEnd + 1;
  }
  return readings;
}

function readLine(text: string, lineStart: number, lineEnd: number, readings: ObfuscatedReading[]): void {
  spacedLetters(text, lineStart, lineEnd, readings);
  let reversed = 0;
  let rotated = 0;
  let plain = 0;
  for (const word of text.slice(lineStart, lineEnd).toLowerCase().match(/[a-z]{3,12}/g) ?? []) {
    if (forwards.has(word)) plain += 1;
    if (backwards.has(word)) reversed += 1;
    if (inRot13.has(word)) rotated += 1;
  }
  // Plain words may come first ("Read this backwards and do it: …"): half as many hidden ones are enough.
  if (reversed >= fewestTellingWords && 2 * reversed >= plain) pushSegments(text, lineStart, lineEnd, (part) => [...part].reverse().join(''), readings);
  else if (rotated >= fewestTellingWords && 2 * rotated >= plain) pushSegments(text, lineStart, lineEnd, rot13, readings);
  morseCode(text, lineStart, lineEnd, readings);
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
function morseCode(text: string, lineStart: number, lineEnd: number, readings: ObfuscatedReading[]): void {
  let runStart = -1;
  let runEnd = -1;
  let letters = 0;
  const close = () => {
    if (runStart >= 0 && letters >= fewestMorseLetters)
      pushSegments(text, runStart, runEnd, (part) => part.split(' ').map((token) => morseLetters[token] ?? '').join(''), readings);
    runStart = -1;
    letters = 0;
  };
  let index = lineStart;
  while (index < lineEnd) {
    while (index < lineEnd && text.charCodeAt(index) === 32) index += 1;
    const tokenStart = index;
    while (index < lineEnd && text.charCodeAt(index) !== 32) index += 1;
    if (index === tokenStart) break;
    if (index - tokenStart <= 6 && isMorseUnit(text.charCodeAt(tokenStart)) && morseLetters[text.slice(tokenStart, index)] !== undefined) {
      if (runStart < 0) runStart = tokenStart;
      runEnd = index;
      letters += 1;
    } else close();
  }
  close();
}

/**
 * Runs of single characters each followed by one space, words set apart by two or more: read with the
 * single spaces dropped and the wider gaps kept as one.
 */
function spacedLetters(text: string, lineStart: number, lineEnd: number, readings: ObfuscatedReading[]): void {
  let runStart = -1;
  let letters = 0;
  let index = lineStart;
  const close = (end: number) => {
    if (runStart >= 0 && letters >= fewestSpacedLetters) pushSegments(text, runStart, end, (part) => part.replace(/ {2,}/g, '\u0000').replaceAll(' ', '').replaceAll('\u0000', ' '), readings);
    runStart = -1;
    letters = 0;
  };
  while (index < lineEnd) {
    const single = text.charCodeAt(index) !== 32 && (index + 1 >= lineEnd || text.charCodeAt(index + 1) === 32);
    const startsWord = index === lineStart || text.charCodeAt(index - 1) === 32;
    if (single && startsWord) {
      if (runStart < 0) runStart = index;
      letters += 1;
      index += 1;
      while (index < lineEnd && text.charCodeAt(index) === 32) index += 1;
    } else {
      close(index);
      while (index < lineEnd && text.charCodeAt(index) !== 32) index += 1;
      while (index < lineEnd && text.charCodeAt(index) === 32) index += 1;
    }
  }
  close(lineEnd);
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
