import type { PiiType } from './pii-finding.ts';
import { wordHashStart, wordHashStep } from '../../text/word-hash.ts';

// The words that make a number believable as one type of PII, or that explain it as something else, as
// sets of lower-case words and two-word phrases: a lookup per word is far cheaper than a regex per window.

export interface Vocabulary {
  words: ReadonlySet<string>;
  phrases: ReadonlySet<string>;
  /** This vocabulary's bit in what `wordBitsAt` and `mentionedBits` give. */
  bit: number;
}

const vocabularies: Vocabulary[] = [];

function vocabulary(words: string, phrases: readonly string[] = []): Vocabulary {
  const created = { words: new Set(words.trim().split(/\s+/)), phrases: new Set(phrases), bit: 1 << vocabularies.length };
  vocabularies.push(created);
  return created;
}

const none = vocabulary('');

/** Words that support a type: "Phone:", "call me at", "card number", "SSN", "client IP". */
export const supportingWords: Readonly<Record<PiiType, Vocabulary>> = {
  phone: vocabulary(
    `phone phones ph telephone tel mobile mobil mob cell cellphone fax call calls calling called caller callback dial
     desk office contact reach ring text texts sms whatsapp signal hotline helpline landline answer answering message
     messages voicemail ext extension direct telefon telefone telefono teléfono téléphone tlf handy rufnummer celular
     portable telefonnummer handynummer mobilnummer faxnummer`,
  ),
  card: vocabulary(
    `card cards credit debit visa mastercard amex discover maestro jcb diners unionpay cc ccn cvv cvc expiry expires
     expiring exp payment pay paid charge charged billing billed atm cardholder`,
    ['master card', 'american express'],
  ),
  iban: vocabulary('iban account bank transfer wire sepa swift bic payment beneficiary'),
  ssn: vocabulary('ssn ssns ss# social-security socsec taxpayer tin', ['social security', 'tax id']),
  ip: vocabulary(
    `ip ips ipv4 ipv6 address addr server host hostname client gateway router dns resolver resolvers firewall subnet
     network ping proxy vpn blocked connect connected connection login remote origin source destination src dst
     allowlist whitelist blocklist blacklist`,
  ),
  email: vocabulary('e-mail email mail contact'),
  secret: vocabulary('key token password secret credential credentials api'),
};

/** A one-letter label with a colon, as in a signature block ("T: …  M: …  F: …"): a phone for sure. */
export const phoneLetterLabel = /(?:^|[\s|,;/])[tmfphcwo]\s*:\s*$/;

/** Words that hint without proving: "my number is …" is often a phone, unless something else explains it. */
export const hintingWords: Readonly<Partial<Record<PiiType, Vocabulary>>> = {
  phone: vocabulary('number num no. nr.'),
};

// What a reference, a code or an amount is called: a number after one of these words is that, not PII.
const referenceWords = `order orders invoice inv ticket tracking shipment parcel waybill consignment awb sku serial s/n p/n
  model part ref reference zip postal postcode licence license passport isbn ean upc gtin barcode imei id page pages
  chapter case item product price total amount balance apt apartment suite unit box floor room transaction batch lot
  asset tag receipt booking confirmation reservation policy claim version ver v release build eur usd gbp chf jpy
  inr brl aud`;

/** Words that give a digit group another meaning; for IPs, only a version or a section number does. */
export const explainingWords: Readonly<Record<PiiType, Vocabulary>> = {
  phone: vocabulary(`${referenceWords} account acct card iban ssn`),
  card: vocabulary(referenceWords),
  ssn: vocabulary(`${referenceWords} account acct card iban`),
  ip: vocabulary(
    `version versions ver v release build firmware patch sdk upgrade update updated upgraded section sections clause
     chapter paragraph appendix figure table step`,
  ),
  iban: none,
  email: none,
  secret: none,
};

/**
 * A unit right after a number makes it a quantity: "1 204 567 minutes", "12 500 units", "4 541 730 EUR". Not
 * words that a card or phone number may qualify ("card 4111… transactions", "555-0100 messages").
 */
