import { isIdentityWord } from './identity-terms.ts';
import { intentLexicon, type IntentList } from './intent-lexicon.ts';
import { requestLexicon, type RequestList } from './request-lexicon.ts';
import { codeUnits, lowerCased } from '../../text/code-units.ts';
import { wordHashStart, wordHashStep } from '../../text/word-hash.ts';

/**
 * What a text asks for, read sentence by sentence: a request ("how can I", "write a guide") for a harmful
 * method ("poison", "hack into") or object ("a toxic gas", "ransomware"), aimed at someone, kept hidden; or
 * the same words in a benign frame ("protect", "history", "a process"). Parts count together only within
 * one sentence (or a stretch of `sentenceWords` words without a full stop), so a long document that says
 * "how" in one paragraph and "weapon" in another is not read as asking for a weapon, and a text is read in
 * one pass, in time linear in its length.
 */
export interface RequestSignals {
  /** Named features for the content model: each part and each combination found in one sentence. */
  features: Record<string, number>;
  /** A sentence asks for a harmful method or object, or aims one at someone: more than a word on its own. */
  asksForHarm: boolean;
  /** A sentence is a request for harm (see askingCombinations): the request head counts only where one is (content-detector.ts). */
  asks: boolean;
}

/** The longest stretch of words read as one sentence when no full stop ends it first. */
const sentenceWords = 40;

/**
 * The lists (request-lexicon.ts, intent-lexicon.ts), identity words (identity-terms.ts) as one more (a
 * stereotype is a trait pinned on a group), and the parts read from two lists in a row (see
 * derivedParts). One bit each, so a sentence's parts are one integer: at most 31 of them.
 */
type WordList = RequestList | IntentList;
type DerivedPart = 'unowned' | 'resolve' | 'aimed';
type SignalList = WordList | 'identity' | DerivedPart;
const lexicon: Record<WordList, readonly string[]> = { ...requestLexicon, ...intentLexicon };
const wordLists = Object.keys(lexicon) as WordList[];
const listNames: SignalList[] = [...wordLists, 'identity', 'unowned', 'resolve', 'aimed'];
// The 32nd part takes the sign bit: masks are only compared whole (`===`) or against 0, never ordered.
if (listNames.length > 32) throw new Error('request signals: more parts than bits in a sentence mask');
const bitOf = (list: SignalList) => 1 << listNames.indexOf(list);
const bits = Object.fromEntries(listNames.map((list) => [list, bitOf(list)])) as Record<SignalList, number>;
/** The request lists' and identity bits: a word that has one of them is not read as its base word. */
const requestListBits = [...(Object.keys(requestLexicon) as RequestList[]), 'identity' as const].reduce((mask, list) => mask | bits[list], 0);

// Whole words map to the lists that hold them; stems are grouped by their first three characters.
const wordBits = new Map<string, number>();
const stemsByPrefix = new Map<string, { stem: string; bits: number }[]>();
for (const list of wordLists) {
  for (const item of lexicon[list]) {
    if (item.endsWith('*')) {
      const stem = item.slice(0, -1);
      const bucket = stemsByPrefix.get(stem.slice(0, 3)) ?? [];
      bucket.push({ stem, bits: bits[list] });
      stemsByPrefix.set(stem.slice(0, 3), bucket);
    } else {
      wordBits.set(item, (wordBits.get(item) ?? 0) | bits[list]);
    }
  }
}

/**
 * The lists of words already read: text repeats its words, and a word's lists never change. A table with one
 * slot per hash of the word's characters (computed as the text is walked), each slot holding the last word
 * that hashed there, checked against the word in place: a word read before is neither copied out of the text
 * nor looked up in a map. Fixed size, so any text costs the same memory.
 */
const slotBits = 15;
const knownWords: (string | undefined)[] = new Array<string | undefined>(1 << slotBits).fill(undefined);
const knownBits = new Int32Array(1 << slotBits);

