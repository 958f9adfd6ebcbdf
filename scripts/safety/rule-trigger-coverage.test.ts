import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentRules } from '../../src/domain/safety/layers/content/content-rules.ts';
import { contentSignals } from '../../src/domain/safety/layers/content/content-signals.ts';
import { authoredHarmRequestsUrl, authoredLookAlikeRequestsUrl, businessPromptsUrl, contentProbeUrl, readJsonl } from './safety-data.ts';

/**
 * A phrase rule runs only where one of its hand-written trigger words occurs (content-rules.ts), so a
 * trigger list that misses a word of one of the pattern's alternatives silently turns that alternative off
 * ("cockfights" where the list held "cockfight"). Every written row of this repository is read both ways:
 * whatever a rule's pattern finds in the whole text, the word walk must report too.
 */
describe('the content rules’ trigger words', () => {
  const sets = JSON.parse(readFileSync(new URL('./data/harm-request-sets.json', import.meta.url), 'utf8')) as { sets: { harmful: string[]; benign: string[] }[] };
  const texts = [
    ...sets.sets.flatMap((set) => [...set.harmful, ...set.benign]),
    ...[contentProbeUrl, authoredHarmRequestsUrl, authoredLookAlikeRequestsUrl, businessPromptsUrl].flatMap((url) => readJsonl<{ text: string }>(url).map((row) => row.text)),
  ];

  it('reach every written row a rule’s pattern matches', () => {
    const unreached: string[] = [];
    for (const text of texts) {
      const reported = new Set(contentSignals(text).rules);
      for (const rule of contentRules) {
        if (rule.otherScripts !== true && !reported.has(rule.name) && rule.pattern.test(text)) unreached.push(`${rule.name}: ${text}`);
      }
    }
    expect(texts.length).toBeGreaterThan(2000);
    expect(unreached).toEqual([]);
  });
});
