import type { SparseVector } from './hashed-features.ts';

export interface TrainingExample {
  vector: SparseVector;
  label: 0 | 1;
  /** How much the example counts; 1 unless a source is over- or under-represented. */
  weight?: number;
}

export interface TrainingOptions {
  dimensions: number;
  epochs: number;
  /** AdaGrad's base step. */
  learningRate: number;
  /** L2 penalty per update. */
  l2: number;
  /** Shuffles examples each epoch; pass a seeded generator for a reproducible model. */
  random: () => number;
}

/**
 * Logistic regression by AdaGrad, classes balanced so each contributes equally however many examples it
 * has. Used by the training script (`npm run train:safety`), never at request time.
 */
export function trainLogisticRegression(examples: readonly TrainingExample[], options: TrainingOptions): { bias: number; weights: Float32Array } {
  const weights = new Float32Array(options.dimensions);
  const squaredGradients = new Float32Array(options.dimensions).fill(1e-8);
  let bias = 0;
  let biasSquaredGradient = 1e-8;
  const positives = examples.filter((example) => example.label === 1).length;
  const negatives = examples.length - positives;
  const classWeight = { 1: positives > 0 ? examples.length / (2 * positives) : 1, 0: negatives > 0 ? examples.length / (2 * negatives) : 1 };
  const order = examples.map((_, index) => index);

  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    shuffle(order, options.random);
    for (const position of order) {
      const example = examples[position] as TrainingExample;
      const { indices, values } = example.vector;
      let sum = bias;
      for (let index = 0; index < indices.length; index += 1) sum += (weights[indices[index] as number] as number) * (values[index] as number);
      const predicted = 1 / (1 + Math.exp(-sum));
      const error = (predicted - example.label) * classWeight[example.label] * (example.weight ?? 1);
      for (let index = 0; index < indices.length; index += 1) {
        const bucket = indices[index] as number;
        const gradient = error * (values[index] as number) + options.l2 * (weights[bucket] as number);
        squaredGradients[bucket] = (squaredGradients[bucket] as number) + gradient * gradient;
        weights[bucket] = (weights[bucket] as number) - (options.learningRate * gradient) / Math.sqrt(squaredGradients[bucket] as number);
      }
      biasSquaredGradient += error * error;
      bias -= (options.learningRate * error) / Math.sqrt(biasSquaredGradient);
    }
  }
  return { bias, weights };
}

function shuffle(values: number[], random: () => number): void {
  for (let index = values.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [values[index], values[other]] = [values[other] as number, values[index] as number];
  }
}

/** A small seeded generator (mulberry32), so training runs give the same model every time. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
