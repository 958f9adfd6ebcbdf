import type { ScannedString } from '../../safety-layer.ts';
import { scanTexts } from '../../text/normalize-text.ts';
import { hiddenReadingsOf } from '../../text/plain-readings.ts';

/**
 * Every distinct text of every string: the normalised string, each span decoded from it, and what any of
 * them says under a trick that hides its words (spaced, backwards, ROT13, Morse, digits for letters, code
 * words, a sentence cut into quoted pieces: plain-readings.ts), each once. An output often repeats a sentence
 * (a takeaway that is the summary's first line, caveats that restate key points); its score and categories
 * are the same the second time, so it is assessed once.
 */
export function* textsOf(strings: readonly ScannedString[]): Iterable<string> {
  const seen = new Set<string>();
  for (const string of strings) {
    for (const text of [...scanTexts(string.normalized), ...hiddenReadingsOf(string.normalized)]) {
      if (seen.has(text)) continue;
      seen.add(text);
      yield text;
    }
  }
}
