import { codeUnits, lowerCased } from '../text/code-units.ts';

/**
 * Text as a sparse vector for the linear classifiers: lower-cased words, word pairs and character
 * 4-grams within words, each hashed into a fixed number of buckets (the "hashing trick", so the model
 * needs no vocabulary file). Every bucket that occurs counts once, and the vector is scaled to length 1,
 * so a long text and a short one are on the same scale. Named extra features (rule hits, shape measures)
 * are hashed into the same space with their own values.
 */
export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
}

export interface FeatureSpace {
  /** A power of two. */
  dimensions: number;
  /**
   * Words longer than this (hex, base64, hashes, long URLs) give only their own hash and no character grams,
   * so a run of them does not drown the words around it. Unlimited when not set.
   */
  longestGrammedWord?: number;
}

const fnvOffset = 0x811c9dc5;
const fnvPrime = 0x01000193;
const charGramLength = 4;

/** See bucketScratch. */
const scratch = new Map<number, Uint8Array>();

/**
 * The feature hashes of the last few texts, before they are folded into a model's dimensions. The jailbreak
 * and content models read the same normalised strings one after the other, so each text is hashed once.
 */
/** Per word-length limit (see FeatureSpace), since the limit changes the hashes. */
const recentHashes = new Map<number, Map<string, Int32Array>>();
const recentLimit = 8;
/** Shorter texts (windows of long ones, most fields) cost less to hash again than to keep; longer ones hold too much memory. */
const shortestCached = 1024;
const longestCached = 65_536;

export function hashedFeatures(text: string, space: FeatureSpace, extra: Readonly<Record<string, number>> = {}): SparseVector {
  const count = textBuckets(text, space);
  return sparseVectorOf(touchedBuffer, count, bucketScratch(space.dimensions), space.dimensions - 1, extra, 'extra');
}

/**
 * The dot product of `weights` (a linear head's, one per dimension) with the vector hashedFeatures would give
 * for the same arguments, to the last bit, without building the vector: what scoring a window read on its
 * own needs (a long run without spaces is read in a thousand such windows).
 */
export function hashedDot(text: string, space: FeatureSpace, extra: Readonly<Record<string, number>>, weights: Int8Array): number {
  const count = textBuckets(text, space);
  return dotOf(touchedBuffer, count, bucketScratch(space.dimensions), space.dimensions - 1, extra, 'extra', weights);
}

/**
 * Fills touchedBuffer with the distinct buckets of the text's hashes, in the order the text first touches
 * them, each marked in the dimension's bucket scratch; returns how many.
 */
function textBuckets(text: string, space: FeatureSpace): number {
  const mask = space.dimensions - 1;
  const seen = bucketScratch(space.dimensions);
  const cached = text.length >= shortestCached && text.length <= longestCached;
  const longestGrammedWord = space.longestGrammedWord ?? Number.POSITIVE_INFINITY;
  let recent = recentHashes.get(longestGrammedWord);
  if (!recent) {
    recent = new Map();
    recentHashes.set(longestGrammedWord, recent);
  }
  let hashes = cached ? recent.get(text) : lastWholeText(text, longestGrammedWord);
  if (hashes === undefined) {
    // A view of the shared buffer, read before the next text is hashed; a kept copy for texts worth keeping.
    hashes = hashBuffer.subarray(0, hashText(text, longestGrammedWord));
    if (cached) {
      hashes = hashes.slice();
      if (recent.size >= recentLimit) recent.delete(recent.keys().next().value as string);
      recent.set(text, hashes);
    }
  }
  let count = 0;
  if (touchedBuffer.length < hashes.length) touchedBuffer = new Int32Array(hashes.length);
  const touched = touchedBuffer;
  for (let position = 0; position < hashes.length; position += 1) {
    const bucket = (hashes[position] as number) & mask;
    if (seen[bucket] === 0) {
      seen[bucket] = 1;
      touched[count++] = bucket;
    }
  }
  return count;
}

/**
 * Which buckets the current text touched, one map per dimension count, cleared as each vector is built. The
 * service is single-threaded, so reuse is safe and spares an allocation per text.
 */
export function bucketScratch(dimensions: number): Uint8Array {
  let seen = scratch.get(dimensions);
  if (!seen) {
    seen = new Uint8Array(dimensions);
    scratch.set(dimensions, seen);
  }
  return seen;
}

