import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embeddedInjectionExamples } from '../../../../../scripts/safety/data/embedded-injections.ts';
import { jailbreakFamilyExamples } from '../../../../../scripts/safety/data/jailbreak-family-examples.ts';
import { multilingualAndSetUpExamples } from '../../../../../scripts/safety/data/multilingual-and-setup-examples.ts';
import { phraseRuleMatches, phraseRules, type RuleMatch } from './jailbreak-rules.ts';
import { firstWords } from './rule-triggers.ts';

/** Every match of every phrase rule, found the slow way: each case-insensitive rule tried at every position. */
function everyMatch(text: string): RuleMatch[] {
  const matches: RuleMatch[] = [];
  for (const rule of phraseRules) {
    const feature = `rule:${rule.name}`;
    if (rule.pattern.flags === 'i') {
      const anchored = new RegExp(rule.pattern.source, 'iy');
      for (let start = 0; start < text.length; start += 1) {
        anchored.lastIndex = start;
        const match = anchored.exec(text);
        if (match) matches.push({ feature, start, end: start + match[0].length });
      }
    } else {
      for (const match of text.matchAll(new RegExp(rule.pattern.source, `${rule.pattern.flags}g`))) matches.push({ feature, start: match.index, end: match.index + match[0].length });
    }
  }
  return sorted(matches);
}

function sorted(matches: readonly RuleMatch[]): RuleMatch[] {
  return [...matches].sort((left, right) => left.start - right.start || left.feature.localeCompare(right.feature) || left.end - right.end);
}

/** The words and marks of the rules themselves, so that generated texts are full of near-matches. */
const vocabulary = [...new Set(phraseRules.flatMap((rule) => rule.pattern.source.split(/[^\p{L}\d]+/u)).filter((word) => word.length > 0))];
const separators = [' ', ' ', ' ', '', '\n', '. ', '! ', '_', '-', '1', 'é', '"', '[', ']', ': ', ', '];
const piece = fc.oneof(
  fc.constantFrom(...vocabulary).chain((word) => fc.constantFrom(word, word.toUpperCase(), word.charAt(0).toUpperCase() + word.slice(1))),
  fc.constantFrom(...separators),
);

/** A pattern's source without its look-behinds (the generator does not read them; they only narrow where a match may start). */
function withoutLookBehinds(source: string): string {
  return source.replace(/\(\?<[!=][^()]*\)/g, '');
}

/**
 * Strings of each rule's own pattern (without its word boundaries, which the generator does not know, in
 * lower case), with what the generator puts around them: every branch of every rule, near its edges.
 */
const ruleSample = fc.oneof(
  ...phraseRules.map((rule) => fc.stringMatching(new RegExp(withoutLookBehinds(rule.pattern.source).replaceAll(String.raw`\b`, ''), rule.pattern.flags.replace('i', '')))),
).chain((text) => fc.constantFrom(text, text.toUpperCase(), ` ${text} `));

/** Written attacks and look-alikes in many languages and shapes: texts where the rules do match. */
const probe = readFileSync(new URL('../../../../../scripts/safety/data/jailbreak-probe.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => (JSON.parse(line) as { text: string }).text);
const written = [...probe, ...embeddedInjectionExamples().map((example) => example.text), ...jailbreakFamilyExamples().map((example) => example.text), ...multilingualAndSetUpExamples().map((example) => example.text)];
/** A piece of a written text, in its own case, upper case or lower case. */
const writtenPiece = fc
  .tuple(fc.constantFrom(...written), fc.nat(), fc.integer({ min: 1, max: 120 }), fc.constantFrom('same', 'upper', 'lower'))
  .map(([text, from, length, casing]) => {
    const start = from % text.length;
    const part = text.slice(start, start + length);
    return casing === 'upper' ? part.toUpperCase() : casing === 'lower' ? part.toLowerCase() : part;
  });

describe('phrase rules tried where their first words start', () => {
  it('find exactly the matches that trying every rule at every position finds, in written attacks', () => {
    const texts = written.filter((text) => text.length <= 5000);
    for (const text of texts) expect(sorted(phraseRuleMatches(text)), text.slice(0, 80)).toEqual(everyMatch(text));
    expect(texts.filter((text) => phraseRuleMatches(text).length > 0).length).toBeGreaterThan(texts.length / 3);
  });

  it('find exactly the matches that trying every rule at every position finds, in pieces of them, strings of the rules and their words glued together', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(writtenPiece, ruleSample, ruleSample, piece), { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(sorted(phraseRuleMatches(text))).toEqual(everyMatch(text));
      }),
      { numRuns: 500 },
    );
  });

  it('find exactly the matches that trying every rule at every position finds, in words of the rules', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(sorted(phraseRuleMatches(text))).toEqual(everyMatch(text));
      }),
      { numRuns: 400 },
    );
  });

  it('read first words from a pattern, as whole words or as starts a word may go on from', () => {
    expect(firstWords(String.raw`(?:ignore|disregard)\b stuff`)).toEqual({ words: ['ignore', 'disregard'], prefixes: [] });
    expect(firstWords(String.raw`tokens? (?:lost)`)).toEqual({ words: ['token', 'tokens'], prefixes: [] });
    expect(firstWords(String.raw`vorherig\w*`)).toEqual({ words: [], prefixes: ['vorherig'] });
    expect(firstWords(String.raw`stan`)).toEqual({ words: [], prefixes: ['stan'] });
    // A look-around after the first letters ends the reading there: the word may go on in any way.
    expect(firstWords(String.raw`convert(?<!legal convert)\w*\b`)).toEqual({ words: [], prefixes: ['convert'] });
    expect(firstWords(String.raw`(?:portray|show)(?!n) x`)).toEqual({ words: [], prefixes: ['portray', 'show'] });
    // Starts that are not a word character, or shapes beyond the reading, are left to the residual pattern.
    expect(firstWords(String.raw`\[DAN\]`)).toBeUndefined();
    expect(firstWords(String.raw`(?=x)y`)).toBeUndefined();
    expect(firstWords(String.raw`(?:a|überspringe) x`)).toBeUndefined();
  });
});
