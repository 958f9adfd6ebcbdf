import type { PiiType } from './pii-finding.ts';

// The words that make a number believable as one type of PII, or that explain it as something else, as
// sets of lower-case words and two-word phrases: a lookup per word is far cheaper than a regex per window.

export interface Vocabulary {
  words: ReadonlySet<string>;
  phrases: ReadonlySet<string>;
}

function vocabulary(words: string, phrases: readonly string[] = []): Vocabulary {
  return { words: new Set(words.trim().split(/\s+/)), phrases: new Set(phrases) };
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

/** Whether `word`, or a part of it between "-", "/" or "_" ("phone/fax", "client_ip"), is in `vocabulary`. */
export function hasWord(vocabulary: Vocabulary, word: string): boolean {
  if (vocabulary.words.has(word)) return true;
  if (!word.includes('-') && !word.includes('/') && !word.includes('_')) return false;
  return word.split(/[-/_]/).some((part) => vocabulary.words.has(part));
}

/** Whether any word, or two neighbouring words, of `words` is in `vocabulary`. */
export function mentions(vocabulary: Vocabulary, words: readonly string[]): boolean {
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    if (hasWord(vocabulary, word)) return true;
    if (index > 0 && vocabulary.phrases.size > 0 && vocabulary.phrases.has(`${words[index - 1]} ${word}`)) return true;
  }
  return false;
}