/**
 * The sparse vector of the first `count` distinct buckets in `touched`, each scaled so the vector has length
 * 1, plus the named extras (hashed as `<prefix>:<name>`, with their own values); clears those buckets in
 * `seen` for the next text.
 */
export function sparseVectorOf(touched: Int32Array, count: number, seen: Uint8Array, mask: number, extra: Readonly<Record<string, number>>, prefix: string): SparseVector {
  let extras = 0;
  for (const name in extra) if (extra[name] !== 0) extras += 1;
  const scale = count > 0 ? 1 / Math.sqrt(count) : 0;
  const indices = new Int32Array(count + extras);
  const values = new Float32Array(count + extras);
  for (let position = 0; position < count; position += 1) {
    const bucket = touched[position] as number;
    indices[position] = bucket;
    values[position] = scale;
    seen[bucket] = 0;
  }
  if (extras === 0) return { indices, values };
  const hashes = extraHashes(prefix);
  let offset = count;
  for (const name in extra) {
    const value = extra[name] as number;
    if (value === 0) continue;
    indices[offset] = extraHash(hashes, prefix, name) & mask;
    values[offset] = value;
    offset += 1;
  }
  return { indices, values };
}

/**
 * The dot product of `weights` with the vector sparseVectorOf would build from the same arguments, without
 * building it: the same terms added in the same order, each value rounded to 32 bits as the vector stores
 * it, so a head's log-odds come out the same to the last bit. Clears the touched buckets in `seen` too.
 */
function dotOf(touched: Int32Array, count: number, seen: Uint8Array, mask: number, extra: Readonly<Record<string, number>>, prefix: string, weights: Int8Array): number {
  const scale = count > 0 ? Math.fround(1 / Math.sqrt(count)) : 0;
  let sum = 0;
  for (let position = 0; position < count; position += 1) {
    const bucket = touched[position] as number;
    sum += (weights[bucket] as number) * scale;
    seen[bucket] = 0;
  }
  let hashes: Map<string, number> | undefined;
  for (const name in extra) {
    const value = extra[name] as number;
    if (value === 0) continue;
    hashes ??= extraHashes(prefix);
    sum += (weights[extraHash(hashes, prefix, name) & mask] as number) * Math.fround(value);
  }
  return sum;
}

/** The hash of a named extra, from the prefix's cache (see namedHashes). */
function extraHash(hashes: Map<string, number>, prefix: string, name: string): number {
  let hash = hashes.get(name);
  if (hash === undefined) {
    hash = hashString(`${prefix}:${name}`);
    if (hashes.size < namedHashLimit) hashes.set(name, hash);
  }
  return hash;
}

/**
 * The hashes of named extras, per prefix. Their names are a fixed set (rule ids, signal names), read for
 * every window of a long text, so each is hashed once.
 */
const namedHashes = new Map<string, Map<string, number>>();
/** Past this many names per prefix, further names are hashed each time: the cache stays bounded whatever a caller names. */
const namedHashLimit = 4096;

function extraHashes(prefix: string): Map<string, number> {
  let hashes = namedHashes.get(prefix);
  if (!hashes) {
    hashes = new Map();
    namedHashes.set(prefix, hashes);
  }
  return hashes;
}

/**
 * A text's feature hashes with the part of the text each reads, so that the features of any part of it can
 * be taken without hashing that part again (see rangeFeatures).
 */
export interface TextHashes {
  hashes: Int32Array;
  /** Where the text a hash reads starts (a word pair: its first word). */
  from: Int32Array;
  /** Where it ends (the end of its word); never decreasing. */
  to: Int32Array;
}

/**
 * Whether [start, end) cuts a word of the text at either edge: read alone, that part would hold a piece of a
 * word that rangeFeatures leaves out, so it must be hashed on its own to read the same.
 */
export function cutsWord(text: string, start: number, end: number): boolean {
  const wordAt = (index: number) => isWordCharacter(text.charAt(index).toLowerCase().charCodeAt(0));
  return (start > 0 && start < text.length && wordAt(start - 1) && wordAt(start)) || (end > 0 && end < text.length && wordAt(end - 1) && wordAt(end));
}

