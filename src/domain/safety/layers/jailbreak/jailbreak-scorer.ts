import { hashedFeatures, type SparseVector } from '../../classifier/hashed-features.ts';
import { sigmoid, type LinearClassifier } from '../../classifier/linear-classifier.ts';
import { isPlantedInstruction, jailbreakRuleMatches, ruleHitsWithin } from './jailbreak-rules.ts';
import { scoringWindows } from './text-windows.ts';

/** The model head that scores attacks. */
export const attackHead = 'attack';

/** Longer words (hex or base64 floods, hashes) get no character grams: a flood must not drown the instruction after it. */
const longestGrammedWord = 24;

/** The vector the jailbreak model reads for one window: hashed text features plus the phrase rules matched in it. */
export function jailbreakVector(text: string, dimensions: number, hits: Readonly<Record<string, number>>): SparseVector {
  return hashedFeatures(text, { dimensions, longestGrammedWord }, hits);
}

/** One scoring window of a text as the model reads it. */
export interface WindowFeatures {
  vector: SparseVector;
  /** The phrase rules matched inside the window. */
  hits: Readonly<Record<string, number>>;
}

/**
 * The feature vector of every scoring window of a text (see scoringWindows). The rules run once over the
 * whole text; each window's hits are read from where they matched. Training reads the same windows.
 */
export function* windowFeatures(text: string, dimensions: number): Generator<WindowFeatures> {
  const matches = jailbreakRuleMatches(text);
  for (const [start, end] of scoringWindows(text)) {
    const hits = ruleHitsWithin(matches, start, end);
    yield { vector: jailbreakVector(start === 0 && end === text.length ? text : text.slice(start, end), dimensions, hits), hits };
  }
}

/** The riskiest window of one or more texts, before the length penalty. */
export interface WindowScores {
  /** The highest log-odds of any window. */
  logit: number;
  /** How many windows were scored. */
  windows: number;
  /** Whether the riskiest window's rules read as an instruction aimed at the model (prompt injection). */
  planted: boolean;
}

/** Every window of the text scored; the riskiest counts. */
export function scoreWindows(model: LinearClassifier, text: string): WindowScores {
  const scores: WindowScores = { logit: Number.NEGATIVE_INFINITY, windows: 0, planted: false };
  for (const { vector, hits } of windowFeatures(text, model.dimensions)) {
    const logit = model.logit(attackHead, vector);
    scores.windows += 1;
    if (logit > scores.logit) Object.assign(scores, { logit, planted: isPlantedInstruction(hits) });
  }
  return scores;
}

/**
 * The attack probability (0–1) of the riskiest window, less the model's penalty per doubling of the
 * number of windows: the more windows a long text has, the more chances one of them scores high by
 * chance, so the highest of many counts for a little less. A long benign document is then no likelier to
 * be blocked than a short one, while one planted paragraph still scores as that paragraph does.
 */
export function lengthAwareScore(model: LinearClassifier, scores: WindowScores): number {
  if (scores.windows === 0) return 0;
  return sigmoid(scores.logit - model.windowPenalty(attackHead) * Math.log2(scores.windows));
}

export interface JailbreakScore {
  score: number;
  /** Whether the riskiest part reads as an instruction aimed at the model (prompt injection). */
  planted: boolean;
}

/** How likely one text is an attack (0–1), scored window by window. */
export function scoreJailbreak(model: LinearClassifier, text: string): JailbreakScore {
  const scores = scoreWindows(model, text);
  return { score: lengthAwareScore(model, scores), planted: scores.planted };
}
