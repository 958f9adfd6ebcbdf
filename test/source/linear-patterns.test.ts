import { describe, expect, it } from 'vitest';
import { keyPattern } from '../../src/domain/accounts/api-key.ts';
import { contentRules } from '../../src/domain/safety/layers/content/content-rules.ts';
import { otherScriptAsked, otherScriptGuarding, otherScriptHarm } from '../../src/domain/safety/layers/content/other-script-harm-rules.ts';
import { harmlessTargetPatterns } from '../../src/domain/safety/layers/content/harmless-target.ts';
import { protectiveQuestionPatterns } from '../../src/domain/safety/layers/content/protective-question.ts';
import { agentDirectivePatterns } from '../../src/domain/safety/layers/jailbreak/agent-directives.ts';
import { jailbreakPatterns } from '../../src/domain/safety/layers/jailbreak/jailbreak-rules.ts';
import { secretExtractionPatterns } from '../../src/domain/safety/layers/jailbreak/secret-extraction.ts';
import { ipv4Exact, ipv4Pattern } from '../../src/domain/safety/layers/pii/ip-recognizer.ts';
import { lookAlikeCharacters } from '../../src/domain/safety/text/look-alikes.ts';
import { pumpedInputs, type PumpedInput } from '../support/pumped-inputs.ts';
import { patternsInSources } from '../support/source-patterns.ts';

/**
 * Every regular expression in src/ runs in time linear in its input: each one is fed long inputs built to
 * make a backtracking pattern retry at every position (runs of the characters it names, of pairs of them,
 * of its literal words…). A pattern whose source is computed (`new RegExp(`…${x}`)`) must be listed here,
 * with the module's export that holds what it builds, so that a new one cannot slip past unseen.
 */
