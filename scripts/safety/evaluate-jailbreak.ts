import type { LinearClassifier } from '../../src/domain/safety/classifier/linear-classifier.ts';
import { assessJailbreak, isLocalAttack } from '../../src/domain/safety/layers/jailbreak/jailbreak-layer.ts';
import { attackHead } from '../../src/domain/safety/layers/jailbreak/jailbreak-scorer.ts';
import { scannedString } from '../../src/domain/safety/scanned-string.ts';
import { evaluateBinary, type BinaryEvaluation } from './evaluate-binary.ts';
import { fingerprint, type JailbreakRow } from './safety-data.ts';

/**
 * The jailbreak layer's local decision as deployed (normalisation, decoding, rules, chunked model scores;
 * no judge) over the rows the model was not trained on. Latency includes normalising the text.
 */
export function evaluateJailbreak(rows: readonly JailbreakRow[], model: LinearClassifier, trainedFingerprints: ReadonlySet<string> = new Set()): BinaryEvaluation {
  const threshold = model.threshold(attackHead) ?? 0.5;
  const uncertainFrom = model.uncertainFrom(attackHead) ?? threshold;
  const unseen = rows.filter((row) => !trainedFingerprints.has(fingerprint(row.text)));
  return evaluateBinary(
    unseen.map((row) => ({ text: row.text, label: row.label === 1, source: row.source })),
    (text) => {
      const assessment = assessJailbreak(model, [scannedString('prompt', text)]);
      return { caught: isLocalAttack(assessment, threshold, uncertainFrom), score: assessment.score };
    },
  );
}
