import type { Random } from './pii-holdout-random.ts';
import { cardDigits, group, ibanCompact, luhnCheckDigit } from './pii-holdout-values.ts';

// Business text that is not PII but shares its shapes: references, dates, amounts, codes, versions, and
// near misses (a card that fails Luhn, an SSN the SSA never issues, an IBAN with a wrong checksum).

export const names = [
  'Maria Garcia', 'John Smith', 'Li Wang', 'Ahmed Hassan', 'Sofia Rossi', 'Lukas Müller', 'Priya Sharma', 'Kenji Tanaka',
  'Ana Silva', 'Olivia Brown', 'Jean Dubois', 'Minh Nguyen', 'Piotr Kowalski', 'Chloé Martin', 'Raj Patel', 'Emma Johansson',
];
export const companies = ['Acme Corp', 'Globex GmbH', 'Initech Ltd', 'Umbrella SA', 'Northwind Traders', 'Hooli Inc.', 'Contoso BV', 'Stark Logistics'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function date(random: Random): string {
  const [year, month, day] = [random.int(2019, 2025), random.int(1, 12), random.int(1, 28)];
  return random.pick([
    `${year}-${pad(month)}-${pad(day)}`, `${pad(month)}/${pad(day)}/${year}`, `${pad(day)}.${pad(month)}.${year}`, `${pad(day)}/${pad(month)}/${year}`,
    `${months[month - 1]} ${day}, ${year}`, `${year}/${pad(month)}/${pad(day)}`, `${month}/${day}/${String(year).slice(2)}`,
  ]);
}

export function time(random: Random): string {
  return random.pick([`${pad(random.int(0, 23))}:${pad(random.int(0, 59))}`, `${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:${pad(random.int(0, 59))}`]);
}

export function timestamp(random: Random): string {
  const day = `${random.int(2022, 2025)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;
  const clock = `${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:${pad(random.int(0, 59))}`;
  return random.pick([`${day}T${clock}Z`, `${day}T${clock}.${random.digits(3)}+01:00`, `${day} ${clock}`, `${day} ${clock},${random.digits(3)}`]);
}

export function order(random: Random): string {
  return random.pick([`#${random.digits(6, true)}`, `ORD-${random.digits(8, true)}`, random.digits(10, true), `SO-2024-${random.digits(5)}`, `${random.digits(3, true)}-${random.digits(7)}-${random.digits(7)}`]);
}

export function invoice(random: Random): string {
  return random.pick([`INV-${random.int(2020, 2025)}-${random.digits(5)}`, random.digits(8, true), `RE-${random.digits(6, true)}`, `${random.int(2020, 2025)}${random.digits(6)}`]);
}

export function ticket(random: Random): string {
  return random.pick([`#${random.digits(5, true)}`, `TCK-${random.digits(6, true)}`, `OPS-${random.digits(4, true)}`, `${random.digits(4, true)}-${random.digits(4)}`]);
}

export function tracking(random: Random): string {
  return random.pick([
    `1Z${random.letters(3)}${random.digits(3)}${random.digits(10)}`, `9400 ${random.digits(4)} ${random.digits(4)} ${random.digits(4)} ${random.digits(4)} ${random.digits(2)}`,
    random.digits(12, true), `JD${random.digits(18)}`, random.digits(10, true),
  ]);
}

export function version(random: Random): string {
  return random.pick([`v${random.int(1, 9)}.${random.int(0, 30)}.${random.int(0, 20)}`, `${random.int(1, 5)}.${random.int(0, 12)}.${random.int(0, 9)}`, `${random.int(10, 120)}.0.${random.digits(4, true)}.${random.int(10, 200)}`, `${random.int(1, 4)}.${random.int(0, 9)}.${random.int(0, 9)}-rc.${random.int(1, 5)}`]);
}

/** A four-part version number that is also a valid dotted quad: an address only by shape. */
export function quadVersion(random: Random): string {
  return `${random.int(1, 12)}.${random.int(0, 20)}.${random.int(0, 9)}.${random.int(0, 250)}`;
}

export function price(random: Random): string {
  const whole = random.int(1, 99_999);
  const us = whole.toLocaleString('en-US');
  const eu = whole.toLocaleString('de-DE');
  const cents = random.digits(2);
  return random.pick([`$${us}.${cents}`, `€${eu},${cents}`, `USD ${us}.${cents}`, `£${us}.${cents}`, `${whole.toLocaleString('fr-FR').replace(/\s/g, ' ')},${cents} €`, `R$ ${eu},${cents}`, `¥${(whole * 100).toLocaleString('en-US')}`, `EUR ${eu},${cents}`]);
}

export function quantity(random: Random): string {
  return random.pick([`${random.int(2, 500)} units`, `${random.int(1, 9)} x ${random.int(50, 500)} ml`, `${random.int(1, 99).toLocaleString('en-US')},${random.digits(3)} pcs`, `${random.int(1, 9)} ${random.digits(3)} ${random.digits(3)} rows`, `${random.int(10, 99)}.${random.int(0, 9)}%`]);
}

export function uuid(random: Random): string {
  return `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${random.hex(3)}-${random.hex(12)}`;
}

/** A UUID made of digits only in its first groups, as some generators print them. */
export function numericUuid(random: Random): string {
  return `${random.digits(8)}-${random.digits(4)}-4${random.digits(3)}-${random.pick(['8', '9'])}${random.digits(3)}-${random.hex(12)}`;
}

export function hash(random: Random): string {
  return random.pick([random.hex(40), random.hex(64), random.hex(7), random.hex(32)]);
}

export function postalCode(random: Random): string {
  return random.pick([random.digits(5, true), `${random.digits(5, true)}-${random.digits(4)}`, `SW1A ${random.int(1, 9)}AA`, `${random.int(10, 99)}${random.digits(3)}`, `0${random.digits(4)}-${random.digits(3)}`, `${random.int(100, 999)}-${random.digits(4)}`, `${random.int(1, 8)}${random.digits(5)}`]);
}

export function sku(random: Random): string {
  return random.pick([`SKU-${random.digits(4, true)}-${random.digits(3)}`, `${random.letters(2)}-${random.digits(5)}-XL`, `${random.digits(3, true)}.${random.digits(3)}.${random.digits(2)}`, `P/N ${random.digits(6, true)}-${random.digits(3)}`]);
}

/** A 16-digit number in card shape that fails the Luhn check. */
export function luhnInvalidCard(random: Random): string {
  const digits = cardDigits(random, random.pick(['visa', 'mastercard', 'discover', 'jcb']));
  const wrong = String((Number(digits.slice(-1)) + random.int(1, 9)) % 10);
  const value = digits.slice(0, -1) + wrong;
  return random.chance(0.5) ? group(value, undefined, ' ') : value;
}

/** Numbers that pass Luhn without being cards: IMEIs (15 digits, Luhn by design). */
export function imei(random: Random): string {
  const partial = `35${random.digits(12)}`;
  return partial + luhnCheckDigit(partial);
}

/** An SSN-shaped number the SSA never issues: area 000, 666 or 9xx, group 00 or serial 0000. */
export function invalidSsn(random: Random): string {
  const area = String(random.int(100, 665));
  const groupPart = String(random.int(10, 99));
  const serial = random.digits(4, true);
  return random.pick([`000-${groupPart}-${serial}`, `666-${groupPart}-${serial}`, `9${random.digits(2)}-${groupPart}-${serial}`, `${area}-00-${serial}`, `${area}-${groupPart}-0000`]);
}

/** An IBAN with one digit of the account changed, so mod-97 fails. */
export function invalidIban(random: Random): string {
  const compact = ibanCompact(random, random.pick(['DE', 'FR', 'ES', 'NL', 'BE', 'GB']));
  const last = compact.slice(-1);
  const changed = /\d/.test(last) ? String((Number(last) + random.int(1, 9)) % 10) : 'X';
  const value = compact.slice(0, -1) + changed;
  return random.chance(0.5) ? group(value, undefined, ' ') : value;
}

/** A GTIN of `length` digits (EAN-13, UPC-A) with its own weighted check digit. */
export function gtin(random: Random, length: 12 | 13): string {
  const partial = length === 13 ? random.pick(['400', '401', '425', '500', '761', '800', '871']) + random.digits(9) : `0${random.digits(10)}`;
  let sum = 0;
  for (let index = 0; index < partial.length; index += 1) sum += Number(partial.charAt(partial.length - 1 - index)) * (index % 2 === 0 ? 3 : 1);
  return partial + String((10 - (sum % 10)) % 10);
}

export function vatId(random: Random): string {
  return random.pick([`DE${random.digits(9, true)}`, `GB ${random.digits(3, true)} ${random.digits(4)} ${random.digits(2)}`, `FR${random.digits(2)}${random.digits(9)}`, `ATU${random.digits(8)}`]);
}

export function logTime(random: Random): string {
  return `${random.int(10, 28)}/${random.pick(months)}/2024:${pad(random.int(0, 23))}:${pad(random.int(0, 59))}:${pad(random.int(0, 59))} +0000`;
}

export function macAddress(random: Random): string {
  return Array.from({ length: 6 }, () => random.hex(2).toUpperCase()).join(':');
}

export function bigCount(random: Random): string {
  return random.pick([random.int(1_000_000, 99_000_000).toLocaleString('en-US'), `${random.int(1, 9)} ${random.digits(3)} ${random.digits(3)}`]);
}
