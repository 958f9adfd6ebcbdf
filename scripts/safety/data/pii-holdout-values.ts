import type { Random } from './pii-holdout-random.ts';
import { ibanMod97 } from '../../../src/domain/safety/layers/pii/iban-recognizer.ts';

// Valid PII values in the formats people type them. Phone numbers are in pii-holdout-phones.ts.

/** The digit that makes `partial` + digit pass the Luhn check. */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  for (let index = 0; index < partial.length; index += 1) {
    let value = Number(partial.charAt(partial.length - 1 - index));
    if (index % 2 === 0) {
      value *= 2;
      if (value > 9) value -= 9;
    }
    sum += value;
  }
  return String((10 - (sum % 10)) % 10);
}

interface CardBrand {
  prefixes: readonly string[];
  lengths: readonly number[];
  /** Group sizes as printed; the last group takes what is left. */
  grouping?: readonly number[];
}

const cardBrands: Readonly<Record<string, CardBrand>> = {
  visa: { prefixes: ['4'], lengths: [16, 16, 16, 16, 13, 19] },
  mastercard: { prefixes: ['51', '52', '53', '54', '55', '2221', '2387', '2720'], lengths: [16] },
  amex: { prefixes: ['34', '37'], lengths: [15], grouping: [4, 6, 5] },
  discover: { prefixes: ['6011', '644', '649', '65'], lengths: [16] },
  diners: { prefixes: ['300', '305', '36', '38'], lengths: [14], grouping: [4, 6, 4] },
  jcb: { prefixes: ['3528', '3540', '3589'], lengths: [16] },
};

/** The compact digits of a Luhn-valid card of `brand` (a random brand when omitted). */
export function cardDigits(random: Random, brand?: string): string {
  const spec = cardBrands[brand ?? random.pick(Object.keys(cardBrands))];
  if (spec === undefined) throw new Error(`unknown card brand ${brand}`);
  const prefix = random.pick(spec.prefixes);
  const length = random.pick(spec.lengths);
  const partial = prefix + random.digits(length - prefix.length - 1);
  return partial + luhnCheckDigit(partial);
}

/** A card number printed compact, in groups of four, or in its brand's grouping, with spaces or dashes. */
export function card(random: Random, brand?: string): string {
  const digits = cardDigits(random, brand);
  const style = random.int(0, 9);
  if (style <= 2) return digits;
  const separator = style <= 7 ? ' ' : '-';
  const grouping = digits.length === 15 ? [4, 6, 5] : digits.length === 14 && random.chance(0.5) ? [4, 6, 4] : undefined;
  return group(digits, grouping, separator);
}

/** Groups of `sizes` (default: fours), the rest in the last group. */
export function group(value: string, sizes: readonly number[] | undefined, separator: string): string {
  const parts: string[] = [];
  let position = 0;
  for (const size of sizes ?? Array.from({ length: Math.ceil(value.length / 4) }, () => 4)) {
    if (position >= value.length) break;
    parts.push(value.slice(position, position + size));
    position += size;
  }
  if (position < value.length) parts.push(value.slice(position));
  return parts.join(separator);
}

// National account formats (n: digit, a: letter, c: letter or digit) for several countries.
const ibanFormats: Readonly<Record<string, string>> = {
  DE: '18n', GB: '4a14n', FR: '10n11c2n', ES: '20n', IT: '1a10n12c', NL: '4a10n', BE: '12n', AT: '16n',
  CH: '5n12c', PL: '24n', SE: '20n', NO: '11n', IE: '4a14n', PT: '21n', DK: '14n', FI: '14n', LU: '3n13c',
};

function bban(random: Random, format: string): string {
  let result = '';
  for (const [, count, kind] of format.matchAll(/(\d+)([nac])/g)) {
    for (let index = 0; index < Number(count); index += 1) {
      result += kind === 'a' || (kind === 'c' && random.chance(0.15)) ? random.letters(1) : random.digits(1);
    }
  }
  return result;
}

/** The compact form of a checksum-valid IBAN of `country` (random when omitted). */
export function ibanCompact(random: Random, country?: string): string {
  const code = country ?? random.pick(Object.keys(ibanFormats));
  const account = bban(random, ibanFormats[code] ?? '18n');
  const check = 98 - ibanMod97(`${account}${code}00`);
  return `${code}${String(check).padStart(2, '0')}${account}`;
}

