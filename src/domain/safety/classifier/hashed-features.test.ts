import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutsWord, hashedDot, hashedFeatures, rangeDot, rangeFeatures, textHashes, type SparseVector } from './hashed-features.ts';

const space = { dimensions: 1 << 16, longestGrammedWord: 24 };
const asSet = (vector: SparseVector) => new Map([...vector.indices].map((index, position) => [index, vector.values[position]]));

describe('features of a part of a text', () => {
  it('equal the features of that part hashed alone, whenever no edge cuts a word', () => {
    const word = fc.oneof(fc.constantFrom('ignore', 'the', 'Previous', 'instructions', 'Ünïcode', 'aGVsbG8gd29ybGQ=', 'x'.repeat(30), "don't"), fc.string({ minLength: 1, maxLength: 12 }));
    const separator = fc.constantFrom(' ', '. ', '\n', ', ', '! ', '  ');
    fc.assert(
      fc.property(fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 60 }), fc.nat(), fc.nat(), (parts, a, b) => {
        const text = parts.map(([w, s]) => w + s).join('');
        const whole = textHashes(text, space);
        const start = a % (text.length + 1);
        const end = start + (b % (text.length - start + 1));
        if (cutsWord(text, start, end)) return;
        for (const also of ['', 'read with it']) {
          const part = text.slice(start, end);
          expect(asSet(rangeFeatures(whole, start, end, space, also, { 'rule:x': 1 }))).toEqual(asSet(hashedFeatures(also === '' ? part : `${part}\n${also}`, space, { 'rule:x': 1 })));
        }
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });

  it('give, without the vector, the same dot product with the weights of a head as the vector does, to the last bit', () => {
    const weights = new Int8Array(space.dimensions);
    for (let index = 0; index < weights.length; index += 1) weights[index] = ((index * 2654435761) >>> 24) - 128;
    const word = fc.oneof(fc.constantFrom('ignore', 'the', 'Previous', 'instructions', 'x'.repeat(30)), fc.string({ minLength: 1, maxLength: 12 }));
    const extras = fc.dictionary(fc.constantFrom('rule:a', 'rule:b', 'rule:c', 'gloss'), fc.oneof(fc.constant(0), fc.double({ min: -3, max: 3, noNaN: true })));
    fc.assert(
      fc.property(fc.array(fc.tuple(word, fc.constantFrom(' ', '. ', '\n')), { minLength: 1, maxLength: 60 }), fc.nat(), fc.nat(), extras, fc.constantFrom('', 'read with it'), (parts, a, b, extra, also) => {
        const text = parts.map(([w, s]) => w + s).join('');
        const whole = textHashes(text, space);
        const start = a % (text.length + 1);
        const end = start + (b % (text.length - start + 1));
        const vector = rangeFeatures(whole, start, end, space, also, extra);
        let expected = 0;
        for (let index = 0; index < vector.indices.length; index += 1) expected += (weights[vector.indices[index] as number] as number) * (vector.values[index] as number);
        expect(Object.is(rangeDot(whole, start, end, space, also, extra, weights), expected)).toBe(true);
      }),
      { seed: 20261127, numRuns: 300 },
    );
  });

  it('of a text read alone give, without the vector, the same dot product as the vector does, to the last bit', () => {
    const weights = new Int8Array(space.dimensions);
    for (let index = 0; index < weights.length; index += 1) weights[index] = ((index * 2246822519) >>> 24) - 128;
    const extras = fc.dictionary(fc.constantFrom('rule:a', 'rule:b', 'gloss'), fc.oneof(fc.constant(0), fc.double({ min: -3, max: 3, noNaN: true })));
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), extras, (text, extra) => {
        const vector = hashedFeatures(text, space, extra);
        let expected = 0;
        for (let index = 0; index < vector.indices.length; index += 1) expected += (weights[vector.indices[index] as number] as number) * (vector.values[index] as number);
        expect(Object.is(hashedDot(text, space, extra, weights), expected)).toBe(true);
      }),
      { seed: 20261128, numRuns: 300 },
    );
  });

  it('of a text read whole just before are the same as hashed afresh, whatever the word-length limit', () => {
    const word = fc.oneof(fc.constantFrom('ignore', 'Previous', 'x'.repeat(12), 'y'.repeat(30)), fc.string({ minLength: 1, maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(fc.tuple(word, fc.constantFrom(' ', '. ', '\n')), { minLength: 1, maxLength: 40 }), (parts) => {
        const text = parts.map(([w, s]) => w + s).join('');
        for (const longestGrammedWord of [24, 10, undefined]) {
          const limited = { dimensions: 1 << 16, longestGrammedWord };
          textHashes('another text altogether', space);
          const afresh = asSet(hashedFeatures(text, limited));
          textHashes(text, space);
          expect(asSet(hashedFeatures(text, limited))).toEqual(afresh);
        }
      }),
      { seed: 20261126, numRuns: 200 },
    );
  });

  it('knows when an edge cuts a word', () => {
    expect(cutsWord('hello world', 0, 11)).toBe(false);
    expect(cutsWord('hello world', 6, 11)).toBe(false);
    expect(cutsWord('hello world', 2, 11)).toBe(true);
    expect(cutsWord('hello world', 0, 8)).toBe(true);
  });
});
