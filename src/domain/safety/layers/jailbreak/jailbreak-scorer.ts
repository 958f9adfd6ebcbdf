import { cutsWord, hashedDot, hashedFeatures, rangeDot, rangeFeatures, textHashes, type FeatureSpace, type SparseVector, type TextHashes } from '../../classifier/hashed-features.ts';
import { sigmoid, type LinearClassifier } from '../../classifier/linear-classifier.ts';
import { corroboratedWithin, glossesWithin, isPlantedInstruction, jailbreakRuleMatches, ruleHitsWithin, type RuleMatch } from './jailbreak-rules.ts';
import { instructionSentences, scoringWindows } from './text-windows.ts';
import { lettersForDigits } from '../../text/letters-for-digits.ts';
import { scanTexts, type NormalizedText } from '../../text/normalize-text.ts';

/** The model head that scores attacks. */
export const attackHead = 'attack';

/** Longer words (hex or base64 floods, hashes) get no character grams: a flood must not drown the instruction after it. */
const longestGrammedWord = 24;

/**
 * Every text the jailbreak model reads for one string: the string itself, what its encoded spans decode
 * to (see scanTexts), and, for text written in digits for letters ("1gn0r3 4ll pr3v10u5"), that text read
 * with letters.
 */
export function jailbreakTexts(normalized: NormalizedText): string[] {
  const texts = scanTexts(normalized);
  const read = lettersForDigits(normalized.text);
  if (read !== undefined) texts.push(read);
  return texts;
}

/** The vector the jailbreak model reads for one window: hashed text features plus the phrase rules matched in it. */
export function jailbreakVector(text: string, dimensions: number, hits: Readonly<Record<string, number>>): SparseVector {
  return hashedFeatures(text, { dimensions, longestGrammedWord }, hits);
}

/** One scoring window of a text as the model reads it. */
export interface WindowFeatures {
  vector: SparseVector;
  /** The phrase rules matched inside the window. */
  hits: Readonly<Record<string, number>>;
  /** A sentence read on its own because it reads as an instruction (see instructionSentences), not one of the windows. */
  sentence: boolean;
  /** A specific rule backs an uncertain score of this window (see RuleMatch.corroborates). */
  corroborated: boolean;
}

/**
 * The feature vector of every scoring window of a text (see scoringWindows), and of every sentence of a
 * long text that a rule marks as an instruction, read on its own: a short line planted in a long document
 * is diluted by the prose around it in its window, not in its sentence. The rules run once over the whole
 * text; each window's hits are read from where they matched, and words of other languages are read with
 * their English gloss. Training reads the same windows. With `everySentence` (text a tool fetched), the
 * marked sentences of a short text are read on their own as well.
 */
export function windowFeatures(text: string, dimensions: number, options: ScoringOptions = {}): WindowFeatures[] {
  const windows: WindowFeatures[] = [];
  readWindows(text, dimensions, options, asVector, (vector, hits, sentence, corroborated) => windows.push({ vector, hits, sentence, corroborated }));
  return windows;
}

/**
 * How a window is read: into its feature vector (training), or straight into a head's log-odds (scoring,
 * where a long text's windows need no vector each). `range` reads a part of a text hashed whole, `text` a
 * text hashed on its own.
 */
interface WindowReading<T> {
  range(whole: TextHashes, start: number, end: number, space: FeatureSpace, gloss: string, hits: Readonly<Record<string, number>>): T;
  text(text: string, dimensions: number, hits: Readonly<Record<string, number>>): T;
}

const asVector: WindowReading<SparseVector> = { range: rangeFeatures, text: jailbreakVector };

/** Windows read into the attack head's log-odds: the same numbers as the head's logit of each window's vector. */
function asAttackLogit(model: LinearClassifier): WindowReading<number> {
  return {
    range: (whole, start, end, space, gloss, hits) => model.logitOfDot(attackHead, (weights) => rangeDot(whole, start, end, space, gloss, hits, weights)),
    text: (text, dimensions, hits) => model.logitOfDot(attackHead, (weights) => hashedDot(text, { dimensions, longestGrammedWord }, hits, weights)),
  };
}

/** What is done with each window or sentence as a reading gives it. */
type WindowVisitor<T> = (read: T, hits: Readonly<Record<string, number>>, sentence: boolean, corroborated: boolean) => void;

