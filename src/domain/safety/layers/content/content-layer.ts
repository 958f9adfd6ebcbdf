import type { LinearClassifier } from '../../classifier/linear-classifier.ts';
import type { ScannedString, SafetyVerdict, TextSafetyLayer } from '../../safety-layer.ts';
import { scanTexts } from '../../text/normalize-text.ts';
import { isBlockingCategory, type ContentCategory } from './content-categories.ts';
import { assessTexts } from './content-detector.ts';

/**
 * The content-safety layer (third of five): harmful or toxic content in the request before any model call,
 * and in the model's output. A hazard, harassment or hate blocks; profanity alone is reported as a flag.
 * The report holds categories and a score, never the text.
 */
export function createContentLayer(model: LinearClassifier): TextSafetyLayer {
  return {
    name: 'content',
    stages: ['input', 'output'],
    scan(strings: readonly ScannedString[]) {
      const { score, categories } = assessTexts(model, textsOf(strings));
      return { report: { verdict: verdictOf(categories), score, categories } };
    },
  };
}

/**
 * Every distinct text of every string: the normalised string and each span decoded from it, each once. An
 * output often repeats a sentence (a takeaway that is the summary's first line, caveats that restate key
 * points); its score and categories are the same the second time, so it is assessed once.
 */
export function* textsOf(strings: readonly ScannedString[]): Iterable<string> {
  const seen = new Set<string>();
  for (const string of strings) {
    for (const text of scanTexts(string.normalized)) {
      if (seen.has(text)) continue;
      seen.add(text);
      yield text;
    }
  }
}

export function verdictOf(categories: readonly ContentCategory[]): SafetyVerdict {
  if (categories.some(isBlockingCategory)) return 'block';
  return categories.length > 0 ? 'flag' : 'pass';
}
