import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneJson } from './output-paths.ts';

describe('cloneJson', () => {
  it('copies any JSON value deeply: equal, sharing no object with the original', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const copy = cloneJson(value);
        expect(copy).toStrictEqual(value);
        if (typeof value === 'object' && value !== null) {
          expect(copy).not.toBe(value);
          (copy as Record<string, unknown> | unknown[] & Record<string, unknown>)['added'] = 1;
          expect(value).not.toHaveProperty('added');
        }
      }),
    );
  });

  it('keeps a parsed "__proto__" key as a key, never as the copy\'s prototype', () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true},"a":{"__proto__":[1]}}') as Record<string, unknown>;
    const copy = cloneJson(parsed);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(parsed));
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
  });
});
