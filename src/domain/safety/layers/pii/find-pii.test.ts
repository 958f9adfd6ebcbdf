import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findPii, withoutOverlaps } from './find-pii.ts';
import { specificity, type PiiFinding, type PiiType } from './pii-finding.ts';

const found = (text: string) => findPii(text).map((finding) => `${finding.type}:${text.slice(finding.start, finding.end)}`);

describe('findPii', () => {
  it('finds nothing in prose', () => {
    expect(findPii('Please summarise the meeting notes and list the action items for the team.')).toEqual([]);
  });

  it('returns non-overlapping findings in order, the more specific type winning a tie', () => {
    const text = 'Card 4111 1111 1111 1111, phone +44 20 7946 0958, mail ana@acme.io, IBAN DE89370400440532013000.';
    expect(found(text)).toEqual(['card:4111 1111 1111 1111', 'phone:+44 20 7946 0958', 'email:ana@acme.io', 'iban:DE89370400440532013000']);
    const findings = findPii(text);
    for (const [index, finding] of findings.entries()) {
      expect(finding.score).toBeGreaterThanOrEqual(0.5);
      expect(finding.score).toBeLessThanOrEqual(1);
      if (index > 0) expect(finding.start).toBeGreaterThanOrEqual(findings[index - 1]?.end ?? 0);
    }
  });

  it('keeps one finding where several overlap, however many there are on one line', () => {
    const unit = 'Card 4111 1111 1111 1111, phone +44 20 7946 0958, mail ana@acme.io; ';
    const text = unit.repeat(2_000);
    const findings = findPii(text);
    expect(findings).toHaveLength(6_000);
    expect(findings.slice(0, 3).map((finding) => `${finding.type}:${text.slice(finding.start, finding.end)}`)).toEqual(['card:4111 1111 1111 1111', 'phone:+44 20 7946 0958', 'email:ana@acme.io']);
    for (const [index, finding] of findings.entries()) {
      if (index > 0) expect(finding.start).toBeGreaterThanOrEqual(findings[index - 1]?.end ?? 0);
    }
  });

  it('reads a card in a phone context as a card, and a phone in a card context as a phone', () => {
    expect(found('call me, my card is 4111111111111111')).toEqual(['card:4111111111111111']);
    expect(found('for the card, call +1 415 867 5309')).toEqual(['phone:+1 415 867 5309']);
  });
});

describe('withoutOverlaps', () => {
  /** Each finding, best first, kept unless it overlaps one kept before: the rule, written the plain way. */
  function reference(findings: PiiFinding[]): PiiFinding[] {
    const ranked = [...findings].sort((a, b) => b.score - a.score || specificity[b.type] - specificity[a.type] || b.end - b.start - (a.end - a.start) || a.start - b.start);
    const kept: PiiFinding[] = [];
    for (const finding of ranked) if (kept.every((other) => finding.end <= other.start || other.end <= finding.start)) kept.push(finding);
    return kept.sort((a, b) => a.start - b.start);
  }

  it('keeps exactly the findings the ranking keeps, in order of start, whatever overlaps', () => {
    const finding = fc
      .tuple(fc.constantFrom(...(Object.keys(specificity) as PiiType[])), fc.nat(60), fc.integer({ min: 1, max: 12 }), fc.constantFrom(0.5, 0.7, 0.9, 1))
      .map(([type, start, length, score]) => ({ type, start, end: start + length, score }));
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 25 }), (findings) => {
        expect(withoutOverlaps(findings)).toEqual(reference(findings));
      }),
      { numRuns: 500 },
    );
  });
});