/**
 * The feature hashes of a whole text, with their positions (see TextHashes). The arrays are views of buffers
 * kept for the purpose, valid until the next call: a 200 KB text has some 250,000 hashes, and three copies of
 * them per text were large objects the garbage collector had to sweep after every long screen.
 */
export function textHashes(text: string, space: Pick<FeatureSpace, 'longestGrammedWord'>): TextHashes {
  const limit = space.longestGrammedWord ?? Number.POSITIVE_INFINITY;
  const count = hashText(text, limit, true);
  // hashText writes every text's hashes to hashBuffer; the whole text's move to a buffer of their own, since
  // its windows hash their glosses (and other texts) while they read it.
  if (wholeHashBuffer.length < count) wholeHashBuffer = new Int32Array(hashBuffer.length);
  wholeHashBuffer.set(hashBuffer.subarray(0, count));
  const whole = { hashes: wholeHashBuffer.subarray(0, count), from: fromBuffer.subarray(0, count), to: toBuffer.subarray(0, count) };
  lastWhole = { text, limit, longestWord: longestWordHashed, hashes: whole.hashes };
  return whole;
}

/**
 * The hashes of the last long text read whole (the jailbreak layer reads a request's text whole before the
 * content layer does). The word-length limit changes only the hashes of longer words, so they serve any
 * limit at least as long as the text's longest word.
 */
let lastWhole: { text: string; limit: number; longestWord: number; hashes: Int32Array } | undefined;

function lastWholeText(text: string, limit: number): Int32Array | undefined {
  if (lastWhole === undefined || lastWhole.text !== text) return undefined;
  return lastWhole.longestWord <= Math.min(limit, lastWhole.limit) ? lastWhole.hashes : undefined;
}

/**
 * The vector of the words of `text` that lie wholly in [start, end) (a pair, when both its words do), plus
 * the features of `also` (another text read with it, hashed on its own), as `hashedFeatures` would give for
 * that part read alone, without hashing it again, provided neither edge cuts a word (see cutsWord).
 */
export function rangeFeatures(whole: TextHashes, start: number, end: number, space: FeatureSpace, also: string, extra: Readonly<Record<string, number>> = {}): SparseVector {
  const count = rangeBuckets(whole, start, end, space, also);
  return sparseVectorOf(touchedBuffer, count, bucketScratch(space.dimensions), space.dimensions - 1, extra, 'extra');
}

/**
 * The dot product of `weights` (a linear head's, one per dimension) with the vector rangeFeatures would
 * give for the same arguments, to the last bit, without building the vector: what scoring a window needs.
 */
export function rangeDot(whole: TextHashes, start: number, end: number, space: FeatureSpace, also: string, extra: Readonly<Record<string, number>>, weights: Int8Array): number {
  const count = rangeBuckets(whole, start, end, space, also);
  return dotOf(touchedBuffer, count, bucketScratch(space.dimensions), space.dimensions - 1, extra, 'extra', weights);
}

/**
 * Fills touchedBuffer with the distinct buckets of the hashes of `whole` read wholly in [start, end), then
 * of `also`, in the order they are first touched, each marked in the dimension's bucket scratch; returns
 * how many.
 */
function rangeBuckets(whole: TextHashes, start: number, end: number, space: FeatureSpace, also: string): number {
  const mask = space.dimensions - 1;
  const seen = bucketScratch(space.dimensions);
  const extraCount = also === '' ? 0 : hashText(also, space.longestGrammedWord ?? Number.POSITIVE_INFINITY);
  if (touchedBuffer.length < whole.hashes.length + extraCount) touchedBuffer = new Int32Array(whole.hashes.length + extraCount);
  const touched = touchedBuffer;
  let count = 0;
  // The first hash whose word ends after `start`: the positions only grow, so a binary search finds it.
  let low = 0;
  let high = whole.to.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((whole.to[middle] as number) <= start) low = middle + 1;
    else high = middle;
  }
  for (let position = low; position < whole.hashes.length && (whole.to[position] as number) <= end; position += 1) {
    if ((whole.from[position] as number) < start) continue;
    const bucket = (whole.hashes[position] as number) & mask;
    if (seen[bucket] === 0) {
      seen[bucket] = 1;
      touched[count++] = bucket;
    }
  }
  for (let position = 0; position < extraCount; position += 1) {
    const bucket = (hashBuffer[position] as number) & mask;
    if (seen[bucket] === 0) {
      seen[bucket] = 1;
      touched[count++] = bucket;
    }
  }
  return count;
}