/** The lists of the word `lower[start, end)`, whose characters hash to `hash` (see knownWords). */
function bitsOfWordAt(lower: string, units: Uint16Array, start: number, end: number, hash: number): number {
  const slot = hash >>> (32 - slotBits);
  const known = knownWords[slot];
  if (known !== undefined && sameWord(known, units, start, end)) return knownBits[slot] as number;
  const word = lower.slice(start, end);
  const bits = listsOfWord(word);
  knownWords[slot] = word;
  knownBits[slot] = bits;
  return bits;
}

function sameWord(word: string, units: Uint16Array, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let index = 0; index < word.length; index += 1) if (word.charCodeAt(index) !== units[start + index]) return false;
  return true;
}

function listsOfWord(word: string): number {
  // A possessive reads as its word ("my ex's address", "the neighbour's dog"), unless the list has it as it is.
  if (word.endsWith("'s") && word.length > 3 && !wordBits.has(word)) return bitsOfBareWord(word.slice(0, -2));
  const found = bitsOfBareWord(word);
  // A word only the intent lists hold is still read as its base word too ("steals" is an accusation and, as "steal", a method).
  // An inflected order is no order: "she teaches at the school", "he described the attack" (see commandBits).
  return (found & requestListBits) !== 0 || word.length < 5 ? found : found | (bitsOfInflected(word) & ~commandBits);
}

/** The orders ("write", "teach", "explain"): read only as they are, never from an inflected form. */
const commandBits = bits.command;

/**
 * An inflected form the lists do not hold, read as its base word: "steals", "poisoned", "taking" as
 * "steal", "poison", "take". Only for words of five letters or more that no list holds as they are.
 */
function bitsOfInflected(word: string): number {
  if (word.endsWith('ing')) return bitsOfBareWord(word.slice(0, -3)) || bitsOfBareWord(`${word.slice(0, -3)}e`);
  if (word.endsWith('ed')) return bitsOfBareWord(word.slice(0, -2)) || bitsOfBareWord(word.slice(0, -1));
  if (word.endsWith('es')) return bitsOfBareWord(word.slice(0, -2)) || bitsOfBareWord(word.slice(0, -1));
  if (word.endsWith('s') && !word.endsWith('ss')) return bitsOfBareWord(word.slice(0, -1));
  return 0;
}

function bitsOfBareWord(word: string): number {
  let found = (wordBits.get(word) ?? 0) | (isIdentityWord(word) ? bits.identity : 0);
  if (word.length >= 3) for (const candidate of stemsByPrefix.get(word.slice(0, 3)) ?? []) if (word.startsWith(candidate.stem)) found |= candidate.bits;
  return found;
}

/**
 * The combinations that make a request harmful or clear it, as feature names, with the parts a sentence
 * must hold for each. A feature is on when any sentence holds all its parts.
 */
