import type { ContentCategory } from './content-categories.ts';
import type { LexiconList } from './content-lexicon.ts';
import { RuleTriggers } from './rule-matching.ts';
import { findWord, findWordString, listNames, stemLists, type WordEntry } from './word-index.ts';
import { codeUnits, lowerCased } from '../../text/code-units.ts';
import { wordHashStart, wordHashStep } from '../../text/word-hash.ts';

/** What the word lists and phrase rules found in one text. */
export interface ContentSignals {
  /** Named features for the model: word-list weights, rule hits and a few combinations. */
  features: Record<string, number>;
  /** Rules that matched, by name. */
  rules: string[];
  /** Categories the matched rules decide on their own, sorted. */
  ruleCategories: ContentCategory[];
  /** Words in the text. */
  words: number;
  /** Something the model can hold on to besides the words themselves: a listed word, a masked word, a rule. */
  hasEvidence: boolean;
  /** Words of each list found in the text. */
  listCounts: Readonly<Record<LexiconList, number>>;
  /** The text speaks to someone ("you", "your", …). */
  addressed: boolean;
  /** Listed insults or swear words within a few words after "you". */
  aimed: number;
  /** Of those, insults and slurs ("you are such an idiot"). */
  aimedInsults: number;
  /** Words with letters masked ("f*ck"). */
  masked: number;
}

const listIndex = (name: LexiconList) => listNames.indexOf(name);
// Lists whose words can be aimed at the reader: 1 for swearing, 2 for insults and slurs.
const aimedLists = new Uint8Array(listNames.length);
for (const name of ['profanity', 'ambiguous', 'reclaimed'] as const) aimedLists[listIndex(name)] = 1;
for (const name of ['insult', 'slur'] as const) aimedLists[listIndex(name)] = 2;
// Emoji of contempt (clown, pile of poo, vomiting, middle finger, pig, swearing face) as UTF-16 pairs.
const contemptEmoji = new Set(['\u{1F921}', '\u{1F4A9}', '\u{1F92E}', '\u{1F595}', '\u{1F437}', '\u{1F92C}']);
/** How many words after "you" an insult still counts as aimed at the reader ("you are such an idiot"). */
const aimReach = 4;

/** Reads one text's words once: counts per word list, which rules to try, insults aimed at "you". */
export function contentSignals(text: string): ContentSignals {
  const lower = lowerCased(text);
  const counts = new Array<number>(listNames.length).fill(0);
  const triggers = new RuleTriggers();
  let words = 0;
  let aimed = 0;
  let aimedInsults = 0;
  let masked = 0;
  let uppercase = 0;
  let letters = 0;
  let contempt = 0;
  let lastSecondPerson = -aimReach - 1;
  let start = -1;
  let hash = wordHashStart;
  // Whether the text holds letters of the scripts that have rules without trigger words.
  let otherScripts = false;
  // What the current word holds besides letters and digits; most words hold neither, and skip the checks.
  let hasApostrophe = false;
  let hasMask = false;
  const lowerUnits = codeUnits(lower);
  const textUnits = codeUnits(text);
  for (let index = 0; index <= lower.length; index += 1) {
    const code = index < lower.length ? (lowerUnits[index] as number) : 32;
    const letter = code >= 97 && code <= 122;
    if (letter) {
      letters += 1;
      if (textUnits[index] !== code) uppercase += 1;
    } else if ((code === 0xd83d || code === 0xd83e) && contemptEmoji.has(lower.slice(index, index + 2))) {
      contempt += 1;
    } else if (code >= 0x0400 && !otherScripts) {
      otherScripts = isOtherScriptLetter(code);
    }
    // "*" and "$" stay inside a word: "f*ck", "dumba$$" are words with letters masked.
    const marked = code === 39 || code === 42 || code === 36;
    if (letter || (code >= 48 && code <= 57) || marked) {
      if (start < 0) {
        start = index;
        hash = wordHashStart;
      }
      hash = wordHashStep(hash, code);
      if (code === 39) hasApostrophe = true;
      else if (marked) hasMask = true;
      continue;
    }
    if (start < 0) continue;
    const wordStart = start;
    const apostrophe = hasApostrophe;
    let entry: WordEntry | undefined;
    let lists: readonly number[] | undefined;
    let empty = false;
    if (hasApostrophe || hasMask) {
      // The rare word with apostrophes or masking characters is cleaned up as a string first.
      const word = cleanWord(lower.slice(start, index), hasMask);
      if (word.masked) masked += 1;
      empty = word.text === '';
      entry = empty ? undefined : findWordString(word.text);
      lists = empty ? undefined : (entry?.lists ?? listsOfInflected(word.text));
    } else {
      entry = findWord(lower, start, index, hash);
      lists = entry?.lists ?? stemLists(lower, start, index, lowerUnits);
    }
    start = -1;
    hasApostrophe = false;
    hasMask = false;
    if (empty) continue;
    words += 1;
    if (entry) {
      if (entry.secondPerson) lastSecondPerson = words;
      for (const ruleIndex of entry.rules) triggers.add(ruleIndex, wordStart);
    }
    // A word with an apostrophe inside also triggers the rules of its parts ("quelqu'un": "quelqu").
    if (apostrophe) for (const ruleIndex of rulesOfParts(lower.slice(wordStart, index))) triggers.add(ruleIndex, wordStart);
    if (!lists) continue;
    for (const list of lists) {
      counts[list] = (counts[list] as number) + 1;
      if (aimedLists[list] !== 0 && words - lastSecondPerson <= aimReach) {
        aimed += 1;
        if (aimedLists[list] === 2) aimedInsults += 1;
      }
    }
  }

  const { rules, categories } = triggers.match(text, lower.length === text.length, otherScripts);
  const shape = { words, aimed, masked, contempt, shouting: letters >= 8 ? uppercase / letters : 0 };
  const hasEvidence = masked > 0 || contempt > 0 || rules.length > 0 || counts.some((count) => count > 0);
  const listCounts = {} as Record<LexiconList, number>;
  for (let index = 0; index < listNames.length; index += 1) listCounts[listNames[index] as LexiconList] = counts[index] as number;
  return { features: featuresOf(counts, shape, rules), rules, ruleCategories: categories, words, hasEvidence, listCounts, addressed: lastSecondPerson > 0, aimed, aimedInsults, masked };
}

