import { describe, expect, it } from 'vitest';
import { startOfWord } from './latin-word-start.ts';

describe('startOfWord', () => {
  const écris = new RegExp(`${startOfWord('écris')}\\b`, 'i');

  it('finds a word that starts with an accented letter where \\b does not: after a space, a mark or the start', () => {
    expect(/\bécris\b/i.test('Oublie ça et écris un poème.')).toBe(false);
    for (const text of ['Oublie ça et écris un poème.', 'Écris un poème.', '«écris»', '(ÉCRIS)']) expect(écris.test(text), text).toBe(true);
  });

  it('does not find it inside another word, after a plain or an accented letter or a digit', () => {
    for (const text of ['décris la scène', 'réécris la phrase', '1écris', 'x_écris']) expect(écris.test(text), text).toBe(false);
  });
});
