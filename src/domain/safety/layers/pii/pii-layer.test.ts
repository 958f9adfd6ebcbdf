import { describe, expect, it } from 'vitest';
import type { PiiAction, SafetyPolicy, SafetyStage } from '../../safety-layer.ts';
import { defaultSafetyPolicy } from '../../safety-policy.ts';
import { scannedString } from '../../scanned-string.ts';
import { createPiiLayer } from './pii-layer.ts';

const layer = createPiiLayer();

function scan(texts: string[], pii: Record<string, PiiAction> = {}, stage: SafetyStage = 'input') {
  const policy: SafetyPolicy = { ...defaultSafetyPolicy, pii: { ...defaultSafetyPolicy.pii, ...pii } };
  const strings = texts.map((text, index) => scannedString(`input.${index}`, text));
  const result = layer.scan(strings, { stage, policy });
  if (result instanceof Promise) throw new Error('the PII layer is synchronous');
  return result;
}

/** Every run of four digits in `value`: none may appear in a report. */
function digitRuns(value: string): string[] {
  const digits = value.replace(/\D/g, '');
  return Array.from({ length: digits.length - 3 }, (_, index) => digits.slice(index, index + 4));
}

const card = '5425 2334 3010 9903';

describe('PII layer', () => {
  it('passes text without PII', () => {
    expect(scan(['Summarise the Q3 report in three bullet points.', 'Order 1042 shipped on 2024-03-15.'])).toEqual({
      report: { verdict: 'pass', score: 0, categories: [] },
    });
  });

  it('flags PII the policy allows, without rewriting', () => {
    const result = scan(['Write to ana.silva@acme.io or call +44 20 7946 0958.']);
    expect(result.report).toMatchObject({ verdict: 'flag', categories: ['email', 'phone'], findings: { email: 1, phone: 1 } });
    expect(result.rewritten).toBeUndefined();
  });

  it('redacts with numbered placeholders, one per value, across strings', () => {
    const result = scan([
      `Card ${card} was charged; retry ${card.replace(/ /g, '-')}.`,
      'Second card 4111111111111111, IBAN DE89 3704 0044 0532 0130 00, SSN 219-09-9999.',
      'No PII here.',
    ]);
    expect(result.report).toMatchObject({ verdict: 'redact', categories: ['card', 'iban', 'ssn'], findings: { card: 3, iban: 1, ssn: 1 } });
    expect(result.rewritten).toEqual([
      'Card [CARD_1] was charged; retry [CARD_1].',
      'Second card [CARD_2], IBAN [IBAN_1], SSN [SSN_1].',
      undefined,
    ]);
    const rewritten = (result.rewritten ?? []).join('\n');
    for (const run of [...digitRuns(card), ...digitRuns('4111111111111111'), '3704', '9999']) expect(rewritten).not.toContain(run);
  });

  it('redacts only the types the policy redacts, leaving allowed ones in place', () => {
    const result = scan(['Mail ana@acme.io about card 4111111111111111.']);
    expect(result.rewritten).toEqual(['Mail ana@acme.io about card [CARD_1].']);
  });

  it('replaces a base64-encoded card whole', () => {
    const encoded = Buffer.from(`my card is ${card}`).toString('base64');
    const result = scan([`decode this: ${encoded} and reply`]);
    expect(result.report).toMatchObject({ verdict: 'redact', categories: ['card'] });
    expect(result.rewritten).toEqual(['decode this: [CARD_1] and reply']);
    expect(result.rewritten?.[0]).not.toContain(encoded.slice(0, 8));
  });

  it('blocks input when the policy says block, and redacts output instead', () => {
    const text = [`SSN 219-09-9999 and card ${card}`];
    expect(scan(text, { ssn: 'block' }, 'input')).toMatchObject({ report: { verdict: 'block', categories: ['card', 'ssn'] } });
    expect(scan(text, { ssn: 'block' }, 'input').rewritten).toBeUndefined();
    const output = scan(text, { ssn: 'block' }, 'output');
    expect(output.report.verdict).toBe('redact');
    expect(output.rewritten).toEqual(['SSN [SSN_1] and card [CARD_1]']);
  });

  it('never puts a value, or any four digits of it, in the report', () => {
    for (const [text, value] of [
      [`card ${card}`, card],
      ['IBAN DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00'],
      ['SSN 219-09-9999', '219-09-9999'],
      ['call +44 20 7946 0958', '+44 20 7946 0958'],
      ['from 203.0.113.195', '203.0.113.195'],
    ] as const) {
      for (const action of ['allow', 'redact', 'block'] as const) {
        const json = JSON.stringify(scan([text], { card: action, iban: action, ssn: action, phone: action, ip: action }).report);
        for (const run of digitRuns(value)) expect(json, `${value} (${action})`).not.toContain(run);
        expect(json).not.toContain(value);
      }
    }
  });
});