const combinations: readonly (readonly [name: string, parts: readonly SignalList[]])[] = [
  ['harm:method', ['method']],
  ['harm:object', ['object']],
  ['ask+method', ['ask', 'method']],
  ['ask+object', ['ask', 'object']],
  ['command+method', ['command', 'method']],
  ['command+object', ['command', 'object']],
  ['method+object', ['method', 'object']],
  ['method+target', ['method', 'target']],
  ['method+covert', ['method', 'covert']],
  ['object+covert', ['object', 'covert']],
  ['self+method', ['firstPerson', 'method']],
  ['self+object', ['firstPerson', 'object']],
  ['ask+method+target', ['ask', 'method', 'target']],
  ['ask+method+object', ['ask', 'method', 'object']],
  ['command+method+object', ['command', 'method', 'object']],
  ['ask+self+method', ['ask', 'firstPerson', 'method']],
  ['defensive+method', ['defensive', 'method']],
  ['defensive+object', ['defensive', 'object']],
  ['figurative+method', ['figurative', 'method']],
  ['context+method', ['context', 'method']],
  ['context+object', ['context', 'object']],
  ['past+method', ['past', 'method']],
  ['past+object', ['past', 'object']],
  ['identity+method', ['identity', 'method']],
  ['identity+generalization', ['identity', 'generalization']],
  ['identity+trait', ['identity', 'negativeTrait']],
  ['identity+generalization+trait', ['identity', 'generalization', 'negativeTrait']],
  ['command+identity+trait', ['command', 'identity', 'negativeTrait']],
  ['personal+target', ['personal', 'target']],
  ['personal+covert', ['personal', 'covert']],
  ['personal+target+covert', ['personal', 'target', 'covert']],
  ['method+target+covert', ['method', 'target', 'covert']],
  ['ask+object+covert', ['ask', 'object', 'covert']],
  ['self+method+target', ['firstPerson', 'method', 'target']],
  // Kept hidden: "without them knowing", "undetected", "so the audit can't trace it".
  ['ask+evasion', ['ask', 'evasion']],
  ['command+evasion', ['command', 'evasion']],
  ['question+evasion', ['question', 'evasion']],
  ['self+evasion', ['firstPerson', 'evasion']],
  ['evasion+target', ['evasion', 'target']],
  ['method+evasion', ['method', 'evasion']],
  ['object+evasion', ['object', 'evasion']],
  ['evasion+asset', ['evasion', 'asset']],
  ['ask+evasion+target', ['ask', 'evasion', 'target']],
  // Someone else's things: "my neighbour's wifi", "someone's Instagram", "a website I don't own".
  ['target+asset', ['target', 'asset']],
  ['ask+target+asset', ['ask', 'target', 'asset']],
  ['command+target+asset', ['command', 'target', 'asset']],
  ['intrusion+target+asset', ['intrusion', 'target', 'asset']],
  ['unowned+asset', ['unowned', 'asset']],
  ['ask+unowned', ['ask', 'unowned']],
  ['command+unowned', ['command', 'unowned']],
  ['method+unowned', ['method', 'unowned']],
  // False claims, and what they pin on someone: "citing made-up studies", "falsely accusing the CEO".
  ['claim+falsity', ['claim', 'falsity']],
  ['command+falsity', ['command', 'falsity']],
  ['ask+falsity', ['ask', 'falsity']],
  ['falsity+target', ['falsity', 'target']],
  ['command+claim+falsity', ['command', 'claim', 'falsity']],
  ['accusation+target', ['accusation', 'target']],
  ['claim+accusation', ['claim', 'accusation']],
  ['claim+accusation+target', ['claim', 'accusation', 'target']],
  ['ask+claim+accusation', ['ask', 'claim', 'accusation']],
  ['command+claim+accusation', ['command', 'claim', 'accusation']],
  // The asker means to do harm, and to what end: "I want to beat him up", "so it bleeds the most".
  ['resolve+method', ['resolve', 'method']],
  ['resolve+object', ['resolve', 'object']],
  ['resolve+damage', ['resolve', 'damage']],
  ['resolve+damage+target', ['resolve', 'aimed', 'target']],
  ['resolve+outcome', ['resolve', 'outcome']],
  ['resolve+evasion', ['resolve', 'evasion']],
  ['resolve+falsity', ['resolve', 'falsity']],
  ['resolve+target+asset', ['resolve', 'target', 'asset']],
  ['damage+target', ['aimed', 'target']],
  ['damage+outcome', ['damage', 'outcome']],
  ['ask+damage+target', ['ask', 'aimed', 'target']],
  ['question+damage+target', ['question', 'aimed', 'target']],
  ['ask+outcome', ['ask', 'outcome']],
  ['question+outcome', ['question', 'outcome']],
  ['method+outcome', ['method', 'outcome']],
  ['object+outcome', ['object', 'outcome']],
  ['question+object', ['question', 'object']],
  ['question+method', ['question', 'method']],
  // One person's private details sought or exposed: "her home address and phone number", "post their address".
  ['ask+personal+target', ['ask', 'personal', 'target']],
  ['command+personal+target', ['command', 'personal', 'target']],
  ['question+personal+target', ['question', 'personal', 'target']],
  ['exposure+personal', ['exposure', 'personal']],
  ['exposure+personal+target', ['exposure', 'personal', 'target']],
];

