import { describe, expect, it } from 'vitest';
import { parseFormBody } from './form-body.ts';

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
});