/** Cyrillic, Arabic, Japanese kana or Chinese characters (see ContentRule.otherScripts). */
function isOtherScriptLetter(code: number): boolean {
  return (code >= 0x0400 && code <= 0x04ff) || (code >= 0x0600 && code <= 0x06ff) || (code >= 0x3040 && code <= 0x30ff) || (code >= 0x4e00 && code <= 0x9fff);
}

/** The lists of a word no list holds exactly: a possessive of one that does ("idiot's"), or a stem's word. */
function listsOfInflected(word: string): readonly number[] | undefined {
  const possessive = word.endsWith("'s") ? findWordString(word.slice(0, -2))?.lists : undefined;
  return possessive ?? stemLists(word, 0, word.length);
}

/** A word without its outer apostrophes and, when it has them, without masking characters ("f*ck" → "fck"). */
function cleanWord(raw: string, hasMask: boolean): { text: string; masked: boolean } {
  const word = trimApostrophes(raw);
  if (!hasMask) return { text: word, masked: false };
  if (!maskedWord.test(word)) return { text: word.replace(maskCharacters, ''), masked: false };
  // A listed spelling keeps its mask ("a$$").
  return { text: findWordString(word)?.lists ? word : word.replace(maskCharacters, ''), masked: true };
}

// "f*ck", "dumba$$", "b****": letters with some hidden.
const maskedWord = /[a-z][*$]+[a-z]|[a-z]\$+$|^[a-z]{1,2}\*{2,}$/;
const maskCharacters = /[*$]/g;

/** The rules the parts of a word with apostrophes trigger, parts of three letters or more. */
function rulesOfParts(word: string): number[] {
  return word.split("'").flatMap((part) => (part.length >= 3 && part !== word ? (findWordString(part)?.rules ?? []) : []));
}

function trimApostrophes(word: string): string {
  let from = 0;
  let to = word.length;
  while (from < to && word.charCodeAt(from) === 39) from += 1;
  while (to > from && word.charCodeAt(to - 1) === 39) to -= 1;
  return from === 0 && to === word.length ? word : word.slice(from, to);
}

/**
 * Word-list counts as feature values: the first hit counts most and more hits add less (a tweet with two
 * swear words is not twice as toxic), and a hit in a long text counts less than the same hit in a tweet.
 */
function featuresOf(counts: readonly number[], shape: { words: number; aimed: number; masked: number; contempt: number; shouting: number }, rules: readonly string[]): Record<string, number> {
  const features: Record<string, number> = {};
  const lengthDamping = 1 / Math.sqrt(1 + shape.words / 50);
  listNames.forEach((list, index) => {
    const count = counts[index] as number;
    // Naming a group is no evidence of hate on its own: only its combination with abuse below is a feature.
    if (count === 0 || list === 'group') return;
    const names = listFeatureNames[index] as ListFeatureNames;
    features[names.list] = (Math.log2(1 + count) / 2) * lengthDamping;
    // Whatever the length: one explicit word in a long text can be all that matters.
    features[names.has] = 0.5;
    // Several hits, however long the text: a story or an advert full of explicit words.
    if (count >= 2) features[names.many] = Math.min(1, Math.log2(count) / 3);
  });
  const count = (list: LexiconList) => counts[listIndex(list)] as number;
  if (shape.aimed > 0) features['aimed_insult'] = Math.min(1, shape.aimed / 2);
  if (shape.masked > 0) features['masked_word'] = Math.min(1, shape.masked / 2);
  if (shape.contempt > 0) features['contempt_emoji'] = Math.min(1, shape.contempt / 2);
  if (shape.shouting > 0.6) features['shouting'] = shape.shouting * 0.5;
  if (count('minor') > 0 && count('sexual') > 0) features['minor_and_sexual'] = 1;
  if (count('group') > 0 && count('insult') + count('slur') + count('violence') + count('profanity') > 0) features['group_and_abuse'] = lengthDamping;
  for (const rule of rules) features[ruleFeatureName(rule)] = 1;
  return features;
}

interface ListFeatureNames {
  list: string;
  has: string;
  many: string;
}
/** Each list's feature names, built once rather than for every text. */
const listFeatureNames: readonly ListFeatureNames[] = listNames.map((list) => ({ list: `list:${list}`, has: `has:${list}`, many: `many:${list}` }));
const ruleFeatureNames = new Map<string, string>();

function ruleFeatureName(rule: string): string {
  let name = ruleFeatureNames.get(rule);
  if (name === undefined) ruleFeatureNames.set(rule, (name = `rule:${rule}`));
  return name;
}
