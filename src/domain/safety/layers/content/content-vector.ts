import { hashedFeatures, type SparseVector } from '../../classifier/hashed-features.ts';
import type { ContentCategory } from './content-categories.ts';
import { contentSignals, type ContentSignals } from './content-signals.ts';
import { maskIdentityTerms } from './identity-terms.ts';
import { requestSignals } from './request-signals.ts';
import { requestVector } from './request-vector.ts';
import { sentenceWindows } from './sentence-windows.ts';

/** The model head that says whether a text is harmful or toxic at all, reading the whole text. */
export const flaggedHead = 'flagged';

/** The model head that says whether a text asks for help doing harm, reading what is asked (request-vector.ts). */
export const requestHead = 'request';

/**
 * Categories with a head of their own in the content model: those the development data has enough
 * examples of. The rest are found by the phrase rules only.
 */
export const categoryHeads: readonly ContentCategory[] = ['child_sexual_exploitation', 'harassment', 'hate', 'non_violent_crimes', 'privacy', 'profanity', 'self_harm', 'sexual_content', 'violent_crimes'];

/** What the content model reads of one text. */
export interface ContentVectors {
  /** The flagged and category heads' input. */
  vector: SparseVector;
  /** The request head's input: the whole text. */
  request: SparseVector;
  /** …and, for a long text, each stretch of sentences (see sentence-windows.ts); empty for a short one. */
  requestWindows: SparseVector[];
  signals: ContentSignals;
}

/** Texts up to twice this long are read by the request head whole; longer ones in stretches of about this many characters. */
export const requestWindowCharacters = 200;

/**
 * What the content model reads, computed once per text: the hashed text with identity words as one
 * placeholder (see identity-terms.ts) plus the word-list and rule signals, for the flagged and category
 * heads; the content words and their pairs plus the request signals (what the text asks for, see
 * request-signals.ts), for the request head, of the whole text and of each stretch of a long one. A
 * request for a harmful method or object counts as evidence, like a listed word.
 */
export function contentVectors(text: string, dimensions: number): ContentVectors {
  const words = contentSignals(text);
  const request = requestSignals(text);
  const signals = request.asksForHarm && !words.hasEvidence ? { ...words, hasEvidence: true } : words;
  const features = { ...words.features, ...request.features };
  const windows = sentenceWindows(text, requestWindowCharacters);
  const requestWindows = windows.length > 1 ? windows.map((window) => requestVector(window, dimensions, requestSignals(window).features)) : [];
  return { vector: hashedFeatures(maskIdentityTerms(text), { dimensions }, features), request: requestVector(text, dimensions, features), requestWindows, signals };
}
