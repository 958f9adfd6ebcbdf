import { describe, expect, it } from 'vitest';
import { withoutJsonFence } from './json-fence.ts';

describe('withoutJsonFence', () => {
  it('keeps what is inside a fence around the whole answer', () => {
    expect(withoutJsonFence('```json\n{"a":1}\n```')).toBe('{"a":1}');
    expect(withoutJsonFence('```JSON {"a":1}```')).toBe('{"a":1}');
    expect(withoutJsonFence('```\n  {"a":1}\n\n```')).toBe('{"a":1}\n');
    expect(withoutJsonFence('```json```')).toBe('');
    expect(withoutJsonFence('```jsonx```')).toBe('x');
  });

  it('leaves an answer without a fence around all of it alone', () => {
    expect(withoutJsonFence('{"a":1}')).toBe('{"a":1}');
    expect(withoutJsonFence('```json\n{"a":1}')).toBe('```json\n{"a":1}');
    expect(withoutJsonFence('`````')).toBe('`````');
    expect(withoutJsonFence('Here: ```{"a":1}```')).toBe('Here: ```{"a":1}```');
  });

  it('answers like the pattern it replaces on every short mix of fences, words and line breaks', () => {
    const pattern = /^```(?:json)?\s*\n?([\s\S]*?)\n?```$/i;
    const pieces = ['```', 'json', 'JSON', '\n', ' ', '{', '}', 'js', '`'];
    const texts = [''];
    for (let round = 0; round < 5; round += 1) for (const text of texts.splice(0)) for (const piece of pieces) texts.push(text + piece);
    for (const text of texts) expect(withoutJsonFence(text), JSON.stringify(text)).toBe(text.replace(pattern, '$1'));
  });

  it('reads a long unclosed answer at once', () => {
    const text = `\`\`\`json${'\n'.repeat(200_000)}x`;
    const started = performance.now();
    withoutJsonFence(text);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
