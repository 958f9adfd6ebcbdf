import type { ContentRule } from '../../src/domain/safety/layers/content/content-rules.ts';
import { contentSignals } from '../../src/domain/safety/layers/content/content-signals.ts';
import { normalizeText } from '../../src/domain/safety/text/normalize-text.ts';

/**
 * The names of `rules` the content layer's word walk reports for a text, normalised as the layer reads it:
 * through the walk rather than the patterns alone, so a test case also checks that the rule's trigger words
 * (or its script) reach it.
 */
export function rulesFoundBy(rules: readonly ContentRule[]): (text: string) => string[] {
  const names = new Set(rules.map((rule) => rule.name));
  return (text) => contentSignals(normalizeText(text).text).rules.filter((rule) => names.has(rule));
}
