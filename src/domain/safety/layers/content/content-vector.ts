import { hashedFeatures, type SparseVector } from '../../classifier/hashed-features.ts';
import type { ContentCategory } from './content-categories.ts';
import { contentSignals, type ContentSignals } from './content-signals.ts';

/** The model head that says whether a text is harmful or toxic at all. */
export const flaggedHead = 'flagged';

/**
 * Categories with a head of their own in the content model: those the development data has enough
 * examples of. The rest are found by the phrase rules only.
 */
export const categoryHeads: readonly ContentCategory[] = ['child_sexual_exploitation', 'harassment', 'hate', 'profanity', 'self_harm', 'sexual_content', 'violent_crimes'];

/** What the content model reads: the hashed text and the word-list and rule signals, computed once per text. */
export function contentVector(text: string, dimensions: number): { vector: SparseVector; signals: ContentSignals } {
  const signals = contentSignals(text);
  return { vector: hashedFeatures(text, { dimensions }, signals.features), signals };
}
