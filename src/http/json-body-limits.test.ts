import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors.ts';
import { maxScannedDepth } from '../domain/safety/text/request-strings.ts';
import { checkJsonLimits, jsonBodyLimits } from './json-body-limits.ts';

/** `depth` containers, one inside the other, around a string. */
function nested(depth: number, open = '{"a":', close = '}'): string {
  return `${open.repeat(depth)}"x"${close.repeat(depth)}`;
}

function refusal(text: string): { error: AppError; ms: number } {
  const started = performance.now();
  try {
    checkJsonLimits(text);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { error: error as AppError, ms: performance.now() - started };
  }
  throw new Error('expected the body to be refused');
}

describe('checkJsonLimits', () => {
  it('nests no deeper than the safety scan reads', () => {
    expect(jsonBodyLimits.depth).toBeLessThanOrEqual(maxScannedDepth);
  });

  it('takes bodies at the limits', () => {
    expect(() => checkJsonLimits(nested(jsonBodyLimits.depth))).not.toThrow();
    expect(() => checkJsonLimits(nested(jsonBodyLimits.depth, '[', ']'))).not.toThrow();
    expect(() => checkJsonLimits(`[${Array.from({ length: jsonBodyLimits.values - 1 }, () => '1').join(',')}]`)).not.toThrow();
  });

  it('refuses bodies nested deeper than the limit, at once', () => {
    for (const text of [nested(jsonBodyLimits.depth + 1), nested(jsonBodyLimits.depth + 1, '[', ']'), '['.repeat(100_000), `{"a":${'[{"b":'.repeat(50_000)}`]) {
      const { error, ms } = refusal(text);
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain(`at most ${jsonBodyLimits.depth} levels`);
      expect(ms).toBeLessThan(200);
    }
  });

  it('refuses bodies with more values than the limit, in arrays or objects', () => {
    const manyItems = `[${Array.from({ length: 150_000 }, () => '"ab"').join(',')}]`;
    const manyKeys = `{${Array.from({ length: jsonBodyLimits.values + 1 }, (_, index) => `"k${index}":1`).join(',')}}`;
    for (const text of [manyItems, manyKeys]) {
      const { error, ms } = refusal(text);
      expect(error.message).toContain(`at most ${jsonBodyLimits.values} values`);
      expect(ms).toBeLessThan(200);
    }
  });

  it('ignores brackets and commas inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ prompt: `${'['.repeat(5000)}${','.repeat(20_000)}\\"{{{`, note: 'a "quoted" [value]' });
    expect(() => checkJsonLimits(text)).not.toThrow();
  });

  it('leaves malformed JSON to the parser', () => {
    expect(() => checkJsonLimits('{"a": ')).not.toThrow();
    expect(() => checkJsonLimits(']]]}}}')).not.toThrow();
  });
});
