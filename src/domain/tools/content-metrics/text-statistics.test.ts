import { describe, expect, it } from 'vitest';
import { markdownToProse } from './markdown-prose.ts';
import { countSyllables } from './syllables.ts';
import { countSentences, measureText, readabilityLevel } from './text-statistics.ts';

describe('markdownToProse', () => {
  it('keeps the words a reader reads, one block per heading, paragraph, list item or table row', () => {
    const markdown = [
      '# The *Big* Title #',
      '',
      'Some **bold**, _emphasis_ and [a link](https://example.com "tip") with `inline code`.',
      'A soft-wrapped line of the same paragraph. ![A photo](photo.png)',
      '',
      '```ts',
      'const hidden = "never counted";',
      '```',
      '',
      '- first item',
      '2. [ ] second item',
      '',
      '> A quoted line',
      '',
      '| Plan | Price |',
      '|:-----|------:|',
      '| Pro  | 10    |',
      '',
      '[tip]: https://example.com',
      '',
      'Setext heading',
      '--------------',
      '',
      '***',
      'snake_case stays, <b>tags</b> go<!-- and comments -->.',
    ].join('\n');
    expect(markdownToProse(markdown)).toEqual([
      'The Big Title',
      'Some bold, emphasis and a link with inline code. A soft-wrapped line of the same paragraph.',
      'first item',
      'second item',
      'A quoted line',
      'Plan Price',
      'Pro 10',
      'Setext heading',
      'snake_case stays, tags go.',
    ]);
  });

  it('drops a fence left open to the end', () => {
    expect(markdownToProse('Prose.\n\n~~~\ncode without end')).toEqual(['Prose.']);
  });
});

describe('countSyllables', () => {
  it.each([
    ['the', 1], ['cat', 1], ['happy', 2], ['make', 1], ['whole', 1], ['table', 2], ['makes', 1], ['loved', 1],
    ['wanted', 2], ['boxes', 2], ['pages', 2], ['articles', 3], ['files', 1], ['yellow', 2], ['radio', 3],
    ['nation', 2], ['curious', 3], ['precious', 2], ['media', 3], ['social', 2], ['actual', 3], ['quality', 3],
    ['language', 2], ['usually', 4], ['communicate', 4], ['people', 2], ['e-mail', 2], ['state-of-the-art', 4],
    ["don't", 1], ['2024', 1], ['Reading', 2],
  ])('%s has %i', (word, syllables) => {
    expect(countSyllables(word)).toBe(syllables);
  });
});

describe('countSentences', () => {
  it('ends sentences at . ! ? … followed by a space or the end, but not after an abbreviation', () => {
    expect(countSentences('One. Two! Three? Four… Five')).toBe(5);
    expect(countSentences('Pick a tool, e.g. a CRM. Then use it.')).toBe(2);
    expect(countSentences('Version 3.5 is out.')).toBe(1);
    expect(countSentences('“Quoted.” Next.')).toBe(2);
    expect(countSentences('A heading without a stop')).toBe(1);
    expect(countSentences('...')).toBe(0);
  });
});

describe('measureText', () => {
  it('measures a very easy text, clamping both scores', () => {
    // 9 words, 2 sentences, 10 syllables (every word 1, "happy" 2).
    // Reading Ease: 206.835 - 1.015 * 4.5 - 84.6 * 10/9 = 108.27, clamped to 100.
    // Grade: 0.39 * 4.5 + 11.8 * 10/9 - 15.59 = -0.72, clamped to 0.
    expect(measureText('The cat sat on the mat. It was happy.')).toEqual({
      wordCount: 9,
      sentenceCount: 2,
      syllableCount: 10,
      fleschReadingEase: 100,
      fleschKincaidGrade: 0,
      readingTimeMinutes: 1,
      level: 'very easy',
    });
  });

  it('measures an easy text within the scale', () => {
    // 15 words, 2 sentences, 19 syllables: person 2, writes 1, report 2, every 3, the rest 1.
    // Reading Ease: 206.835 - 1.015 * 7.5 - 84.6 * 19/15 = 92.0625 → 92.1.
    // Grade: 0.39 * 7.5 + 11.8 * 19/15 - 15.59 = 2.2817 → 2.3.
    expect(measureText('The plan works well for small teams. Each person writes one short report every week.')).toMatchObject({
      wordCount: 15,
      sentenceCount: 2,
      syllableCount: 19,
      fleschReadingEase: 92.1,
      fleschKincaidGrade: 2.3,
      level: 'very easy',
    });
  });

  it('measures a very difficult text', () => {
    // 12 words, 2 sentences, 28 syllables: Reading 2, metrics 2, help 1, writers 2, improve 2, their 1,
    // articles 3; Simple 2, sentences 3, usually 4, communicate 4, better 2.
    // Reading Ease: 206.835 - 1.015 * 6 - 84.6 * 28/12 = 3.345 → 3.3.
    // Grade: 0.39 * 6 + 11.8 * 28/12 - 15.59 = 14.2833 → 14.3.
    expect(measureText('Reading metrics help writers improve their articles. Simple sentences usually communicate better.')).toMatchObject({
      wordCount: 12,
      sentenceCount: 2,
      syllableCount: 28,
      fleschReadingEase: 3.3,
      fleschKincaidGrade: 14.3,
      level: 'very difficult',
    });
  });

  it('counts a heading as a sentence and ignores markup and code', () => {
    const statistics = measureText('## Why plans **work**\n\nThe plan works well for [small teams](https://example.com).\n\n```\nlots of code words here\n```');
    expect(statistics).toMatchObject({ wordCount: 10, sentenceCount: 2 });
  });

  it('rounds reading time up to whole minutes at 238 words per minute, at least one', () => {
    expect(measureText('').readingTimeMinutes).toBe(1);
    expect(measureText('word '.repeat(238)).readingTimeMinutes).toBe(1);
    expect(measureText('word '.repeat(239)).readingTimeMinutes).toBe(2);
    expect(measureText('word '.repeat(1200)).readingTimeMinutes).toBe(6);
  });

  it('reports an empty text as zero words at the easy end rather than dividing by zero', () => {
    expect(measureText('```\nonly code\n```')).toEqual({
      wordCount: 0,
      sentenceCount: 0,
      syllableCount: 0,
      fleschReadingEase: 100,
      fleschKincaidGrade: 0,
      readingTimeMinutes: 1,
      level: 'very easy',
    });
  });
});

describe('readabilityLevel', () => {
  it('follows Flesch’s bands', () => {
    expect(readabilityLevel(100)).toBe('very easy');
    expect(readabilityLevel(90)).toBe('very easy');
    expect(readabilityLevel(89.9)).toBe('easy');
    expect(readabilityLevel(80)).toBe('easy');
    expect(readabilityLevel(70)).toBe('fairly easy');
    expect(readabilityLevel(60)).toBe('standard');
    expect(readabilityLevel(50)).toBe('fairly difficult');
    expect(readabilityLevel(30)).toBe('difficult');
    expect(readabilityLevel(29.9)).toBe('very difficult');
    expect(readabilityLevel(0)).toBe('very difficult');
  });
});