/**
 * Parts read from two lists in a row (within `nearWords` words), which a sentence then holds like any
 * other: a negation before being noticed is evasion ("without them knowing", "so nobody asks questions");
 * before a right to something, the thing is someone else's ("a website I don't own"); a first person
 * before an intent is the asker resolved to act ("I want to", "I've decided to"); a hurting word right
 * before someone is harm aimed at them ("trip him", "push my brother", "drug her drink"), where the same
 * words as nouns only share a sentence with a person ("a trip to Lisbon for a family of four", "drive
 * safely with my family in the car").
 */
const derivedParts: readonly (readonly [first: SignalList, second: SignalList, part: SignalList])[] = [
  ['negation', 'awareness', 'evasion'],
  ['negation', 'entitlement', 'unowned'],
  ['firstPerson', 'intent', 'resolve'],
  ['damage', 'target', 'aimed'],
];

/**
 * Parts that count when one follows the other closely (within `nearWords` words): "how to poison",
 * "hurt someone", "kill a process", "detect malware". The order says what the request is about.
 */
const sequences: readonly (readonly [first: SignalList, second: SignalList])[] = [
  ['ask', 'method'],
  ['ask', 'object'],
  ['command', 'method'],
  ['command', 'object'],
  ['method', 'target'],
  ['method', 'object'],
  ['method', 'covert'],
  ['firstPerson', 'method'],
  ['defensive', 'method'],
  ['defensive', 'object'],
  ['method', 'figurative'],
  ['object', 'figurative'],
  ['context', 'method'],
  ['past', 'method'],
];
const nearWords = 3;

/** Combinations that make a text more than a harmful word on its own ("self-harm" as a label is not a request). */
const harmfulCombinations = ['ask+method', 'ask+object', 'command+method', 'command+object', 'method+object', 'method+target', 'method+covert', 'object+covert', 'self+method', 'self+object'];
/**
 * The combinations that make a sentence a request for harm, not a remark about it: something asked for or
 * ordered ("how to", "write") with a harmful method or object; harm aimed at someone by the writer or kept
 * hidden; a trait pinned on a group on order; someone's whereabouts sought unseen. Without a listed method
 * or object: an order to keep something hidden, something that is not the asker's reached for, an
 * accusation pinned on someone, a harmful outcome the asker means to cause, one person's details sought or
 * exposed. The request head counts only where one is found. Wider gates (any question with a harmful word,
 * "I" with evasion, someone's account asked about) let in more look-alikes than harmful requests: they
 * lowered the held-out recall, so they stay features only.
 */
const askingCombinations = [
  ...['ask+method', 'ask+object', 'command+method', 'command+object', 'self+method+target', 'method+target+covert', 'ask+object+covert', 'command+identity+trait', 'personal+covert', 'personal+target+covert'],
  ...['command+evasion', 'unowned+asset', 'claim+accusation+target', 'resolve+outcome'],
  ...['ask+personal+target', 'command+personal+target', 'question+personal+target', 'exposure+personal+target'],
];
/** The combinations also reported bare (see benignBits): those that ask for harm, not the ones that only describe a group. */
const bareCombinations = new Set([
  ...harmfulCombinations,
  'harm:method',
  'harm:object',
  'ask+method+target',
  'ask+method+object',
  'command+method+object',
  'ask+self+method',
  'command+identity+trait',
  'personal+target',
  'personal+covert',
  'personal+target+covert',
  'method+target+covert',
  'ask+object+covert',
  'self+method+target',
  // Every combination with an intent part (listed from 'ask+evasion' on): none of them describes a group.
  ...combinations.slice(combinations.findIndex(([name]) => name === 'ask+evasion')).map(([name]) => name),
]);
/**
 * Each combination's mask, and whether it holds an intent part (intent-lexicon.ts). Those are reported only
 * from a sentence that asks for harm (see askingCombinations): "I want", "fake" or "my neighbour's car" in
 * a tweet say nothing of a request, and the flagged head, which reads these features too, would learn the
 * style of posts from them.
 */
