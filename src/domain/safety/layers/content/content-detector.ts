import type { SparseVector } from '../../classifier/hashed-features.ts';
import { sigmoid, type LinearClassifier } from '../../classifier/linear-classifier.ts';
import { scannedString } from '../../scanned-string.ts';
import { categoriesSettledByWords, hasEvidenceFor } from './category-evidence.ts';
import { textsOf } from './content-texts.ts';
import { isBlockingCategory, type ContentCategory } from './content-categories.ts';
import type { ContentSignals } from './content-signals.ts';
import { categoryHeads, contentVectors, flaggedHead, requestHead } from './content-vector.ts';
import { isHarmlessTargetQuestion } from './harmless-target.ts';
import { isHelpAskedByOwner, isOwnAccountHelp } from './own-account-help.ts';
import { isProtectiveQuestion } from './protective-question.ts';
import { isSupportSought } from './support-sought.ts';

/** What the content checks found in one text. */
export interface ContentAssessment {
  /** 0–1: how likely the text is harmful or toxic; 0.5 and up when a head's threshold is reached. */
  score: number;
  /** Detected categories, sorted; empty when nothing was found. */
  categories: ContentCategory[];
}

/** The outcome for one raw text, as the evaluation reads it. */
export interface ContentDetection {
  /** Something was found: the layer would block or flag. */
  flagged: boolean;
  /** A category the layer refuses was found. */
  blocked: boolean;
  score: number;
  categories: ContentCategory[];
}

/** A phrase rule's hit is near-certain; it ranks above every model score the thresholds let through. */
const ruleScore = 0.99;
/**
 * The flagged head's probability from which a text with swear words in it is reported as profanity even
 * below the blocking threshold: profanity is only reported, never refused, so its bar need not be set by
 * the false positives a block would cost.
 */
const profanityProbability = 0.5;
/** Below this many words, a text with nothing listed in it gives the model too little to read. */
const fewWords = 3;

/**
 * A deciding head's (flagged or request) probability as the layer uses it. One or two ordinary words
 * ("pitch", "must", "self-harm" as a label in structured output) are mostly character fragments to the
 * model, and its probability for them is noise; without a listed word, a rule hit or a request for harm
 * the score is scaled down by how little text there is.
 */
export function flaggedScore(probability: number, signals: Pick<ContentSignals, 'words' | 'hasEvidence'>): number {
  return signals.words < fewWords && !signals.hasEvidence ? (probability * signals.words) / fewWords : probability;
}

interface PreparedModel {
  flaggedThreshold: number;
  /** Undefined for a model without a request head. */
  requestThreshold: number | undefined;
  heads: { category: ContentCategory; threshold: number }[];
}

/**
 * A head's probability on one scale for every head: its threshold maps to 0.5, below it to 0–0.5 and
 * above it to 0.5–1, so the highest of several heads says whether any reached its threshold.
 */
export function scoreAgainst(probability: number, threshold: number): number {
  if (probability < threshold) return threshold > 0 ? (0.5 * probability) / threshold : 0.5;
  return threshold < 1 ? 0.5 + (0.5 * (probability - threshold)) / (1 - threshold) : 1;
}

/** At this score or above a text is harmful: some head reached its threshold (see scoreAgainst). */
export const harmfulScore = 0.5;

// Thresholds and heads are read from the model once, not on every text.
const prepared = new WeakMap<LinearClassifier, PreparedModel>();

function prepare(model: LinearClassifier): PreparedModel {
  let entry = prepared.get(model);
  if (!entry) {
    const names = new Set(model.headNames);
    if (!names.has(flaggedHead)) throw new Error(`the content model has no "${flaggedHead}" head`);
    entry = {
      flaggedThreshold: model.threshold(flaggedHead) ?? 0.5,
      requestThreshold: names.has(requestHead) ? (model.threshold(requestHead) ?? 0.5) : undefined,
      heads: categoryHeads.filter((category) => names.has(category)).map((category) => ({ category, threshold: model.threshold(category) ?? 0.5 })),
    };
    prepared.set(model, entry);
  }
  return entry;
}

/**
 * Assesses one normalised text. The features are computed once and every head reads them. The text is
 * harmful when the flagged head (toxic, abusive or harmful text as a whole) or the request head (a request
 * for help doing harm, in the whole text or in one stretch of a long one) reaches its threshold. The category heads are consulted only then (an insult
 * aimed at the reader settles harassment before they are asked). A head's vote counts when the text backs
 * its category (see category-evidence.ts); a harmful text without a counted vote is named after the head
 * closest to its threshold among those the text backs, or, when it backs none, among the refused
 * categories: the model found harm, and nothing in the text says it is only swearing. A phrase rule's hit
 * names the category by itself.
 */
