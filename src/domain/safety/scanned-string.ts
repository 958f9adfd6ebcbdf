import type { ScannedString } from './safety-layer.ts';
import { normalizeText } from './text/normalize-text.ts';

/** A string ready for the text layers: where it was, as received, and normalised. */
export function scannedString(path: string, original: string): ScannedString {
  return { path, original, normalized: normalizeText(original) };
}
