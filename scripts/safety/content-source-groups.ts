/**
 * How the content data's sources are held out and weighed. A held-out group is what "unseen data" means for
 * the leave-one-source-out evaluation: one public source whole, or a family of rows built the same way
 * (both CoCoNot contrast files; the three authored identity sets, which share templates and descriptors).
 * Rows added by the training script (benign prompts, business idioms, swearing examples) are never held
 * out: they are not content data and their rates say nothing about unseen text.
 */
export function heldOutGroupOf(source: string): string {
  if (source.startsWith('coconot-contrast')) return 'coconot-contrast';
  if (source.startsWith('authored-identity')) return 'authored-identity';
  return source;
}

/** Sources of posts and comments rather than requests: the request head does not learn from them. */
const postSources = new Set(['davidson', 'oai-moderation', 'surge-toxicity', 'swearing-at-things', 'insults-at-people']);

/**
 * Authored rows are templated: many near-copies of a few sentences. They weigh less in training and when a
 * threshold is chosen, so that the model and its threshold follow the public sources more than templates.
 */
export const authoredWeight = 0.3;

/** How much one row of the source counts when a threshold is chosen. */
export function thresholdWeightOf(source: string): number {
  return source.startsWith('authored-') ? authoredWeight : 1;
}

/**
 * The training weight of the authored requests (scripts/safety/data/): each harmful core next to the
 * look-alike that shares its words, in classes the public sources hold few of. Doubled, they hold their own
 * against the many groups of benign prompts and document stretches that train the request head as
 * negatives (held out: pooled recall 0.50 -> 0.51 at the same 4.7% of look-alikes blocked; ADR 0051).
 */
export const authoredRequestWeight = 2;

/**
 * How much one row of the source counts in training. Rows filled in from templates weigh less; the
 * authored requests more (see authoredRequestWeight); the hand-written look-alikes, identity questions and
 * statements are each their own sentence, and the few benign look-alikes outside the CoCoNot contrast set
 * the model can learn from.
 */
export function trainingWeightOf(source: string): number {
  if (source.startsWith('authored-harm-requests') || source.startsWith('authored-lookalike-requests')) return authoredRequestWeight;
  return source === 'authored-identity-template' ? authoredWeight : 1;
}

/**
 * The kinds of benign text whose false-positive rates are targets of their own: neutral mentions of
 * identity groups, look-alikes of harmful requests (the CoCoNot contrast sets and the hand-written
 * look-alikes), other requests (finance and everyday questions) and posts (the tweets and comments of the
 * first data set). The look-alikes are a kind of their own: pooled with the everyday questions, which are
 * almost never blocked, their own rate could pass the target unseen.
 */
export type BenignKind = 'identity' | 'lookalike' | 'request' | 'post';

export function benignKindOf(source: string): BenignKind {
  if (source.startsWith('authored-identity')) return 'identity';
  if (source.startsWith('coconot-contrast') || source === 'authored-lookalike') return 'lookalike';
  return postSources.has(source) ? 'post' : 'request';
}

/**
 * Whether the request head learns from the source's rows: requests and prompts (harmful requests, benign
 * look-alikes, identity mentions, benign prompts, business text), not the toxic tweets and comments, whose
 * harm is in how they speak, not in what they ask for.
 */
export function readsAsRequest(source: string): boolean {
  return !postSources.has(source);
}
