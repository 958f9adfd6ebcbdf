import { describe, expect, it } from 'vitest';
import { findWebTarget } from './web-target.ts';

describe('findWebTarget', () => {
  it('prefers the field', () => {
    expect(findWebTarget(' example.com ', 'audit other.org')).toBe('example.com');
  });

  it.each([
    ['Audit https://www.example.com/pricing, please.', 'https://www.example.com/pricing'],
    ['How is example.co.uk doing?', 'example.co.uk'],
    ['check http://127.0.0.1:4567/ for issues', 'http://127.0.0.1:4567/'],
    ['check 127.0.0.1:4567', '127.0.0.1:4567'],
    ['site localhost:8080/landing.', 'localhost:8080/landing'],
  ])('finds the site in %j', (prompt, expected) => {
    expect(findWebTarget(undefined, prompt)).toBe(expected);
  });

  it('finds nothing when the prompt names no site', () => {
    expect(findWebTarget(undefined, 'improve my SEO')).toBeUndefined();
    expect(findWebTarget(undefined, undefined)).toBeUndefined();
  });
});
