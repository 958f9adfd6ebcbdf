import type { LinearClassifier } from '../../classifier/linear-classifier.ts';
import type { ScannedString, SafetyVerdict, TextSafetyLayer } from '../../safety-layer.ts';
import { isBlockingCategory, type ContentCategory } from './content-categories.ts';
import { assessTexts } from './content-detector.ts';
import { textsOf } from './content-texts.ts';

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

export function verdictOf(categories: readonly ContentCategory[]): SafetyVerdict {
  if (categories.some(isBlockingCategory)) return 'block';
  return categories.length > 0 ? 'flag' : 'pass';
}