export const quantityWords = vocabulary(
  `percent minute minutes min mins hour hours hr hrs second seconds sec secs ms day days week weeks month months
   year years unit units pcs piece pieces item items row rows record records user users view views visit visits
   visitor visitors customer customers people kg km mile miles ton tons tonne tonnes eur usd gbp chf jpy inr brl aud
   dollar dollars euro euros pound pounds times bytes kb mb gb tb point points vote votes download downloads
   subscriber subscribers follower followers member members employee employees session sessions request requests
   event events impression impressions click clicks`,
);

/** Words that say "the number of": after "loyalty no." or "customer number" comes that thing's number. */
export const numberingWords = new Set(['no', 'no.', 'nr', 'nr.', 'number', 'num', 'numbers', 'id']);

/** Words skipped when looking for the label of a number: "call me on …", "Caller ID …", "the number is …". */
export const fillerWords = new Set([
  ...numberingWords, 'is', 'was', 'are', 'be', 'at', 'on', 'of', 'to', 'the', 'my', 'your', 'his', 'her',
  'our', 'their', 'a', 'an', 'me', 'us', 'it', 'and', 'or', 'via', 'with', 'from', 'for', 'in', 'as', 'by', 'new', 'this', 'that',
]);

// A word's bits hold every vocabulary it is in (whole or by a part between "-", "/" or "_"), and four facts
// about the whole word alone: a filler, a numbering word, a unit, the first word of a phrase. A window's
// words are looked up once, and each question about them ("a supporting word?", "an explaining one?") is
// then one test of a bit. Words are looked up by a hash of their code units, read in lower case where they
// stand in the text: a window costs no string per word, and no copy of itself.
// The vocabularies take the low bits, one each (see `vocabulary`), so there may be at most 28 of them.
const fillerBit = 1 << 28;
const numberingBit = 1 << 29;
const phraseStartBit = 1 << 30;
const wholeWordBits = fillerBit | numberingBit | phraseStartBit | quantityWords.bit;

/** Every word of a vocabulary or a phrase, numbered, with its bits, found by the hash of its code units. */
interface Lexicon {
  /** The bits of each word, by its number. */
  bits: number[];
  /** The code units of each word, by its number. */
  units: Uint16Array[];
  /** One more than the number of the first word whose hash falls in each slot (0: none); the next one in `sameSlot`. */
  slots: Int32Array;
  sameSlot: number[];
  /** The length of the longest word: a longer one is none of them, and is not hashed. */
  longest: number;
  /** The bits of the vocabularies that have a phrase, by the numbers of its two words. */
  phrases: Map<number, number>;
}

let lexicon: Lexicon | undefined;

/** The lexicon, built on first use, once every vocabulary exists. */
function theLexicon(): Lexicon {
  if (lexicon !== undefined) return lexicon;
  const bitsByWord = new Map<string, number>();
  const add = (word: string, bit: number) => bitsByWord.set(word, (bitsByWord.get(word) ?? 0) | bit);
  for (const { words, phrases, bit } of vocabularies) {
    for (const word of words) add(word, bit);
    for (const phrase of phrases) {
      const [first = '', second = ''] = phrase.split(' ');
      add(first, phraseStartBit);
      add(second, 0);
    }
  }
  for (const word of fillerWords) add(word, fillerBit);
  for (const word of numberingWords) add(word, numberingBit);
  const built: Lexicon = { bits: [], units: [], slots: new Int32Array(slotCount), sameSlot: [], longest: 0, phrases: new Map() };
  for (const [word, bits] of bitsByWord) {
    const units = unitsOf(word);
    const slot = hashOf(units, 0, units.length);
    built.sameSlot.push((built.slots[slot] ?? 0) - 1);
    built.slots[slot] = built.bits.length + 1;
    built.bits.push(bits);
    built.units.push(units);
    built.longest = Math.max(built.longest, units.length);
  }
  lexicon = built;
  for (const { phrases, bit } of vocabularies) {
    for (const phrase of phrases) {
      const [first = '', second = ''] = phrase.split(' ');
      const key = phraseKey(wordId(first), wordId(second));
      built.phrases.set(key, (built.phrases.get(key) ?? 0) | bit);
    }
  }
  return built;
}

/** A power of two several times the number of words, so that few slots hold more than one. */
const slotCount = 4096;

/** The lexicon's slot for units[start, end) read in lower case: FNV-1a, cut to the slots. */
function hashOf(units: Uint16Array, start: number, end: number): number {
  let hash = wordHashStart;
  for (let index = start; index < end; index += 1) hash = wordHashStep(hash, lowerUnit(units[index] ?? 0));
  return (hash ^ (hash >>> 16)) & (slotCount - 1);
}