/**
 * Fills hashBuffer with the text's word, word-pair and character-gram hashes, in order; returns how many.
 * With `positions`, also fills fromBuffer and toBuffer with the part of the text each hash reads (a pair:
 * from its first word's start), for textHashes; the other callers skip that work.
 */
function hashText(text: string, longestGrammedWord: number, positions = false): number {
  // A word gives at most itself, a pair and (length - 1) character grams: three per character is a bound.
  if (hashBuffer.length < text.length * 3 + 8) hashBuffer = new Int32Array(text.length * 3 + 8);
  if (positions && fromBuffer.length < hashBuffer.length) {
    fromBuffer = new Int32Array(hashBuffer.length);
    toBuffer = new Int32Array(hashBuffer.length);
  }
  const hashes = hashBuffer;
  let count = 0;
  let longestWord = 0;
  let previousWord = 0;
  let previousStart = 0;
  let wordHash = fnvOffset;
  let wordLength = 0;
  const lower = codeUnits(lowerCased(text));
  // Walk the text once: words end at any character that is not a letter, digit or apostrophe.
  for (let index = 0; index <= lower.length; index += 1) {
    const code = index < lower.length ? (lower[index] as number) : 32;
    if (isWordCharacter(code)) {
      wordHash = Math.imul(wordHash ^ code, fnvPrime);
      wordLength += 1;
      continue;
    }
    if (wordLength > 0) {
      if (wordLength > longestWord) longestWord = wordLength;
      const word = wordHash >>> 0;
      const wordStart = index - wordLength;
      const first = count;
      hashes[count++] = word;
      if (previousWord !== 0) hashes[count++] = Math.imul(previousWord ^ 0x9e3779b9, fnvPrime) ^ word;
      if (wordLength >= charGramLength && wordLength <= longestGrammedWord) count = characterGrams(lower, wordStart, index, hashes, count);
      if (positions) {
        // A plain loop: `fill` over a few elements costs more in its call than in its writes.
        for (let position = first; position < count; position += 1) {
          fromBuffer[position] = wordStart;
          toBuffer[position] = index;
        }
        if (previousWord !== 0) fromBuffer[first + 1] = previousStart;
      }
      previousWord = word;
      previousStart = wordStart;
      wordHash = fnvOffset;
      wordLength = 0;
    }
    // Sentence ends break word pairs.
    if (code === 46 || code === 10 || code === 33 || code === 63) previousWord = 0;
  }
  longestWordHashed = longestWord;
  return count;
}

/** The longest word of the text hashText read last. */
let longestWordHashed = 0;

let hashBuffer = new Int32Array(16_384);
// Where each hash's text starts and ends, filled only for textHashes.
let fromBuffer = new Int32Array(0);
let toBuffer = new Int32Array(0);
// The hashes of the text textHashes read last (see there).
let wholeHashBuffer = new Int32Array(0);
let touchedBuffer = new Int32Array(16_384);

/** Adds the character 4-grams of one word, with its boundaries ("<word>" gives "<wor", "word", "ord>"); returns the new count. */
function characterGrams(text: Uint16Array, start: number, end: number, hashes: Int32Array, count: number): number {
  let total = count;
  for (let gramStart = start - 1; gramStart + charGramLength <= end + 1; gramStart += 1) {
    let hash = 0x2f1a3c5d;
    for (let offset = 0; offset < charGramLength; offset += 1) {
      const position = gramStart + offset;
      const code = position < start ? 60 : position >= end ? 62 : (text[position] as number);
      hash = Math.imul(hash ^ code, fnvPrime);
    }
    hashes[total++] = hash >>> 0;
  }
  return total;
}

function isWordCharacter(code: number): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 39;
  // Letters of other scripts (accented Latin, Cyrillic, CJK, …); punctuation blocks are excluded.
  return !(code >= 0x2000 && code <= 0x206f) && !(code >= 0x3000 && code <= 0x303f) && code !== 0xa0 && code !== 0xff0c && code !== 0xff0e;
}

export function hashString(value: string): number {
  let hash = fnvOffset;
  for (let index = 0; index < value.length; index += 1) hash = Math.imul(hash ^ value.charCodeAt(index), fnvPrime);
  return hash >>> 0;
}
