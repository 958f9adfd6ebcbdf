import type { SparseVector } from '../../src/domain/safety/classifier/hashed-features.ts';
import { seededRandom, trainLogisticRegression, type TrainingExample } from '../../src/domain/safety/classifier/train-linear-classifier.ts';
import { jailbreakTexts, windowFeatures } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { normalizeText } from '../../src/domain/safety/text/normalize-text.ts';

/**
 * The jailbreak model is trained on the windows it scores at request time, not on whole texts. A row is a
 * bag of windows (of the text and of what its encoded spans decode to): every window of a benign row is
 * benign; an attack needs only one attacking window, and for a long attack which one is not known (a
 * planted paragraph in a contract, the instruction after a token flood). Multiple-instance training finds
 * it: first train without the long attacks, then add each long attack's riskiest window as the model sees
 * it, and train again, a few rounds.
 */
export interface WindowBag {
  label: 0 | 1;
  windows: SparseVector[];
  /** How much each of its windows counts in training; 1 unless the row stands for many unseen ones. */
  weight: number;
}

export interface WindowTrainingOptions {
  dimensions: number;
  epochs: number;
  learningRate: number;
  l2: number;
  /** Rounds of re-picking each long attack's riskiest window after the first training. */
  rounds: number;
  /** How many of a long attack's riskiest windows count as attacks (long jailbreaks attack in more than one place). */
  riskiestPerAttack: number;
}

export interface TrainedWeights {
  bias: number;
  weights: Float32Array;
}

/** A row's bag: the windows of its normalised text and of every decoded span, as the layer would score them. */
export function windowBag(text: string, label: 0 | 1, dimensions: number, weight = 1): WindowBag {
  const windows = jailbreakTexts(normalizeText(text)).flatMap((scanned) => windowFeatures(scanned, dimensions).map((window) => window.vector));
  return { label, windows, weight };
}

/** Multiple-instance logistic regression over the bags `include` selects (see WindowBag). Seeded. */
export function trainOnWindows(bags: readonly WindowBag[], include: (index: number) => boolean, options: WindowTrainingOptions): TrainedWeights {
  const chosen = bags.filter((_, index) => include(index));
  const fixed: TrainingExample[] = [];
  const longAttacks: WindowBag[] = [];
  for (const bag of chosen) {
    if (bag.label === 0) for (const vector of bag.windows) fixed.push({ vector, label: 0, weight: bag.weight });
    else if (bag.windows.length === 1) fixed.push({ vector: bag.windows[0] as SparseVector, label: 1, weight: bag.weight });
    else longAttacks.push(bag);
  }
  let trained = trainLogisticRegression(fixed, { ...options, random: seededRandom(20261126) });
  for (let round = 0; round < options.rounds; round += 1) {
    const riskiest = longAttacks.flatMap((bag) => riskiestWindows(trained, bag, options.riskiestPerAttack).map((vector) => ({ vector, label: 1 as const, weight: bag.weight })));
    trained = trainLogisticRegression([...fixed, ...riskiest], { ...options, random: seededRandom(20261126 + round + 1) });
  }
  return trained;
}

/** The bag's highest log-odds under unquantised weights, and how many windows it has. */
export function bagLogit(trained: TrainedWeights, bag: WindowBag): number {
  let best = Number.NEGATIVE_INFINITY;
  for (const vector of bag.windows) best = Math.max(best, logitOf(trained, vector));
  return best;
}

/** The bag's `count` windows with the highest log-odds. */
function riskiestWindows(trained: TrainedWeights, bag: WindowBag, count: number): SparseVector[] {
  return bag.windows
    .map((vector) => ({ vector, logit: logitOf(trained, vector) }))
    .sort((a, b) => b.logit - a.logit)
    .slice(0, count)
    .map(({ vector }) => vector);
}

function logitOf(trained: TrainedWeights, vector: SparseVector): number {
  let sum = trained.bias;
  for (let index = 0; index < vector.indices.length; index += 1) sum += (trained.weights[vector.indices[index] as number] as number) * (vector.values[index] as number);
  return sum;
}
