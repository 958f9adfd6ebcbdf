import { sigmoid } from '../../src/domain/safety/classifier/linear-classifier.ts';
import type { JailbreakTrainingRow } from './jailbreak-training-rows.ts';
import { bagLogit, trainOnWindows, type TrainedWeights, type WindowBag, type WindowTrainingOptions } from './jailbreak-window-training.ts';
import { countAt, metricsOf, thresholdForFalsePositiveRate } from './metrics.ts';

/** A row's score from the model trained without its group: the riskiest window's log-odds and the number of windows. */
export interface HeldOutScore {
  logit: number;
  windows: number;
}

/**
 * Leave-one-source-out: for each group (a source, an attack family, a document collection), a model
 * trained on every other group scores it. The scores are what an unseen kind of text would get, the
 * honest basis for the decision threshold. The models of the groups `keep` names are kept, for readings
 * the window scores do not give (see jailbreak-fetched-threshold.ts).
 */
export function leaveOneSourceOut(
  rows: readonly JailbreakTrainingRow[],
  bags: readonly WindowBag[],
  options: WindowTrainingOptions,
  keep: (group: string) => boolean = () => false,
): { scores: HeldOutScore[]; kept: Map<string, TrainedWeights> } {
  const scores: HeldOutScore[] = rows.map(() => ({ logit: 0, windows: 1 }));
  const kept = new Map<string, TrainedWeights>();
  for (const group of new Set(rows.map((row) => row.group))) {
    const trained = trainOnWindows(bags, (index) => rows[index]?.group !== group, options);
    if (keep(group)) kept.set(group, trained);
    rows.forEach((row, index) => {
      if (row.group === group) scores[index] = { logit: bagLogit(trained, bags[index] as WindowBag), windows: (bags[index] as WindowBag).windows.length };
    });
  }
  return { scores, kept };
}

/** The score the layer would give: the riskiest window's probability after the penalty for the number of windows. */
export function penalisedScore(score: HeldOutScore, windowPenalty: number): number {
  return sigmoid(score.logit - windowPenalty * Math.log2(Math.max(1, score.windows)));
}

export interface JailbreakDecision {
  windowPenalty: number;
  threshold: number;
  /** Scores from here up to the threshold are uncertain (a judge model may decide). */
  uncertainFrom: number;
  /** Recall over held-out attacks at the threshold; templated attacks count half. */
  recall: number;
  falsePositiveRate: number;
  /** The false-positive rate on held-out benign texts of 600 characters or more. */
  longFalsePositiveRate: number;
}

const windowPenalties = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2];
/** Benign texts at least this long are documents: their false-positive rate is held to the same target. */
const documentLength = 600;

/**
 * The window penalty and threshold from held-out scores: for each penalty, the threshold that blocks at
 * most `targetRate` of the real (not templated) benign texts; the penalty kept is the one with the best
 * recall that also blocks at most `targetRate` of the benign documents (texts of 600+ characters).
 */
export function chooseDecision(rows: readonly JailbreakTrainingRow[], scores: readonly HeldOutScore[], targetRate: number, uncertainRate: number): JailbreakDecision {
  const candidates = windowPenalties.map((windowPenalty) => {
    const scored = rows.map((row, index) => ({ row, score: penalisedScore(scores[index] as HeldOutScore, windowPenalty), label: row.label === 1 }));
    const real = scored.filter(({ row }) => !row.templated || row.label === 1);
    const threshold = thresholdForFalsePositiveRate(real, targetRate);
    const uncertainFrom = thresholdForFalsePositiveRate(real, uncertainRate);
    let caught = 0;
    let attacks = 0;
    for (const { row, score } of scored) {
      if (row.label !== 1) continue;
      const weight = row.templated ? 0.5 : 1;
      attacks += weight;
      if (score >= threshold) caught += weight;
    }
    const documents = real.filter(({ row }) => row.label === 0 && row.text.length >= documentLength);
    return {
      windowPenalty,
      threshold,
      uncertainFrom,
      recall: caught / attacks,
      falsePositiveRate: metricsOf(countAt(real, threshold)).falsePositiveRate,
      longFalsePositiveRate: metricsOf(countAt(documents, threshold)).falsePositiveRate,
    };
  });
  const meeting = candidates.filter((candidate) => candidate.longFalsePositiveRate <= targetRate);
  const pool = meeting.length > 0 ? meeting : [...candidates].sort((a, b) => a.longFalsePositiveRate - b.longFalsePositiveRate).slice(0, 1);
  return pool.reduce((best, candidate) => (candidate.recall > best.recall ? candidate : best));
}

/** Recall (attacks) and false-positive rate (benign) of each held-out group at the decision. */
export function heldOutTable(rows: readonly JailbreakTrainingRow[], scores: readonly HeldOutScore[], decision: JailbreakDecision) {
  const groups = new Map<string, { attacks: number; caught: number; benign: number; blocked: number }>();
  rows.forEach((row, index) => {
    const entry = groups.get(row.group) ?? { attacks: 0, caught: 0, benign: 0, blocked: 0 };
    const hit = penalisedScore(scores[index] as HeldOutScore, decision.windowPenalty) >= decision.threshold;
    if (row.label === 1) {
      entry.attacks += 1;
      if (hit) entry.caught += 1;
    } else {
      entry.benign += 1;
      if (hit) entry.blocked += 1;
    }
    groups.set(row.group, entry);
  });
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, entry]) => ({
      group,
      attacks: entry.attacks,
      recall: entry.attacks > 0 ? round(entry.caught / entry.attacks) : undefined,
      benign: entry.benign,
      falsePositiveRate: entry.benign > 0 ? round(entry.blocked / entry.benign) : undefined,
    }));
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
