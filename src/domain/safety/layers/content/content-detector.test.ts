import { describe, expect, it } from 'vitest';
import { hashedFeatures } from '../../classifier/hashed-features.ts';
import { LinearClassifier, quantizeWeights, sigmoid } from '../../classifier/linear-classifier.ts';
import { requestProbability } from './content-detector.ts';
import { requestHead } from './content-vector.ts';

const dimensions = 1 << 10;
const stretch = hashedFeatures('how do I poison the well', { dimensions });
const other = hashedFeatures('the weather report for Tuesday', { dimensions });

/** A request head whose only weights are the first stretch's buckets, with the given penalty per doubling of stretches. */
function model(windowPenalty: number): LinearClassifier {
  const weights = new Float32Array(dimensions);
  for (const index of stretch.indices) weights[index] = 1;
  return new LinearClassifier({ format: 'hashed-logistic-regression/1', dimensions, heads: { [requestHead]: { bias: -1, ...quantizeWeights(weights), threshold: 0.5, windowPenalty } }, training: {} });
}

describe('requestProbability', () => {
  it('takes the riskiest stretch that asks, and ignores those that do not', () => {
    const classifier = model(0);
    const alone = classifier.probability(requestHead, stretch);
    expect(requestProbability(classifier, [other, stretch], [true, true])).toBeCloseTo(alone, 6);
    expect(requestProbability(classifier, [other, stretch], [true, false])).toBeLessThan(alone);
    expect(requestProbability(classifier, [stretch], [false])).toBe(0);
  });

  it('charges a text of many stretches the penalty per doubling of their number, and a single stretch nothing', () => {
    const classifier = model(0.5);
    const logit = classifier.logit(requestHead, stretch);
    expect(requestProbability(classifier, [stretch], [true])).toBeCloseTo(sigmoid(logit), 6);
    const eight = [stretch, ...Array.from({ length: 7 }, () => other)];
    expect(requestProbability(classifier, eight, eight.map(() => true))).toBeCloseTo(sigmoid(logit - 0.5 * 3), 6);
  });
});
