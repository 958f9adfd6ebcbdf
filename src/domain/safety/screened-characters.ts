import { AppError } from '../errors.ts';
import type { LocatedString } from './text/request-strings.ts';

/**
 * How many characters the safety layers read for one request, its strings together, unless
 * `SAFETY_MAX_SCREENED_CHARACTERS` says otherwise: 256 Ki characters, far more than any real prompt and its
 * fields, and little enough that every scan of them stays short.
 */
export const defaultMaxScreenedCharacters = 262_144;

/** 413 `payload_too_large` when the strings together are longer than the limit; checked before any scan. */
export function refuseOverScreeningLimit(strings: readonly LocatedString[], limitCharacters: number): void {
  let total = 0;
  for (const { text } of strings) total += text.length;
  if (total > limitCharacters) {
    throw new AppError('payload_too_large', `The request's text is longer than the ${limitCharacters} characters the safety screen reads`, { limitCharacters });
  }
}

/** The texts cut so that together they hold at most `limitCharacters`, in order: what tools fetched beyond it is dropped. */
export function truncatedToScreeningLimit(texts: readonly string[], limitCharacters: number): string[] {
  let left = limitCharacters;
  return texts.map((text) => {
    const kept = text.length <= left ? text : text.slice(0, left);
    left -= kept.length;
    return kept;
  });
}
