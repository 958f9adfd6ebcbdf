import { describe, expect, it } from 'vitest';
import { identityPlaceholder, maskIdentityTerms } from './identity-terms.ts';

describe('maskIdentityTerms', () => {
  it('reads every identity word as the same placeholder, whatever the group', () => {
    expect(maskIdentityTerms('My colleague is a gay Muslim father of two.')).toBe(`My colleague is a ${identityPlaceholder} ${identityPlaceholder} father of two.`);
    expect(maskIdentityTerms('Are all Hindus extremists?')).toBe(`Are all ${identityPlaceholder} extremists?`);
  });

  it('masks a colour only when it names people', () => {
    expect(maskIdentityTerms('A Black engineer joined us.')).toBe(`A ${identityPlaceholder} engineer joined us.`);
    expect(maskIdentityTerms('Sales on the black market and a white paper.')).toBe('Sales on the black market and a white paper.');
  });

  it('returns a text without identity words unchanged', () => {
    const text = 'Kill the stuck process before the deploy.';
    expect(maskIdentityTerms(text)).toBe(text);
  });
});
