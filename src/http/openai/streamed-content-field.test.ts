import { describe, expect, it } from 'vitest';
import { StreamedContentField } from './streamed-content-field.ts';

function streamed(json: string, pieceLength: number): string {
  const field = new StreamedContentField();
  let text = '';
  for (let index = 0; index < json.length; index += pieceLength) text += field.push(json.slice(index, index + pieceLength));
  return text;
}

describe('StreamedContentField', () => {
  it('gives the reply’s text as it streams, whatever the pieces, escapes split across them included', () => {
    const reply = 'Line one "quoted"\nline two\ttab \\ backslash é 😀 \u0001 end';
    const json = JSON.stringify({ content: reply });
    for (const length of [1, 2, 3, 5, 7, 48, json.length]) expect(streamed(json, length), `pieces of ${length}`).toBe(reply);
  });

  it('reads \\u escapes, whitespace around the key, and ignores what follows the string', () => {
    expect(streamed(' {\n  "content" : "caf\\u00e9 \\ud83d\\ude00", "extra": "x"}', 2)).toBe('café 😀');
  });

  it('streams nothing of an answer of another shape: it comes whole at the end', () => {
    expect(streamed('{"other": "x", "content": "y"}', 3)).toBe('');
    expect(streamed('["content"]', 1)).toBe('');
  });
});
