import { codeUnits, lowerCased } from '../../text/code-units.ts';
import { wordHash, wordHashStart, wordHashStep } from '../../text/word-hash.ts';

/**
 * Words that name who someone is (a religion, an ethnicity or nationality, a sexual orientation, a gender
 * identity, a disability, an age group), and the placeholder the content model reads in their place.
 *
 * Why a placeholder: the public data's hate rows name groups far more often than its benign rows do, so a
 * model that reads "muslim" or "gay" as words learns that naming a group is evidence of hate, and blocks
 * "My colleague is a gay Muslim father of two". Read as one placeholder, every group looks the same to the
 * model: what counts is what the text says about the group ("are all … extremists?", "kill all …"), and
 * the benign mentions of every group teach it that a mention alone is nothing. The rules and word lists
 * still read the original text.
 */
const identityWords = [
  // Religions and beliefs.
  'muslim', 'muslims', 'islamic', 'jew', 'jews', 'jewish', 'christian', 'christians', 'catholic', 'catholics', 'protestant', 'protestants', 'hindu', 'hindus', 'sikh', 'sikhs',
  'buddhist', 'buddhists', 'atheist', 'atheists', 'mormon', 'mormons', 'evangelical', 'evangelicals', 'orthodox', 'pagan', 'pagans',
  // Sexual orientation and gender identity.
  'gay', 'gays', 'lesbian', 'lesbians', 'bisexual', 'bisexuals', 'queer', 'transgender', 'trans', 'nonbinary', 'non-binary', 'lgbt', 'lgbtq', 'lgbtq+', 'lgbtqia', 'homosexual', 'homosexuals', 'intersex', 'asexual',
  // Ethnicity, origin and nationality.
  'blacks', 'whites', 'asian', 'asians', 'african', 'africans', 'arab', 'arabs', 'latino', 'latinos', 'latina', 'latinas', 'latinx', 'hispanic', 'hispanics', 'mexican', 'mexicans', 'chinese', 'japanese',
  'korean', 'koreans', 'indian', 'indians', 'pakistani', 'pakistanis', 'nigerian', 'nigerians', 'somali', 'somalis', 'polish', 'irish', 'italian', 'italians', 'russian', 'russians', 'ukrainian', 'ukrainians',
  'palestinian', 'palestinians', 'israeli', 'israelis', 'iranian', 'iranians', 'syrian', 'syrians', 'afghan', 'afghans', 'turkish', 'filipino', 'filipinos', 'vietnamese', 'romani', 'roma', 'gypsy', 'gypsies',
  'indigenous', 'aboriginal', 'native', 'immigrant', 'immigrants', 'migrant', 'migrants', 'refugee', 'refugees', 'foreigners', 'caucasian', 'caucasians',
  // Disability, age and gender.
  'disabled', 'blind', 'deaf', 'autistic', 'wheelchair', 'elderly', 'women', 'woman', 'girls', 'female', 'females',
];

/** "black" and "white" name people only before a word for people ("a Black engineer", not "black market"). */
const colourWords = new Set(['black', 'white', 'brown']);
const personWords = new Set([
  'man', 'men', 'woman', 'women', 'people', 'person', 'persons', 'folks', 'community', 'communities', 'family', 'families', 'kid', 'kids', 'child', 'children', 'boy', 'boys', 'girl', 'girls',
  'father', 'mother', 'dad', 'mom', 'mum', 'son', 'daughter', 'neighbour', 'neighbor', 'colleague', 'coworker', 'student', 'students', 'teacher', 'engineer', 'doctor', 'nurse', 'americans', 'american',
  'voters', 'workers', 'employees', 'owner', 'owners', 'artist', 'artists', 'author', 'authors', 'couple', 'couples', 'grandmother', 'grandfather', 'friend', 'friends', 'guy', 'guys', 'lady', 'ladies',
]);

const identities = new Set(identityWords);

/**
 * The identity, colour and person words by a hash of their characters, so that a text's words are looked up
 * as ranges of it, compared in place, without being copied out. Most words of a text are none of them and
 * are ruled out by one table read (`wordFilter`, for identity and colour words; person words are looked up
 * only after a colour word).
 */
const identityKind = 1;
const colourKind = 2;
const personKind = 4;
const filterBits = 16;
const filterSlot = (hash: number) => hash >>> (32 - filterBits);
const wordFilter = new Uint8Array(1 << filterBits);
const wordsByHash = new Map<number, { word: string; kinds: number }[]>();
function addWord(word: string, kind: number): void {
  const hash = wordHash(word);
  if (kind !== personKind) wordFilter[filterSlot(hash)] = 1;
  const bucket = wordsByHash.get(hash) ?? [];
  const entry = bucket.find((candidate) => candidate.word === word);
  if (entry) entry.kinds |= kind;
  else bucket.push({ word, kinds: kind });
  wordsByHash.set(hash, bucket);
}
for (const word of identityWords) addWord(word, identityKind);
for (const word of colourWords) addWord(word, colourKind);
for (const word of personWords) addWord(word, personKind);

/** What the word `lower[start, end)`, whose characters hash to `hash`, is: identity, colour and person bits, 0 for none. */
function kindsOfWordAt(lower: string, start: number, end: number, hash: number): number {
  const bucket = wordsByHash.get(hash);
  if (bucket === undefined) return 0;
  for (const entry of bucket) if (entry.word.length === end - start && lower.startsWith(entry.word, start)) return entry.kinds;
  return 0;
}

/** What the content model reads where a text names an identity group. */
export const identityPlaceholder = 'identitygroup';

/** Whether a lower-case word names an identity group whatever follows it. */
export function isIdentityWord(word: string): boolean {
  return identities.has(word);
}

/**
 * The text with every identity word replaced by the placeholder, in one pass over its words. Case and
 * everything else are kept; a text without identity words comes back as the same string.
 */
export function maskIdentityTerms(text: string): string {
  const lower = lowerCased(text);
  if (lower.length !== text.length) return text;
  let masked = '';
  let copiedTo = 0;
  let pending: { from: number; to: number } | undefined;
  let start = -1;
  let hash = wordHashStart;
  const units = codeUnits(lower);
  for (let index = 0; index <= lower.length; index += 1) {
    const code = index < lower.length ? (units[index] as number) : 32;
    if ((code >= 97 && code <= 122) || code === 45 || code === 43) {
      if (start < 0) {
        start = index;
        hash = wordHashStart;
      }
      hash = wordHashStep(hash, code);
      continue;
    }
    if (start < 0) continue;
    // Only a word after a colour word, or one that may be an identity or colour word, is looked up.
    if (!pending && wordFilter[filterSlot(hash)] !== 1) {
      start = -1;
      continue;
    }
    const kinds = kindsOfWordAt(lower, start, index, hash);
    if (pending && (kinds & personKind) !== 0) {
      masked += text.slice(copiedTo, pending.from) + identityPlaceholder;
      copiedTo = pending.to;
    }
    pending = undefined;
    if ((kinds & identityKind) !== 0) {
      masked += text.slice(copiedTo, start) + identityPlaceholder;
      copiedTo = index;
    } else if ((kinds & colourKind) !== 0) {
      pending = { from: start, to: index };
    }
    start = -1;
  }
  return copiedTo === 0 ? text : masked + text.slice(copiedTo);
}
