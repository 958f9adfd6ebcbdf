import { bucketScratch, hashString, sparseVectorOf, type SparseVector } from '../../classifier/hashed-features.ts';
import { identityPlaceholder, isIdentityWord } from './identity-terms.ts';
import { codeUnits, lowerCased } from '../../text/code-units.ts';

/**
 * A text as the request head reads it: its content words and the pairs of content words near each other
 * in one sentence ("make … bomb", "bath … bomb", "kill … process", "hurt … someone"), hashed, without the
 * words that only give a request its style ("how", "what", "write", "tutorial", "please"). Harmful-request
 * data sets each have a style of their own (AdvBench orders "Write a tutorial on how to …", CatQA asks
 * "What are the best ways to …", the benign look-alikes ask "How to …?"), and a model that reads the style
 * learns the data set instead of the harm; what is done to what is the same in every style. Identity words
 * read as one placeholder, as in the main vector. One pass over the text, linear in its length.
 */
export function requestVector(text: string, dimensions: number, extra: Readonly<Record<string, number>>): SparseVector {
  const mask = dimensions - 1;
  const seen = bucketScratch(dimensions);
  let count = 0;
  const add = (hash: number) => {
    const bucket = hash & mask;
    if (seen[bucket] === 1) return;
    seen[bucket] = 1;
    if (count === touched.length) touched = grown(touched);
    touched[count++] = bucket;
  };
  const lower = lowerCased(text);
  const recent: number[] = [];
  let start = -1;
  const units = codeUnits(lower);
  for (let index = 0; index <= lower.length; index += 1) {
    const code = index < lower.length ? (units[index] as number) : 46;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code === 45 && start >= 0) || (code === 39 && start >= 0)) {
      if (start < 0) start = index;
      continue;
    }
    if (start >= 0) {
      const word = contentWord(lower.slice(start, index));
      start = -1;
      if (word !== undefined) {
        const hash = hashString(word);
        add(hash);
        for (let back = 0; back < recent.length; back += 1) add(Math.imul((recent[back] as number) ^ 0x5bd1e995, 0x01000193) ^ hash);
        recent.push(hash);
        if (recent.length > pairReach) recent.shift();
      }
    }
    if (code === 46 || code === 63 || code === 33 || code === 59 || code === 10) recent.length = 0;
  }
  return sparseVectorOf(touched, count, seen, mask, extra, 'request');
}

// The touched buckets in order, reused between texts (the service is single-threaded).
let touched: Int32Array<ArrayBuffer> = new Int32Array(1024);

function grown(buffer: Int32Array): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(buffer.length * 2);
  larger.set(buffer);
  return larger;
}

/** How many content words back a pair still reaches ("make a small pipe bomb": make … bomb). */
const pairReach = 5;

/** Words of style and grammar: they say how something is asked, not what. */
const styleWords = new Set([
  'a', 'an', 'the', 'to', 'of', 'in', 'on', 'at', 'for', 'by', 'with', 'and', 'or', 'is', 'are', 'be', 'been', 'was', 'were', 'do', 'does', 'did', 'can', 'could', 'would', 'should', 'will', 'shall', 'may', 'might',
  'how', 'what', 'which', 'where', 'when', 'why', 'who', 'that', 'this', 'these', 'those', 'it', 'its', 'there', 'some', 'any', 'me', 'please', 'you', 'your', 'give', 'provide', 'write', 'create',
  'develop', 'explain', 'describe', 'outline', 'tell', 'show', 'teach', 'list', 'generate', 'tutorial', 'guide', 'step-by-step', 'steps', 'step', 'instructions', 'detailed', 'detail', 'ways', 'way', 'methods',
  'method', 'techniques', 'technique', 'strategies', 'strategy', 'best', 'most', 'effective', 'effectively', 'common', 'specific', 'such', 'as', 'e', 'g', 'etc', 'about', 'into', 'from', 'than', 'so', 'if',
  'used', 'one', 'i', 'my', 'we', 'our', 'us',
]);

/** The word as the request head reads it: style words dropped, identity words as the placeholder, a plural "s" dropped. */
function contentWord(word: string): string | undefined {
  if (styleWords.has(word)) return undefined;
  if (isIdentityWord(word)) return identityPlaceholder;
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
