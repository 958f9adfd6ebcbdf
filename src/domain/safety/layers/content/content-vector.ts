import { hashedFeatures, type SparseVector } from '../../classifier/hashed-features.ts';
import type { ContentCategory } from './content-categories.ts';
import { contentSignals, type ContentSignals } from './content-signals.ts';
import { maskIdentityTerms } from './identity-terms.ts';
import { requestSignalsOfStretches, type RequestSignals } from './request-signals.ts';
import { requestVector } from './request-vector.ts';
import { sentenceRanges } from './sentence-windows.ts';

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
  /**
   * The request head's inputs: the whole of a short text, each stretch of sentences of a long one (see
   * sentence-windows.ts); an empty vector for each that does not ask (see `asks`), except when read `whole`.
   */
  requests: SparseVector[];
  /** For each of `requests`: whether it asks for harm (request-signals.ts); the request head counts only where it does. */
  asks: boolean[];
  signals: ContentSignals;
}

/** Texts up to twice this long are read by the request head whole; longer ones in stretches of about this many characters. */
export const requestWindowCharacters = 200;

/**
 * What the content model reads, computed once per text: the hashed text with identity words as one
 * placeholder (see identity-terms.ts) plus the word-list and rule signals, for the flagged and category
 * heads; the content words and their pairs plus the request signals (what the text asks for, see
 * request-signals.ts), for the request head. A request for a harmful method or object counts as evidence,
 * like a listed word. The request signals are read per stretch of a long text; as they only combine within
 * a sentence, the stretches' signals together are the whole text's. `whole` reads the request head's input
 * of a long text whole as well, as training does: the model learns from each labelled text as one.
 */
/** The request input of a stretch the request head does not read. */
const notRead: SparseVector = { indices: new Int32Array(0), values: new Float32Array(0) };

export function contentVectors(text: string, dimensions: number, whole = false): ContentVectors {
  const words = contentSignals(text);
  const windows = sentenceRanges(text, requestWindowCharacters);
  const windowSignals = requestSignalsOfStretches(text, windows);
  const requestFeatures = windowSignals.length === 1 ? (windowSignals[0] as RequestSignals).features : Object.assign({}, ...windowSignals.map((signal) => signal.features));
  const asksForHarm = windowSignals.some((signal) => signal.asksForHarm);
  const signals = asksForHarm && !words.hasEvidence ? { ...words, hasEvidence: true } : words;
  const features = { ...words.features, ...requestFeatures };
  const single = windows.length === 1 || whole;
  const asks = single ? [windowSignals.some((signal) => signal.asks)] : windowSignals.map((signal) => signal.asks);
  // A stretch that asks for nothing is never read by the request head: its vector is not built (training
  // reads texts whole, and every text's, since the head learns from the requests that ask for nothing too).
  const requests = single
    ? [whole || asks[0] === true ? requestVector(text, dimensions, features) : notRead]
    : windows.map(([start, end], index) => (asks[index] === true ? requestVector(text.slice(start, end), dimensions, (windowSignals[index] as RequestSignals).features) : notRead));
  return { vector: hashedFeatures(maskIdentityTerms(text), { dimensions }, features), requests, asks, signals };
}