/** An IBAN in the printed form (groups of four) or compact; now and then in lower case. */
export function iban(random: Random, country?: string): string {
  const compact = ibanCompact(random, country);
  const printed = random.chance(0.6) ? group(compact, undefined, ' ') : compact;
  return random.chance(0.1) ? printed.toLowerCase() : printed;
}

/** An SSN the SSA could issue: area 001–899 but not 666, group 01–99, serial 0001–9999. */
export function ssn(random: Random, separator = '-'): string {
  let area = random.int(1, 899);
  if (area === 666) area = 667;
  const parts = [String(area).padStart(3, '0'), String(random.int(1, 99)).padStart(2, '0'), String(random.int(1, 9999)).padStart(4, '0')];
  return parts.join(separator);
}

export function ipv4(random: Random): string {
  const octet = () => random.int(0, 255);
  switch (random.int(0, 4)) {
    case 0:
      return `10.${octet()}.${octet()}.${random.int(1, 254)}`;
    case 1:
      return `192.168.${random.int(0, 20)}.${random.int(1, 254)}`;
    case 2:
      return `172.${random.int(16, 31)}.${octet()}.${random.int(1, 254)}`;
    case 3:
      return `${random.pick(['192.0.2', '198.51.100', '203.0.113'])}.${random.int(1, 254)}`;
    default:
      return `${random.int(11, 223)}.${octet()}.${octet()}.${random.int(1, 254)}`;
  }
}

/** Public resolvers: short dotted quads that are nonetheless addresses. */
export function resolverIp(random: Random): string {
  return random.pick(['8.8.8.8', '8.8.4.4', '1.1.1.1', '9.9.9.9', '208.67.222.222', '1.0.0.1']);
}

export function ipv6(random: Random): string {
  const hexGroup = () => random.hex(random.int(1, 4)).replace(/^0+(?=.)/, '');
  const groups = (count: number) => Array.from({ length: count }, hexGroup).join(':');
  let value: string;
  switch (random.int(0, 5)) {
    case 0:
      value = Array.from({ length: 8 }, () => random.hex(4)).join(':');
      break;
    case 1:
      value = `2001:db8:${groups(2)}::${groups(random.int(1, 3))}`;
      break;
    case 2:
      value = `fe80::${groups(4)}`;
      break;
    case 3:
      value = `::ffff:${ipv4(random)}`;
      break;
    case 4:
      value = `${random.pick(['2a02', '2600', '2607', '2a00', '2c0f'])}:${groups(3)}::${groups(1)}`;
      break;
    default:
      value = groups(8);
  }
  return random.chance(0.2) ? value.toUpperCase() : value;
}

const firstNames = ['maria', 'john', 'li', 'ahmed', 'sofia', 'lukas', 'priya', 'kenji', 'ana', 'olivia', 'noah', 'fatima', 'jean', 'chloe', 'raj'];
const lastNames = ['garcia', 'smith', 'wang', 'hassan', 'rossi', 'muller', 'sharma', 'tanaka', 'silva', 'brown', 'dubois', 'nguyen', 'kowalski'];
const mailDomains = [
  'gmail.com', 'outlook.com', 'yahoo.co.jp', 'web.de', 'orange.fr', 'uol.com.br', 'bigpond.com.au', 'rediffmail.com',
  'acme-corp.com', 'mail.acme-corp.co.uk', 'eu.support.globex.io', 'northwind.de', 'contoso.onmicrosoft.com',
  'billing.initech.net', 'sales.umbrella.org', 'hooli.ai', 'startup.dev', 'lab.uni-heidelberg.de', 'example.com.au',
];

/** A mailbox: name-based local parts, plus tags, subdomains, now and then upper case. */
export function email(random: Random): string {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  const local = random.pick([
    `${first}.${last}`, `${first.charAt(0)}${last}`, `${first}_${last}`, `${first}+${random.pick(['invoices', 'crm', 'test', 'news'])}`,
    `${first}.${last}+${random.pick(['billing', 'q3', '2024'])}`, `${first}${random.int(70, 99)}`, `${last}.${first.charAt(0)}`,
    random.pick(['support', 'billing', 'no-reply', 'accounts.payable', 'hr-team']),
  ]);
  const address = `${local}@${random.pick(mailDomains)}`;
  if (random.chance(0.08)) return address.toUpperCase();
  return random.chance(0.12) ? address.charAt(0).toUpperCase() + address.slice(1) : address;
}