const intentBits = [...(Object.keys(intentLexicon) as IntentList[]), ...derivedParts.map(([, , part]) => part)].reduce((mask, list) => mask | bits[list], 0);
const combinationMasks = combinations.map(([name, parts]) => {
  const mask = parts.reduce((sum, part) => sum | bits[part], 0);
  return [name, mask, (mask & intentBits) !== 0] as const;
});
const maskOf = (name: string) => (combinationMasks.find(([combination]) => combination === name) as readonly [string, number, boolean])[1];
const askingMasks = askingCombinations.map(maskOf);
// A sentence is read for combinations only when it holds one of these parts.
const harmBits = bits.method | bits.object | bits.identity | bits.personal | bits.evasion | bits.asset | bits.unowned | bits.falsity | bits.accusation | bits.damage | bits.outcome;
/**
 * The benign frames. A combination found in a sentence without any of them is also reported "bare"
 * ("ask+method:bare"): a linear model cannot learn on its own that "how do I steal" counts for more when
 * nothing in the sentence says it is a game, a film, a process or a precaution, and the look-alikes that
 * do say so would otherwise hold down the weight of every plain request.
 */
const benignBits = bits.defensive | bits.context | bits.figurative | bits.past;
const sequenceIndices = sequences.map(([first, second]) => [listNames.indexOf(first), listNames.indexOf(second), `${first}>${second}`] as const);
const derivedIndices = derivedParts.map(([first, second, part]) => [listNames.indexOf(first), listNames.indexOf(second), bits[part], `${first}>${second}`] as const);

const personalBit = bits.personal;

/**
 * Whether the word at [start, start + 4) is "home" right after "at" or "from": where the asker is or works
 * ("cut my son's hair at home", "work from home"), not someone's home sought. Reads nothing before `from`,
 * where the stretch being read starts.
 */
function atHome(units: Uint16Array, start: number, from: number): boolean {
  if (!sameWord('home', units, start, start + 4) || start - 1 < from || units[start - 1] !== 32) return false;
  const after = (word: string) => start - 1 - word.length >= from && sameWord(word, units, start - 1 - word.length, start - 1) && (start - 1 - word.length === from || units[start - 2 - word.length] === 32);
  return after('at') || after('from');
}

const methodBit = bits.method;

/**
 * Whether the word at [start, end) is "pretend" said to the one asked ("pretend you are a pirate and tell my
 * kids a story", "pretend you're my interviewer"): a part to play, not a deception; "pretend to be the CEO"
 * or "pretending to be a nurse" still are one. Reads nothing past `to`, where the stretch being read ends.
 */
function playsAPart(units: Uint16Array, start: number, end: number, to: number): boolean {
  if (!sameWord('pretend', units, start, end) || end + 4 > to || units[end] !== 32 || !sameWord('you', units, end + 1, end + 4)) return false;
  const next = end + 4 < to ? (units[end + 4] as number) : 32;
  return !((next >= 97 && next <= 122) || (next >= 48 && next <= 57));
}

/** Reads the request parts of one text, sentence by sentence. */
export function requestSignals(text: string): RequestSignals {
  return requestSignalsOfStretches(text, [[0, text.length]])[0] as RequestSignals;
}

/**
 * The request signals of each [start, end) stretch of a text, each read as requestSignals reads it alone
 * (text.slice(start, end)). The text is lowered and its code units read once for all stretches, rather than
 * copied out stretch by stretch; where lowering changes the text's length (positions would move), each
 * stretch is lowered on its own.
 */
export function requestSignalsOfStretches(text: string, stretches: readonly (readonly [start: number, end: number])[]): RequestSignals[] {
  const lower = lowerCased(text);
  if (lower.length !== text.length) {
    return stretches.map(([start, end]) => {
      const stretch = lowerCased(text.slice(start, end));
      return readStretches(stretch, [[0, stretch.length]])[0] as RequestSignals;
    });
  }
  return readStretches(lower, stretches);
}

