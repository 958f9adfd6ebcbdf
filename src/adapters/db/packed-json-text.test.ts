import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packedTextThresholdBytes, packJsonText, unpackJsonText } from './packed-json-text.ts';

/** An agent answer of about `bytes` bytes, as repetitive as model prose is. */
function answerOf(bytes: number): string {
  const sentences = ['The meeting moved to Tuesday at 10.', 'Revenue grew 12% in the third quarter.', 'Ünïcode and emoji 🚀 stay intact.'];
  const items: string[] = [];
  for (let index = 0; JSON.stringify({ items }).length < bytes; index += 1) items.push(`${index}: ${sentences[index % sentences.length]}`);
  return JSON.stringify({ items, model: 'sandbox/echo' });
}

describe('packed JSON text', () => {
  it('leaves a text under the threshold as it is', async () => {
    const text = answerOf(packedTextThresholdBytes - 100);
    expect(await packJsonText(text)).toBe(text);
  });

  it('packs a large answer to a fraction of its size, and reads it back exactly', async () => {
    const text = answerOf(64 * 1024);
    const packed = await packJsonText(text);
    expect(packed.startsWith('z1:')).toBe(true);
    expect(packed.length).toBeLessThan(text.length / 4);
    expect(unpackJsonText(packed)).toBe(text);
  });

  it('keeps a text that deflating would not shorten as it is', async () => {
    const random = JSON.stringify({ noise: Buffer.from(Array.from({ length: 3000 }, () => Math.floor(Math.random() * 256))).toString('base64') });
    expect(await packJsonText(random)).toBe(random);
  });

  it('reads texts stored before packing, whatever JSON they hold', () => {
    fc.assert(fc.property(fc.json(), (json) => unpackJsonText(json) === json));
  });

  it('round-trips any JSON text, small or large', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ maxDepth: 3 }), fc.integer({ min: 1, max: 80 }), async (json, copies) => {
        const text = `[${Array.from({ length: copies }, () => json).join(',')}]`;
        expect(unpackJsonText(await packJsonText(text))).toBe(text);
      }),
      { numRuns: 150 },
    );
  });
});
