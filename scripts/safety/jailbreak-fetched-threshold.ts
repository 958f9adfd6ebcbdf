import { LinearClassifier, quantizeWeights } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { assessJailbreak } from '../../src/domain/safety/layers/jailbreak/jailbreak-layer.ts';
import { attackHead } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { scannedString } from '../../src/domain/safety/scanned-string.ts';
import type { JailbreakDecision } from './jailbreak-leave-one-source-out.ts';
import type { JailbreakTrainingRow } from './jailbreak-training-rows.ts';
import type { TrainedWeights } from './jailbreak-window-training.ts';

/** The groups of documents with and without planted instructions: what a tool fetches (v2 collections). */
export function isDocumentGroup(group: string): boolean {
  return group.startsWith('documents:');
}

/** The threshold for fetched text and what it gave on the held-out document collections. */
export interface FetchedDecision {
  threshold: number;
  /** Held-out planted instructions caught (the uncertain band's corroborated scores included, as the layer counts them). */
  recall: number;
  /** Held-out benign documents flagged. */
  falsePositiveRate: number;
  attacks: number;
  benign: number;
}

export interface FetchedReading {
  label: boolean;
  score: number;
  /** A specific rule backs a score in the uncertain band: flagged whatever the threshold. */
  corroborated: boolean;
}

/**
 * The threshold for text a tool fetched. Each document collection (clean and injected copies) is read by
 * the model trained without it, as the layer reads fetched text (every sentence a rule marks read alone, a
 * corroborated uncertain score counted), with the request decision's window penalty and uncertain band.
 * The threshold kept is the lowest that flags at most `targetRate` of the benign documents, and never above
 * the request's: a document rarely reads like an instruction, where everyday prompts often do, so the same
 * rate of benign texts allows a lower bar for pages than for requests.
 */
export function chooseFetchedThreshold(
  rows: readonly JailbreakTrainingRow[],
  heldOutModels: ReadonlyMap<string, TrainedWeights>,
  decision: JailbreakDecision,
  dimensions: number,
  targetRate: number,
): FetchedDecision {
  const readings: FetchedReading[] = [];
  for (const [group, trained] of heldOutModels) {
    const model = new LinearClassifier({
      format: 'hashed-logistic-regression/1',
      dimensions,
      heads: { [attackHead]: { bias: trained.bias, ...quantizeWeights(trained.weights), windowPenalty: decision.windowPenalty } },
      training: {},
    });
    for (const row of rows) {
      if (row.group !== group || (row.templated && row.label === 0)) continue;
      const assessment = assessJailbreak(model, [scannedString('fetched', row.text)], { everySentence: true });
      readings.push({ label: row.label === 1, score: assessment.score, corroborated: assessment.corroboratedScore >= decision.uncertainFrom });
    }
  }
  const threshold = lowestThreshold(readings.filter((reading) => !reading.label), targetRate, decision.threshold);
  const flagged = (reading: FetchedReading) => reading.corroborated || reading.score >= threshold;
  const attacks = readings.filter((reading) => reading.label);
  const benign = readings.filter((reading) => !reading.label);
  return {
    threshold,
    recall: attacks.length > 0 ? attacks.filter(flagged).length / attacks.length : 0,
    falsePositiveRate: benign.length > 0 ? benign.filter(flagged).length / benign.length : 0,
    attacks: attacks.length,
    benign: benign.length,
  };
}

/** Just above the benign score that would pass the allowed share, counting the corroborated ones as flagged anyway; at most `ceiling`. */
export function lowestThreshold(benign: readonly FetchedReading[], targetRate: number, ceiling: number): number {
  const allowed = Math.floor(benign.length * targetRate) - benign.filter((reading) => reading.corroborated).length;
  if (allowed < 0) return ceiling;
  const open = benign
    .filter((reading) => !reading.corroborated)
    .map((reading) => reading.score)
    .sort((a, b) => b - a);
  const boundary = open[allowed];
  return boundary === undefined ? 0 : Math.min(ceiling, boundary + 1e-6);
}
