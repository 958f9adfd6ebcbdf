import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidIban } from '../../../src/domain/safety/layers/pii/iban-recognizer.ts';
import { evaluatePii, goldTypes, holdoutFile, readPiiFile } from '../evaluate-pii.ts';
import { generateHoldout } from './generate-pii-holdout.ts';
import { luhnCheckDigit } from './pii-holdout-values.ts';

const rows = readPiiFile(holdoutFile);

describe('PII holdout fixture', () => {
  it('is what the generator writes', () => {
    const generated = generateHoldout().map((row) => JSON.stringify(row));
    expect(readFileSync(holdoutFile, 'utf8').trimEnd().split('\n')).toEqual(generated);
  });

  it('has exact, valid gold spans of every type, and rows without PII', () => {
    for (const row of rows) {
      for (const span of row.spans) {
        expect(row.text.slice(span.start, span.end)).toBe(span.value);
        expect(Object.keys(goldTypes)).toContain(span.type);
        const digits = span.value.replace(/\D/g, '');
        if (span.type === 'CREDIT_CARD') expect(luhnCheckDigit(digits.slice(0, -1)), span.value).toBe(digits.slice(-1));
        if (span.type === 'IBAN_CODE') expect(isValidIban(span.value), span.value).toBe(true);
        if (span.type === 'US_SSN') expect(span.value, span.value).toMatch(/^(?!000|666|9)\d{3}([- ]?)(?!00)\d{2}\1(?!0000)\d{4}$/);
      }
    }
    const counts = new Map<string, number>();
    for (const span of rows.flatMap((row) => row.spans)) counts.set(span.type, (counts.get(span.type) ?? 0) + 1);
    for (const type of Object.keys(goldTypes)) expect(counts.get(type) ?? 0, type).toBeGreaterThanOrEqual(40);
    expect(rows.filter((row) => row.spans.length === 0).length).toBeGreaterThanOrEqual(100);
  });

  it('is recognised with precision and recall of at least 0.95 for every type', () => {
    for (const metrics of evaluatePii(rows).types) {
      expect(metrics.precision, `${metrics.type} precision`).toBeGreaterThanOrEqual(0.95);
      expect(metrics.recall, `${metrics.type} recall`).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('holds for rows drawn with other seeds from the same templates', () => {
    for (const seed of [1, 2, 3]) {
      for (const metrics of evaluatePii(generateHoldout(seed)).types) {
        expect(metrics.precision, `seed ${seed}: ${metrics.type} precision`).toBeGreaterThanOrEqual(0.95);
        expect(metrics.recall, `seed ${seed}: ${metrics.type} recall`).toBeGreaterThanOrEqual(0.95);
      }
    }
  });
});
