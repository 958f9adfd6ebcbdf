import { z } from 'zod';
import type { SparseVector } from './hashed-features.ts';

/**
 * A logistic-regression model over hashed features, as stored in catalog/safety/*.json: weights quantised
 * to signed bytes (a scale per model) and base64-encoded, so a model of 2^18 weights is a few hundred KB.
 * One file may hold several heads over the same features (e.g. "flagged" and one per hazard category).
 */
export const linearModelFileSchema = z.strictObject({
  format: z.literal('hashed-logistic-regression/1'),
  dimensions: z.number().int().refine((value) => value > 0 && (value & (value - 1)) === 0, 'must be a power of two'),
  heads: z.record(
    z.string(),
    z.strictObject({
      bias: z.number(),
      scale: z.number().positive(),
      weights: z.string().min(1),
      /** The decision threshold chosen on held-out data, when the head is used to decide. */
      threshold: z.number().min(0).max(1).optional(),
      /** Scores from here up to the threshold are uncertain: a second opinion (a judge model) may decide. */
      uncertainFrom: z.number().min(0).max(1).optional(),
      /**
       * The decision threshold for text a tool fetched (pages, documents), when it differs from `threshold`:
       * chosen on held-out document collections, which have their own target (see the jailbreak layer).
       */
      fetchedThreshold: z.number().min(0).max(1).optional(),
      /**
       * For a head that scores long text window by window and keeps the highest: the log-odds taken off per
       * doubling of the number of windows, so that a text is not more likely to be blocked only for being long.
       */
      windowPenalty: z.number().min(0).optional(),
    }),
  ),
  /** How the model was made: data, split, validation results. Informational. */
  training: z.record(z.string(), z.unknown()),
});

export type LinearModelFile = z.output<typeof linearModelFileSchema>;

export class LinearClassifier {
  readonly dimensions: number;
  /** Weights stay as the file stores them, signed bytes with one scale per head: a quarter of the memory of floats. */
  readonly #heads: Map<
    string,
    { bias: number; weights: Int8Array; scale: number; threshold: number | undefined; uncertainFrom: number | undefined; fetchedThreshold: number | undefined; windowPenalty: number }
  >;

  constructor(file: LinearModelFile) {
    this.dimensions = file.dimensions;
    this.#heads = new Map(
      Object.entries(file.heads).map(([name, head]) => {
        const bytes = Buffer.from(head.weights, 'base64');
        if (bytes.length !== file.dimensions) throw new Error(`head "${name}" has ${bytes.length} weights, expected ${file.dimensions}`);
        const weights = new Int8Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
        const { bias, scale, threshold, uncertainFrom, fetchedThreshold } = head;
        return [name, { bias, weights, scale, threshold, uncertainFrom, fetchedThreshold, windowPenalty: head.windowPenalty ?? 0 }];
      }),
    );
  }

  get headNames(): string[] {
    return [...this.#heads.keys()];
  }

  threshold(head: string): number | undefined {
    return this.#heads.get(head)?.threshold;
  }

  uncertainFrom(head: string): number | undefined {
    return this.#heads.get(head)?.uncertainFrom;
  }

  /** The threshold for text a tool fetched; the head's own threshold when the file sets none. */
  fetchedThreshold(head: string): number | undefined {
    const model = this.#heads.get(head);
    return model?.fetchedThreshold ?? model?.threshold;
  }

  /** The log-odds taken off per doubling of the number of windows a text is scored in (0 when the file sets none). */
  windowPenalty(head: string): number {
    return this.#heads.get(head)?.windowPenalty ?? 0;
  }

  /** The probability (0–1) the head gives the vector. */
  probability(head: string, vector: SparseVector): number {
    return sigmoid(this.logit(head, vector));
  }

  /** The head's log-odds for the vector, before the sigmoid: scores of several windows are combined in this scale. */
  logit(head: string, vector: SparseVector): number {
    const model = this.#head(head);
    let sum = 0;
    for (let index = 0; index < vector.indices.length; index += 1) sum += (model.weights[vector.indices[index] as number] as number) * (vector.values[index] as number);
    return model.bias + sum * model.scale;
  }

  /**
   * The head's log-odds from the dot product of its weights (quantised, one per dimension) with a vector the
   * caller does not build (see rangeDot): a long text's many windows are scored without a vector each.
   */
  logitOfDot(head: string, dot: (weights: Int8Array) => number): number {
    const model = this.#head(head);
    return model.bias + dot(model.weights) * model.scale;
  }

  #head(head: string): { bias: number; weights: Int8Array; scale: number } {
    const model = this.#heads.get(head);
    if (!model) throw new Error(`no head "${head}" in the model`);
    return model;
  }
}

/** Log-odds to a probability. */
export function sigmoid(logit: number): number {
  return 1 / (1 + Math.exp(-logit));
}

/** Weights as the model file stores them: signed bytes with one scale. */
export function quantizeWeights(weights: Float32Array): { scale: number; weights: string } {
  let largest = 0;
  for (const weight of weights) largest = Math.max(largest, Math.abs(weight));
  const scale = largest > 0 ? largest / 127 : 1;
  const bytes = Buffer.alloc(weights.length);
  for (let index = 0; index < weights.length; index += 1) bytes.writeInt8(Math.round((weights[index] as number) / scale), index);
  return { scale, weights: bytes.toString('base64') };
}
