import { hashedFeatures, type SparseVector } from '../../classifier/hashed-features.ts';
import type { LinearClassifier } from '../../classifier/linear-classifier.ts';
import { isPlantedInstruction, jailbreakRuleHits, jailbreakRuleMatches, ruleHitsWithin } from './jailbreak-rules.ts';

/** The model head that scores attacks. */
export const attackHead = 'attack';
/** Texts longer than twice this are also scored in windows: an instruction planted in a document is short. */
const windowLength = 600;

/** The vector the jailbreak model reads: hashed text features plus the phrase rules. */
export function jailbreakVector(text: string, dimensions: number, hits: Readonly<Record<string, number>> = jailbreakRuleHits(text)): SparseVector {
  return hashedFeatures(text, { dimensions }, hits);
}

export interface JailbreakScore {
  score: number;
  /** Whether the riskiest part reads as an instruction aimed at the model (prompt injection). */
  planted: boolean;
}

/**
 * How likely the text is an attack (0–1). A long text is also scored in windows (its head, its tail and
 * sentence-aligned pieces of about 600 characters) that contain an instruction aimed at the model, and
 * the highest score counts: a long benign document with one planted paragraph scores as that paragraph
 * does, not as the average of the document.
 */
export function scoreJailbreak(model: LinearClassifier, text: string): JailbreakScore {
  if (text.length <= windowLength * 2) {
    const hits = jailbreakRuleHits(text);
    return { score: model.probability(attackHead, jailbreakVector(text, model.dimensions, hits)), planted: isPlantedInstruction(hits) };
  }
  // Rules run once over the whole text; each window's hits are read from where they matched.
  const matches = jailbreakRuleMatches(text);
  const hits = ruleHitsWithin(matches, 0, text.length);
  const planted = isPlantedInstruction(hits);
  let score = model.probability(attackHead, jailbreakVector(text, model.dimensions, hits));
  if (!planted) return { score, planted };
  for (const [start, end] of windowsOf(text)) {
    const windowHits = ruleHitsWithin(matches, start, end);
    if (isPlantedInstruction(windowHits)) score = Math.max(score, model.probability(attackHead, jailbreakVector(text.slice(start, end), model.dimensions, windowHits)));
  }
  return { score, planted };
}

/** The head, the tail, and consecutive sentence-aligned windows of a long text, as [start, end) offsets. */
export function windowsOf(text: string): [start: number, end: number][] {
  const windows: [number, number][] = [
    [0, Math.min(windowLength, text.length)],
    [Math.max(0, text.length - windowLength), text.length],
  ];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + windowLength);
    if (end < text.length) {
      const sentenceEnd = lastSentenceEnd(text, start + windowLength / 2, end);
      if (sentenceEnd > start) end = sentenceEnd;
    }
    windows.push([start, end]);
    start = end;
  }
  return windows;
}

function lastSentenceEnd(text: string, from: number, to: number): number {
  for (let index = to - 1; index >= from; index -= 1) {
    const code = text.charCodeAt(index);
    if (code === 46 || code === 33 || code === 63 || code === 10) return index + 1;
  }
  return -1;
}