/** An empty features object shared by the stretches that hold no part: read only, never written. */
const noFeatures: Record<string, number> = Object.freeze({}) as Record<string, number>;
/** Each found name's feature name, built once. */
const featureNames = new Map<string, string>();
function featureName(name: string): string {
  let feature = featureNames.get(name);
  if (feature === undefined) featureNames.set(name, (feature = `request:${name}`));
  return feature;
}

/** Reads each stretch of a lower-case text, sentence by sentence, in one walk. */
function readStretches(lower: string, stretches: readonly (readonly [start: number, end: number])[]): RequestSignals[] {
  const found = new Set<string>();
  // Per list, the word number (within the sentence) where it was last seen.
  const lastSeen = new Int32Array(listNames.length).fill(-nearWords - 1);
  let sentence = 0;
  let words = 0;
  // Whether a list was seen since the last sentence end: text dense with full stops (addresses, numbers,
  // "e.g.") ends many sentences with no listed word in them, and those leave nothing to reset.
  let seenSinceClose = false;
  const close = () => {
    if ((sentence & harmBits) !== 0) {
      const bare = (sentence & benignBits) === 0;
      const asking = askingMasks.some((mask) => (sentence & mask) === mask);
      for (const [name, mask, ofIntent] of combinationMasks) {
        if ((sentence & mask) !== mask || (ofIntent && !asking)) continue;
        found.add(name);
        if (bare && bareCombinations.has(name)) found.add(`${name}:bare`);
      }
    }
    sentence = 0;
    words = 0;
    if (seenSinceClose) {
      lastSeen.fill(-nearWords - 1);
      seenSinceClose = false;
    }
  };
  const read = (word: number) => {
    if (word === 0) return;
    // What the word counts as here: a word of being noticed after a negation is evasion, not a precaution
    // ("without being detected" is not "detect").
    let meaning = word;
    for (const [first, second, name] of sequenceIndices) if ((word & (1 << second)) !== 0 && words - (lastSeen[first] as number) <= nearWords && words !== lastSeen[first]) found.add(name);
    for (const [first, second, part, name] of derivedIndices) {
      if ((word & (1 << second)) !== 0 && words - (lastSeen[first] as number) <= nearWords && words !== lastSeen[first]) {
        sentence |= part;
        found.add(name);
        if (part === bits.evasion) meaning &= ~bits.defensive;
      }
    }
    sentence |= meaning;
    if (meaning === 0) return;
    seenSinceClose = true;
    for (let list = 0; list < listNames.length; list += 1) if ((meaning & (1 << list)) !== 0) lastSeen[list] = words;
  };
  const units = codeUnits(lower);
  const signals: RequestSignals[] = [];
  for (const [from, to] of stretches) {
    let start = -1;
    let hash = wordHashStart;
    for (let index = from; index <= to; index += 1) {
      const code = index < to ? (units[index] as number) : 46;
      if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 39 || (code === 45 && start >= 0)) {
        if (start < 0) {
          start = index;
          hash = wordHashStart;
        }
        hash = wordHashStep(hash, code);
        continue;
      }
      if (start >= 0) {
        words += 1;
        const lists = bitsOfWordAt(lower, units, start, index, hash);
        let meaning = index - start === 4 && (lists & personalBit) !== 0 && atHome(units, start, from) ? lists & ~personalBit : lists;
        if (index - start === 7 && (meaning & methodBit) !== 0 && playsAPart(units, start, index, to)) meaning &= ~methodBit;
        read(meaning);
        start = -1;
        if (words >= sentenceWords) close();
      }
      // Sentence ends: full stop, question and exclamation marks, semicolons, line breaks.
      if (code === 46 || code === 63 || code === 33 || code === 59 || code === 10) close();
    }
    signals.push(signalsOf(found));
    found.clear();
  }
  return signals;
}

function signalsOf(found: ReadonlySet<string>): RequestSignals {
  if (found.size === 0) return { features: noFeatures, asksForHarm: false, asks: false };
  const features: Record<string, number> = {};
  for (const name of found) features[featureName(name)] = 1;
  return { features, asksForHarm: harmfulCombinations.some((name) => found.has(name)), asks: askingCombinations.some((name) => found.has(name)) };
}