const computedPatterns: Record<string, { sites: number; patterns: () => readonly RegExp[] }> = {
  'src/domain/accounts/api-key.ts': { sites: 1, patterns: () => [keyPattern] },
  // Compiles a catalog schema's `pattern` only to check its syntax; it never runs over any text.
  'src/domain/agents/json-schema-subset.ts': { sites: 1, patterns: () => [] },
  'src/domain/safety/layers/content/content-rules.ts': { sites: 10, patterns: () => contentRules.map((rule) => rule.pattern) },
  // The account-access, covert-harm, exploitation, ordered-harm, evasion, other-script-harm, crime-request, false-claim, foreign-harm, harm-request, harm-topic, hazard-request and intent rules are among contentRules.
  'src/domain/safety/layers/content/account-access-rules.ts': { sites: 6, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/covert-harm-rules.ts': { sites: 5, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/exploitation-rules.ts': { sites: 4, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/ordered-harm-rules.ts': { sites: 3, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/evasion-rules.ts': { sites: 4, patterns: () => contentRules.map((rule) => rule.pattern) },
  // The other scripts' ways of asking, searched everywhere (its source is otherScriptAsked's).
  'src/domain/safety/layers/content/rule-matching.ts': { sites: 1, patterns: () => [otherScriptAsked] },
  'src/domain/safety/layers/content/other-script-harm-rules.ts': { sites: 4, patterns: () => [...contentRules.map((rule) => rule.pattern), otherScriptAsked, otherScriptGuarding, otherScriptHarm] },
  'src/domain/safety/layers/content/false-claim-rules.ts': { sites: 2, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/crime-request-rules.ts': { sites: 11, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/foreign-harm-rules.ts': { sites: 2, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/harm-request-rules.ts': { sites: 14, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/harm-topic-rules.ts': { sites: 7, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/hazard-request-rules.ts': { sites: 7, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/intent-rules.ts': { sites: 3, patterns: () => contentRules.map((rule) => rule.pattern) },
  'src/domain/safety/layers/content/harmless-target.ts': { sites: 1, patterns: () => harmlessTargetPatterns },
  'src/domain/safety/layers/content/protective-question.ts': { sites: 3, patterns: () => protectiveQuestionPatterns },
  'src/domain/safety/layers/jailbreak/agent-directives.ts': { sites: 9, patterns: () => agentDirectivePatterns },
  'src/domain/safety/layers/jailbreak/jailbreak-rules.ts': { sites: 6, patterns: () => jailbreakPatterns },
  'src/domain/safety/layers/jailbreak/secret-extraction.ts': { sites: 5, patterns: () => secretExtractionPatterns },
  // The residual pattern of the rules' alternatives is in jailbreakPatterns too.
  'src/domain/safety/layers/jailbreak/rule-triggers.ts': { sites: 1, patterns: () => jailbreakPatterns },
  'src/domain/safety/layers/pii/ip-recognizer.ts': { sites: 2, patterns: () => [ipv4Pattern, ipv4Exact] },
  'src/domain/safety/text/look-alikes.ts': { sites: 1, patterns: () => [lookAlikeCharacters] },
};

const inputLength = 20_000;
const shortInputLength = 2_000;
/** A linear pattern reads 20,000 characters in well under this, even on a slow CI runner. */
const budgetMs = 50;
/** Doubling the input of a linear pattern doubles its time; a quadratic one takes four times as long. */
const mostGrowthWhenDoubled = 2.8;

/** Runs a pattern the way the sources do: every match of a global (or sticky) one, one search otherwise. */
function runPattern(pattern: RegExp, text: string): number {
  const started = performance.now();
  if (pattern.global || pattern.sticky) {
    const scan = pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace('y', 'g')) : pattern;
    for (const match of text.matchAll(scan)) void match;
  } else {
    pattern.test(text);
  }
  return performance.now() - started;
}

/** The fastest of two runs, so that a pause of the machine is not taken for the pattern's cost. */
function fastestRun(pattern: RegExp, text: string): number {
  return Math.min(runPattern(pattern, text), runPattern(pattern, text));
}

/**
 * The first input on which the pattern is over budget and grows faster than linearly, with its times. Short
 * inputs go first, so that a pattern that is worse than quadratic fails at once instead of running for hours.
 */
function superLinearInput(pattern: RegExp): string | undefined {
  for (const input of pumpedInputs(pattern, shortInputLength)) {
    if (runPattern(pattern, input.text) <= budgetMs) continue;
    const time = fastestRun(pattern, input.text);
    if (time > budgetMs) return `${input.name} (${shortInputLength} characters): ${time.toFixed(0)} ms`;
  }
  const inputs = pumpedInputs(pattern, inputLength);
  let doubled: PumpedInput[] | undefined;
  for (const [index, input] of inputs.entries()) {
    if (runPattern(pattern, input.text) <= budgetMs) continue;
    const time = fastestRun(pattern, input.text);
    if (time <= budgetMs) continue;
    if (time > budgetMs * 20) return `${input.name}: ${time.toFixed(0)} ms`;
    doubled ??= pumpedInputs(pattern, inputLength * 2);
    const twice = doubled[index];
    const twiceTime = twice === undefined ? Number.POSITIVE_INFINITY : fastestRun(pattern, twice.text);
    if (twiceTime > time * mostGrowthWhenDoubled) return `${input.name}: ${time.toFixed(0)} ms, ${twiceTime.toFixed(0)} ms on twice the length`;
  }
  return undefined;
}

const found = patternsInSources('src');
const computedByFile = Map.groupBy(found.dynamic, (site) => site.file);

describe('the patterns of the sources', () => {
  it('are all found: literals, RegExp calls with written-out sources, and the computed ones listed here', () => {
    expect(found.literal.length).toBeGreaterThan(250);
    expect(found.literal.some((pattern) => pattern.file === 'src/domain/safety/layers/jailbreak/jailbreak-rules.ts')).toBe(true);
    const sites = Object.fromEntries([...computedByFile].map(([file, list]) => [file, list.length]));
    const listed = Object.fromEntries(Object.entries(computedPatterns).map(([file, entry]) => [file, entry.sites]));
    expect(sites, 'a computed RegExp must be listed in computedPatterns with what it builds').toEqual(listed);
  });

  for (const pattern of found.literal) {
    it(`${pattern.file}:${pattern.line} /${pattern.source}/${pattern.flags} is linear`, () => {
      expect(superLinearInput(new RegExp(pattern.source, pattern.flags))).toBeUndefined();
    });
  }

  for (const [file, entry] of Object.entries(computedPatterns)) {
    for (const [index, pattern] of entry.patterns().entries()) {
      it(`${file} computed pattern ${index + 1} /${pattern.source.slice(0, 80)}…/${pattern.flags} is linear`, () => {
        expect(superLinearInput(pattern)).toBeUndefined();
      });
    }
  }
});
