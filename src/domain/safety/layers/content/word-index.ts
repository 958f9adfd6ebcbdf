import { codeUnits } from '../../text/code-units.ts';
import { wordHash } from '../../text/word-hash.ts';
import { lexicon, type LexiconList } from './content-lexicon.ts';
import { contentRules } from './content-rules.ts';

/**
 * The word lists, the rules' trigger words and the second-person pronouns as one index, read by the
 * content signals for every word of a text. A word is looked up as a range of the text (by a hash built
 * while the text is walked, then compared in place), so reading a long text allocates nothing per word.
 */
export const listNames = Object.keys(lexicon) as LexiconList[];

/** Everything a whole word can mean to the content layer. */
export interface WordEntry {
  word: string;
  secondPerson: boolean;
  /** Rules (indices into contentRules) the word triggers. */
  rules: number[];
  /** Word lists (indices into listNames) that hold the word exactly; undefined when none does. */
  lists: number[] | undefined;
}

const secondPerson = ['you', 'your', 'youre', "you're", 'ur', 'u', 'ya', 'yo', 'yourself', 'urself'];

// Map keys stay small integers, which V8 stores without boxing.
const keyOf = (hash: number) => hash & 0x3fffffff;

const entriesByHash = new Map<number, WordEntry[]>();
/**
 * 1 where some entry's or stem prefix's key lands (a multiplicative hash of the key, 16 bits): most words of
 * a text are in no list, and are ruled out without a map lookup.
 */
const filterBits = 16;
const filterOf = (key: number) => Math.imul(key, 0x9e3779b1) >>> (32 - filterBits);
const entryFilter = new Uint8Array(1 << filterBits);
const stemFilter = new Uint8Array(1 << filterBits);
function entryFor(word: string): WordEntry {
  const key = keyOf(wordHash(word));
  entryFilter[filterOf(key)] = 1;
  const bucket = entriesByHash.get(key) ?? [];
  let entry = bucket.find((candidate) => candidate.word === word);
  if (!entry) {
    entry = { word, secondPerson: false, rules: [], lists: undefined };
    bucket.push(entry);
    entriesByHash.set(key, bucket);
  }
  return entry;
}

// Stems (entries ending in `*`) by their first three characters as one number (words are ASCII).
const stemsByPrefix = new Map<number, { stem: string; lists: number[] }[]>();
const prefixKey = (units: ArrayLike<number>, from: number) => ((units[from] as number) << 16) | ((units[from + 1] as number) << 8) | (units[from + 2] as number);

listNames.forEach((list, listIndex) => {
  for (const item of lexicon[list] as readonly string[]) {
    if (item.endsWith('*')) {
      const stem = item.slice(0, -1);
      const key = prefixKey(codeUnits(stem), 0);
      stemFilter[filterOf(key)] = 1;
      const bucket = stemsByPrefix.get(key) ?? [];
      const existing = bucket.find((candidate) => candidate.stem === stem);
      if (existing) existing.lists.push(listIndex);
      else bucket.push({ stem, lists: [listIndex] });
      stemsByPrefix.set(key, bucket);
    } else {
      const entry = entryFor(item);
      entry.lists = [...(entry.lists ?? []), listIndex];
    }
  }
});
for (const word of secondPerson) entryFor(word).secondPerson = true;
// A trigger with a letter the walk does not read as one (an accented letter ends a word there) is also
// found by its plain parts of four letters or more: "überwachen" by "berwachen", "élections" by "lections".
contentRules.forEach((rule, ruleIndex) => {
  for (const trigger of rule.triggers) {
    const parts = trigger.split(/[^a-z0-9'*$]+/).filter((part) => part.length >= 4 && part !== trigger);
    for (const word of [trigger, ...parts]) {
      const { rules } = entryFor(word);
      if (!rules.includes(ruleIndex)) rules.push(ruleIndex);
    }
  }
});

/** The entry of the word `source[from, to)`, given the hash of its characters; undefined when it has none. */
export function findWord(source: string, from: number, to: number, hash: number): WordEntry | undefined {
  if (entryFilter[filterOf(keyOf(hash))] === 0) return undefined;
  const bucket = entriesByHash.get(keyOf(hash));
  if (!bucket) return undefined;
  for (const entry of bucket) if (entry.word.length === to - from && source.startsWith(entry.word, from)) return entry;
  return undefined;
}

/** The entry of a whole string. */
export function findWordString(word: string): WordEntry | undefined {
  return findWord(word, 0, word.length, wordHash(word));
}

/**
 * The lists whose stems the word `source[from, to)` starts with ("idiots" → insult). `units`: the source's
 * code units, when the caller has them (see code-units.ts).
 */
export function stemLists(source: string, from: number, to: number, units: Uint16Array = codeUnits(source)): readonly number[] | undefined {
  if (to - from < 3) return undefined;
  const key = prefixKey(units, from);
  if (stemFilter[filterOf(key)] === 0) return undefined;
  const candidates = stemsByPrefix.get(key);
  if (!candidates) return undefined;
  let lists: number[] | undefined;
  for (const candidate of candidates) if (candidate.stem.length <= to - from && source.startsWith(candidate.stem, from)) (lists ??= []).push(...candidate.lists);
  return lists;
}