/** Reads every window, then every marked sentence, of a text (see windowFeatures), handing each to `visit`. */
function readWindows<T>(text: string, dimensions: number, options: ScoringOptions, reading: WindowReading<T>, visit: WindowVisitor<T>): void {
  const matches = jailbreakRuleMatches(text);
  const windows = scoringWindows(text);
  // A long text is hashed once; each window and sentence takes its part of the hashes.
  const whole = windows.length > 1 ? textHashes(text, { longestGrammedWord }) : undefined;
  const sentences = whole !== undefined || options.everySentence === true ? instructionSentences(text, matches).filter(([start, end]) => end - start < text.length) : [];
  // Each window reads only the matches that start inside it: read through all of them for every window, a
  // long text full of matches would cost the square of its length.
  const byStart = windows.length > 1 || sentences.length > 0 ? [...matches].sort((left, right) => left.start - right.start) : matches;
  const space: FeatureSpace = { dimensions, longestGrammedWord };
  for (const [start, end] of windows) readWindow(text, whole, start, end, startingWithin(byStart, start, end), space, false, reading, visit);
  for (const [start, end] of sentences) readWindow(text, whole, start, end, startingWithin(byStart, start, end), space, true, reading, visit);
}

export interface ScoringOptions {
  /**
   * Read each sentence a rule marks as an instruction on its own in a short text too, not only in a long
   * one: for text a tool fetched, where a planted line sits among titles, links and snippets that dilute it
   * in the one window a short text has.
   */
  everySentence?: boolean;
}

/** The matches (sorted by start) that start in [start, end), found by binary search. */
function startingWithin(byStart: readonly RuleMatch[], start: number, end: number): readonly RuleMatch[] {
  let low = 0;
  let high = byStart.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((byStart[middle] as RuleMatch).start < start) low = middle + 1;
    else high = middle;
  }
  let last = low;
  while (last < byStart.length && (byStart[last] as RuleMatch).start < end) last += 1;
  return low === 0 && last === byStart.length ? byStart : byStart.slice(low, last);
}

function readWindow<T>(
  text: string,
  whole: TextHashes | undefined,
  start: number,
  end: number,
  matches: readonly RuleMatch[],
  space: FeatureSpace,
  sentence: boolean,
  reading: WindowReading<T>,
  visit: WindowVisitor<T>,
): void {
  const hits = ruleHitsWithin(matches, start, end);
  const gloss = glossesWithin(matches, start, end);
  const read =
    whole && !cutsWord(text, start, end)
      ? reading.range(whole, start, end, space, gloss, hits)
      : reading.text(gloss === '' ? text.slice(start, end) : `${text.slice(start, end)}\n${gloss}`, space.dimensions, hits);
  visit(read, hits, sentence, corroboratedWithin(matches, start, end));
}

/** The riskiest window of one or more texts, before the length penalty. */
export interface WindowScores {
  /** The highest log-odds of any window. */
  logit: number;
  /** How many windows were scored. */
  windows: number;
  /** Whether the riskiest window's rules read as an instruction aimed at the model (prompt injection). */
  planted: boolean;
  /** The highest log-odds of a window a specific rule backs (see RuleMatch.corroborates); -Infinity when none. */
  corroboratedLogit: number;
}

/**
 * Below this many words, a text that no rule or lexicon entry matches is not scored: one or two words are
 * mostly character fragments to the model, and its score for them is noise ("no confirmation" scored 0.97).
 */
const fewestScoredWords = 3;

/** Texts this short may hold fewer than fewestScoredWords words; longer ones are not counted. */
const shortTextCharacters = 64;

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** Every window of the text scored; the riskiest counts. */
export function scoreWindows(model: LinearClassifier, text: string, options: ScoringOptions = {}): WindowScores {
  const scores: WindowScores = { logit: Number.NEGATIVE_INFINITY, windows: 0, planted: false, corroboratedLogit: Number.NEGATIVE_INFINITY };
  const fewWords = text.length <= shortTextCharacters && wordCount(text) < fewestScoredWords;
  readWindows(text, model.dimensions, options, asAttackLogit(model), (logit, hits, sentence, corroborated) => {
    if (fewWords && !sentence && Object.keys(hits).length === 0) return;
    if (corroborated) scores.corroboratedLogit = Math.max(scores.corroboratedLogit, logit);
    // Sentences are parts of windows already counted: they add no chance of a high score by length.
    if (!sentence) scores.windows += 1;
    if (logit > scores.logit) {
      scores.logit = logit;
      scores.planted = isPlantedInstruction(hits);
    }
  });
  return scores;
}

/**
 * The attack probability (0–1) of the riskiest window, less the model's penalty per doubling of the
 * number of windows: the more windows a long text has, the more chances one of them scores high by
 * chance, so the highest of many counts for a little less. A long benign document is then no likelier to
 * be blocked than a short one, while one planted paragraph still scores as that paragraph does.
 */
export function lengthAwareScore(model: LinearClassifier, scores: Pick<WindowScores, 'logit' | 'windows'> & Partial<WindowScores>): number {
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