export function assessText(model: LinearClassifier, text: string): ContentAssessment {
  const { flaggedThreshold, requestThreshold, heads } = prepare(model);
  const { vector, requests, asks, signals } = contentVectors(text, model.dimensions);
  const flaggedProbability = flaggedScore(model.probability(flaggedHead, vector), signals);
  const flagged = scoreAgainst(flaggedProbability, flaggedThreshold);
  let asked = 0;
  if (requestThreshold !== undefined) {
    asked = scoreAgainst(flaggedScore(requestProbability(model, requests, asks), signals), requestThreshold);
  }
  const modelScore = helpSoughtScore(text, Math.max(flagged, asked), signals);
  const categories = new Set<ContentCategory>(signals.ruleCategories);
  // A phrase rule names its harm itself; the category heads, which read the words around it, are asked only without one.
  if (modelScore >= harmfulScore && categories.size === 0) {
    for (const category of categoriesSettledByWords(signals)) categories.add(category);
    const closestBacked = { category: undefined as ContentCategory | undefined, ratio: -1 };
    const closestRefused = { category: undefined as ContentCategory | undefined, ratio: -1 };
    let voted = false;
    for (const head of heads) {
      const ratio = model.probability(head.category, vector) / head.threshold;
      const backed = hasEvidenceFor(head.category, signals);
      if (backed && ratio >= 1) {
        categories.add(head.category);
        voted = true;
      }
      const closest = backed ? closestBacked : isBlockingCategory(head.category) ? closestRefused : undefined;
      if (closest && ratio > closest.ratio) {
        closest.category = head.category;
        closest.ratio = ratio;
      }
    }
    const fallback = closestBacked.category ?? closestRefused.category;
    if (!voted && categories.size === 0 && fallback) categories.add(fallback);
  } else if (categories.size === 0 && flaggedProbability >= profanityProbability && hasEvidenceFor('profanity', signals)) {
    categories.add('profanity');
  }
  const score = signals.ruleCategories.length > 0 ? Math.max(modelScore, ruleScore) : modelScore;
  if (isCrisisMessage(text, categories, signals.rules)) return { score, categories: ['crisis'] };
  return { score, categories: [...categories].sort() };
}

/** Below this score the model is unsure (a head within a quarter of the way past its threshold). */
const unsureBelow = 0.625;

/**
 * The model's score, except for four kinds of short request that no phrase rule names, whose harmful score
 * is taken as just below harmful:
 * - help with the asker's own password or account (own-account-help.ts), when the score is unsure: the
 *   request head scores "How do I reset a forgotten password on Windows 11?" at its threshold, and takeover
 *   requests, which name the account's owner or a covert method, are not read so (ADR 0079);
 * - help with someone else's login that its owner asked for or allowed ("my grandma gave me her password
 *   and asked me to…"), whatever the score (ADR 0080);
 * - a question about guarding against a harm (protective-question.ts: how to tell, prevent, report or
 *   respond, what to do when it is met), whatever the score: the model learnt harm from the words such
 *   questions share with requests for it ("How can I tell if an email from my bank is a phishing attempt?"
 *   scored 0.83);
 * - a question whose harm words aim at a game or a pest (harmless-target.ts: "How do I poison an enemy in
 *   Skyrim?", "the safest way to kill wasps"), whatever the score.
 * Of 6,962 harmful rows of the development data and the written sets, the last three frames read none (ADR 0080).
 */
function helpSoughtScore(text: string, score: number, signals: Pick<ContentSignals, 'ruleCategories'>): number {
  if (score < harmfulScore || signals.ruleCategories.length > 0) return score;
  const helpSought = isProtectiveQuestion(text) || isHelpAskedByOwner(text) || isHarmlessTargetQuestion(text) || (score < unsureBelow && isOwnAccountHelp(text));
  return helpSought ? harmfulScore - 0.001 : score;
}

/** Rules that read a person's own intent to die, not a way or means asked for. */
const intentOnlyRules = new Set(['self_harm_intent']);

/**
 * A person's message of suicidal thoughts that asks for support and names no way or means (support-sought.ts):
 * self-harm is all that was found, by the model or by the intent rule only.
 */
function isCrisisMessage(text: string, categories: ReadonlySet<ContentCategory>, rules: readonly string[]): boolean {
  if (categories.size !== 1 || !categories.has('self_harm')) return false;
  return rules.every((rule) => intentOnlyRules.has(rule)) && isSupportSought(text);
}

/**
 * The request head's probability for a text: that of its riskiest stretch among those that ask for harm
 * (request-signals.ts; a post that only mentions a crime or a group asks for nothing, and the head learnt
 * from requests alone), less the head's penalty per doubling of the number of stretches. A long document is
 * read in many stretches, each one more chance of a high score by chance; a request is one stretch and pays
 * nothing.
 */
export function requestProbability(model: LinearClassifier, requests: readonly SparseVector[], asks: readonly boolean[]): number {
  let logit = Number.NEGATIVE_INFINITY;
  requests.forEach((request, index) => {
    if (asks[index] === true) logit = Math.max(logit, model.logit(requestHead, request));
  });
  return requests.length > 1 ? sigmoid(logit - model.windowPenalty(requestHead) * Math.log2(requests.length)) : sigmoid(logit);
}

/** Assesses several texts together: the highest score and every category found in any of them. */
export function assessTexts(model: LinearClassifier, texts: Iterable<string>): ContentAssessment {
  let score = 0;
  const categories = new Set<ContentCategory>();
  for (const text of texts) {
    const assessment = assessText(model, text);
    score = Math.max(score, assessment.score);
    for (const category of assessment.categories) categories.add(category);
  }
  return { score, categories: [...categories].sort() };
}

/** One raw text through the same steps as the layer: normalised, decoded spans and hidden words read, assessed. */
export function detectContent(model: LinearClassifier, text: string): ContentDetection {
  const { score, categories } = assessTexts(model, textsOf([scannedString('text', text)]));
  return { flagged: categories.length > 0, blocked: categories.some(isBlockingCategory), score, categories };
}
