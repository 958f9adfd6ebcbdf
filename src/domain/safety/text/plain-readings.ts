import { codeWordReading, joinedPieces } from './code-words.ts';
import { lettersForDigits } from './letters-for-digits.ts';
import { scanTexts, type NormalizedText } from './normalize-text.ts';
import { obfuscatedReadings } from './obfuscated-readings.ts';

/**
 * Up to this length a text is read whole with its hidden words in place, its code words replaced and its
 * quoted pieces joined (the tricks of a request); a longer one (a document) gives only what its hidden
 * stretches say and its digits read as letters, so that a long page with one spaced-out line is not
 * assessed twice over.
 */
const readWholeUpTo = 2_000;

/**
 * What a text says under the tricks that hide a request from a reader of its words: letters spaced apart,
 * text written backwards, ROT13 and Morse (obfuscated-readings.ts) read in place, digits for letters
 * (letters-for-digits.ts), code words replaced by what they stand for, and a sentence cut into quoted pieces
 * put back together (code-words.ts). At most two texts (the text as read, the pieces joined); none when the
 * text hides nothing, which is almost every text. Each step is one linear pass.
 */
export function plainReadings(text: string): string[] {
  const readings: string[] = [];
  const whole = text.length <= readWholeUpTo;
  let read = whole ? inPlace(text) : obfuscatedReadings(text).map((found) => found.reading).join('\n') || text;
  if (whole) read = codeWordReading(read) ?? read;
  read = lettersForDigits(read) ?? read;
  if (read !== text) readings.push(read);
  const pieces = whole ? joinedPieces(text) : undefined;
  if (pieces !== undefined) readings.push(pieces);
  return readings;
}

// A screen's layers read the same normalised strings: each string's readings are found once.
const readingsByString = new WeakMap<NormalizedText, readonly string[]>();

/** The plain readings of every text of one normalised string (itself and its decoded spans; see scanTexts). */
export function hiddenReadingsOf(normalized: NormalizedText): readonly string[] {
  let readings = readingsByString.get(normalized);
  if (readings === undefined) {
    readings = scanTexts(normalized).flatMap(plainReadings);
    readingsByString.set(normalized, readings);
  }
  return readings;
}

/**
 * The text with each hidden stretch replaced by what it says. A stretch written backwards that is longer than
 * one reading (320 characters) is read piece by piece in the order written, so its sentences come last first.
 */
function inPlace(text: string): string {
  const readings = obfuscatedReadings(text);
  if (readings.length === 0) return text;
  let read = '';
  let from = 0;
  for (const { start, end, reading } of readings) {
    if (start < from) continue;
    read += `${text.slice(from, start)}${reading} `;
    from = end;
  }
  return read + text.slice(from);
}