/** A code unit in lower case, for the letters A–Z; the text around a match is read as if lower-cased. */
function lowerUnit(unit: number): number {
  return unit >= 65 && unit <= 90 ? unit + 32 : unit;
}

/** The number of the lexicon's word units[start, end) is, read in lower case; -1 when it is none. */
export function wordIdAt(units: Uint16Array, start: number, end: number): number {
  const known = theLexicon();
  if (end - start > known.longest) return -1;
  for (let id = (known.slots[hashOf(units, start, end)] ?? 0) - 1; id >= 0; id = known.sameSlot[id] ?? -1) {
    if (sameUnits(known.units[id], units, start, end)) return id;
  }
  return -1;
}

function sameUnits(word: Uint16Array | undefined, units: Uint16Array, start: number, end: number): boolean {
  if (word === undefined || word.length !== end - start) return false;
  for (let index = 0; index < word.length; index += 1) if (word[index] !== lowerUnit(units[start + index] ?? 0)) return false;
  return true;
}

/** The number of the lexicon's word `word` is; -1 when it is none. */
export function wordId(word: string): number {
  return wordIdAt(unitsOf(word), 0, word.length);
}

/**
 * The bits of the word units[start, end) (read in lower case), numbered `id` in the lexicon: the
 * vocabularies that have it or a part of it between "-", "/" or "_" ("phone/fax", "client_ip"), and
 * whether the word itself is a filler, a numbering word, a unit or starts a phrase.
 */
export function wordBitsAt(units: Uint16Array, start: number, end: number, id: number): number {
  let bits = id < 0 ? 0 : (theLexicon().bits[id] ?? 0);
  let part = start;
  for (let index = start; index <= end; index += 1) {
    if (index < end && !isPartSeparator(units[index] ?? 0)) continue;
    // A word without a separator is its only part.
    if (part === start && index === end) break;
    const partId = wordIdAt(units, part, index);
    if (partId >= 0) bits |= (theLexicon().bits[partId] ?? 0) & ~wholeWordBits;
    part = index + 1;
  }
  return bits;
}

/** The UTF-16 code units of a short string. */
function unitsOf(word: string): Uint16Array {
  const units = new Uint16Array(word.length);
  for (let index = 0; index < word.length; index += 1) units[index] = word.charCodeAt(index);
  return units;
}

function isPartSeparator(unit: number): boolean {
  return unit === 45 || unit === 47 || unit === 95;
}

/** The bits of the vocabularies that have the phrase of the words numbered `first` and `second`. */
export function phraseBits(first: number, firstBits: number, second: number): number {
  if ((firstBits & phraseStartBit) === 0 || second < 0) return 0;
  return theLexicon().phrases.get(phraseKey(first, second)) ?? 0;
}

function phraseKey(first: number, second: number): number {
  return first * 65_536 + second;
}

/** Some words as the lexicon reads them: their numbers (-1 for a word it does not have) and their bits. */
export interface WordList {
  ids: number[];
  bits: number[];
}

/** The bits of every vocabulary that a word of words[start, end), or two neighbouring ones, is in. */
export function mentionedBits({ ids, bits }: WordList, start = 0, end = ids.length): number {
  let mentioned = 0;
  for (let index = start; index < end; index += 1) {
    mentioned |= bits[index] ?? 0;
    if (index > start) mentioned |= phraseBits(ids[index - 1] ?? -1, bits[index - 1] ?? 0, ids[index] ?? -1);
  }
  return mentioned;
}

/** Whether bits given by `mentionedBits` include `vocabulary`. */
export function mentions(vocabulary: Vocabulary, bits: number): boolean {
  return (bits & vocabulary.bit) !== 0;
}

/** Whether bits given by `wordBitsAt` are those of a filler word. */
export function isFiller(bits: number): boolean {
  return (bits & fillerBit) !== 0;
}

/** Whether bits given by `wordBitsAt` are those of a word that says "number of". */
export function isNumbering(bits: number): boolean {
  return (bits & numberingBit) !== 0;
}

/** Whether bits given by `wordBitsAt` are those of a unit ("minutes", "EUR"). */
export function isQuantity(bits: number): boolean {
  return (bits & quantityWords.bit) !== 0;
}
