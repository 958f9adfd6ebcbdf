import { describe, expect, it } from 'vitest';
import { boundedDistance, closestIds, matchScore, maxQueryWords, queryWords, wordScore, wordsOf } from './fuzzy-match.ts';

/** The textbook distance (with adjacent swaps), to check the banded one against. */
function fullDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      row[j] = Math.min((above[j] as number) + 1, (row[j - 1] as number) + 1, (above[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((rows[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

describe('the bounded edit distance', () => {
  it('agrees with the full computation up to its limit, and says "more" beyond it', () => {
    const letters = 'abcde';
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = () => Array.from({ length: Math.floor(random() * 9) }, () => letters[Math.floor(random() * letters.length)]).join('');
    for (let index = 0; index < 2000; index += 1) {
      const [a, b, limit] = [word(), word(), Math.floor(random() * 4)];
      expect(boundedDistance(a, b, limit), `${a} ${b} ${limit}`).toBe(Math.min(fullDistance(a, b), limit + 1));
    }
  });
});

describe('matching words', () => {
  it('matches a whole word, the start of one, and a word with a typo or two by its length', () => {
    expect(wordScore('contract', 'contract')).toBe(3);
    expect(wordScore('summ', 'summarize')).toBe(2);
    expect(wordScore('contarct', 'contract')).toBe(1);
    expect(wordScore('invoce', 'invoice')).toBe(1);
    expect(wordScore('procurment', 'procurement')).toBe(1);
    expect(wordScore('seo', 'sec')).toBe(0);
    expect(wordScore('blog', 'slug')).toBe(0);
  });

  it('needs every word of the query, and scores better matches higher', () => {
    const words = wordsOf('blog-gen Blog post writer: writes a post for search engines');
    expect(matchScore(['blog', 'post'], words)).toBe(6);
    expect(matchScore(['blo', 'psot'], words)).toBe(3);
    expect(matchScore(['pst'], words)).toBe(0);
    expect(matchScore(['blog', 'invoice'], words)).toBe(0);
  });

  it('reads at most a bounded query, whatever is sent', () => {
    expect(queryWords('a '.repeat(10_000))).toHaveLength(maxQueryWords);
    expect(queryWords('x'.repeat(10_000))[0]?.length).toBeLessThanOrEqual(40);
  });
});

describe('did you mean', () => {
  const ids = ['blog-gen', 'contract-review', 'lead-blitz', 'leads', 'summarize', 'weekly-report'];

  it('names the closest ids, best first, and none when nothing is close', () => {
    expect(closestIds('summarise', ids)).toEqual(['summarize']);
    expect(closestIds('lead-blits', ids)[0]).toBe('lead-blitz');
    expect(closestIds('lead', ids)).toEqual(expect.arrayContaining(['leads', 'lead-blitz']));
    expect(closestIds('contract', ids)).toEqual(['contract-review']);
    expect(closestIds('zzzzzz', ids)).toEqual([]);
  });
});
