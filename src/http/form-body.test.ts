import { describe, expect, it } from 'vitest';
import { AppError } from '../domain/errors.ts';
import { formBodyLimits, parseFormBody } from './form-body.ts';

/** The 400 a form over a limit gets, and how long it took to decide. */
function refusal(text: string): { error: AppError; ms: number } {
  const started = performance.now();
  try {
    parseFormBody(text);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return { error: error as AppError, ms: performance.now() - started };
  }
  throw new Error('expected the form to be refused');
}

describe('parseFormBody', () => {
  it('reads flat keys as text and the named boolean keys as booleans', () => {
    expect(parseFormBody('agent=summarize&prompt=Hello+world%21&confirmed=true&count=3', ['confirmed'])).toEqual({
      agent: 'summarize',
      prompt: 'Hello world!',
      confirmed: true,
      count: '3',
    });
    expect(parseFormBody('confirmed=on', ['confirmed'])).toEqual({ confirmed: true });
    expect(parseFormBody('confirmed=0', ['confirmed'])).toEqual({ confirmed: false });
    // Not a boolean text: left for validation to refuse.
    expect(parseFormBody('confirmed=maybe', ['confirmed'])).toEqual({ confirmed: 'maybe' });
  });

  it('nests bracket and dot keys the way form-posting automation tools send them', () => {
    expect(parseFormBody('playbook_id=lead-blitz&inputs%5Bniche%5D=dentists&inputs.location=Leeds&params[input][tone]=dry')).toEqual({
      playbook_id: 'lead-blitz',
      inputs: { niche: 'dentists', location: 'Leeds' },
      params: { input: { tone: 'dry' } },
    });
  });

  it('turns repeated keys into lists', () => {
    expect(parseFormBody('tags[]=a&tags[]=b&x=1&x=2&x=3')).toEqual({ tags: ['a', 'b'], x: ['1', '2', '3'] });
  });

  it('drops keys that would reach a prototype', () => {
    const body = parseFormBody('__proto__[polluted]=yes&inputs[constructor][prototype][polluted]=yes&a.__proto__.b=1&ok=1');
    expect(body).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns an empty object for an empty body', () => {
    expect(parseFormBody('')).toEqual({});
  });

  it('keeps names that objects inherit as plain keys', () => {
    expect(parseFormBody('toString=1&valueOf[x]=2&hasOwnProperty=3&hasOwnProperty=4')).toEqual({ toString: '1', valueOf: { x: '2' }, hasOwnProperty: ['3', '4'] });
  });
});

describe('parseFormBody — limits', () => {
  it('takes a form at every limit', () => {
    const deepest = parseFormBody(`a${'[b]'.repeat(formBodyLimits.keySegments - 1)}=1`);
    expect(JSON.stringify(deepest)).toBe(`{"a":${'{"b":'.repeat(formBodyLimits.keySegments - 1)}"1"${'}'.repeat(formBodyLimits.keySegments)}`);
    expect(parseFormBody(`${'k'.repeat(formBodyLimits.keyLength)}=1`)).toEqual({ ['k'.repeat(formBodyLimits.keyLength)]: '1' });
    const list = parseFormBody(Array.from({ length: formBodyLimits.listLength }, (_, index) => `tags[]=${index}`).join('&'));
    expect(list.tags).toHaveLength(formBodyLimits.listLength);
    expect(Object.keys(parseFormBody(Array.from({ length: formBodyLimits.fields }, (_, index) => `f${index}=1`).join('&')))).toHaveLength(formBodyLimits.fields);
  });

  it('refuses keys nested deeper than the limit, in brackets or dots, at once', () => {
    for (const key of [`a${'[b]'.repeat(formBodyLimits.keySegments)}`, `a${'.b'.repeat(formBodyLimits.keySegments)}`, `a${'[b]'.repeat(20_000)}`]) {
      const { error, ms } = refusal(`${key}=1`);
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain(`at most ${formBodyLimits.keySegments} levels`);
      expect(ms).toBeLessThan(200);
    }
  });

  it('refuses keys longer than the limit', () => {
    const { error } = refusal(`${'k'.repeat(formBodyLimits.keyLength + 1)}=1`);
    expect(error.message).toContain(`at most ${formBodyLimits.keyLength} characters`);
  });

  it('refuses more fields than the limit before reading them, however the form repeats its keys', () => {
    for (const text of [
      Array.from({ length: formBodyLimits.fields + 1 }, (_, index) => `f${index}=1`).join('&'),
      Array.from({ length: 80_000 }, () => 'x=1').join('&'),
    ]) {
      const { error, ms } = refusal(text);
      expect(error.message).toContain(`at most ${formBodyLimits.fields} fields`);
      expect(ms).toBeLessThan(200);
    }
    // Empty pieces between separators are not fields.
    expect(parseFormBody(`a=1${'&'.repeat(5000)}b=2`)).toEqual({ a: '1', b: '2' });
  });

  it('refuses lists longer than the limit', () => {
    const { error } = refusal(Array.from({ length: formBodyLimits.listLength + 1 }, () => 'tags[]=x').join('&'));
    expect(error.message).toContain(`at most ${formBodyLimits.listLength} values`);
  });
});

