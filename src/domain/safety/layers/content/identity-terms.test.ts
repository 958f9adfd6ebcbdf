import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { identityPlaceholder, isIdentityWord, maskIdentityTerms } from './identity-terms.ts';

/** The masking spelt out word by word, for the property test: every word copied out and looked up. */
function maskedByWords(text: string): string {
  if (text.toLowerCase().length !== text.length) return text;
  const people = new Set(['man', 'women', 'people', 'engineer', 'family', 'neighbor', 'kids']);
  const words = [...text.toLowerCase().matchAll(/[a-z+-]+/g)];
  let masked = '';
  let copiedTo = 0;
  words.forEach((match, index) => {
    const word = match[0];
    const next = words[index + 1];
    if (isIdentityWord(word)) {
      masked += text.slice(copiedTo, match.index) + identityPlaceholder;
      copiedTo = match.index + word.length;
    } else if (['black', 'white', 'brown'].includes(word) && next && people.has(next[0])) {
      masked += text.slice(copiedTo, match.index) + identityPlaceholder;
      copiedTo = match.index + word.length;
    }
  });
  return masked + text.slice(copiedTo);
}

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

  it('masks what looking up every word would mask', () => {
    const pieces = ['Muslim', 'muslims', 'gay', 'Gay', 'LGBTQ+', 'non-binary', 'nonbinary', 'black', 'Black', 'white', 'brown', 'man', 'women', 'people', 'engineer', 'family', 'neighbor', 'kids',
      'market', 'paper', 'the', 'in', 'into', 'indian', 'Indians', 'deaf', 'de', 'wh', 'mus', 'jewish', 'jewel', 'trans', 'transport', 'roma', 'romance', ',', '.', ' ', '-', '+', "'", '2'];
    const texts = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).chain((words) => fc.constantFrom(words.join(' '), words.join(''), words.join(', ')));
    fc.assert(
      fc.property(texts, (text) => {
        expect(maskIdentityTerms(text)).toBe(maskedByWords(text));
      }),
      { numRuns: 500 },
    );
  });
});
