import type { Random } from './pii-holdout-random.ts';

// Phone numbers of several countries in the national and international forms people write them in.
// Each region draws realistic leading digits (area codes, mobile prefixes) and then picks a format.

type Format = (random: Random) => string;

const usAreaCodes = ['212', '312', '415', '617', '646', '702', '213', '305', '512', '206', '303', '404', '718', '972', '480'];

function usParts(random: Random): [string, string, string] {
  let exchange = `${random.int(2, 9)}${random.digits(2)}`;
  if (exchange === '555' || exchange.endsWith('11')) exchange = '482';
  return [random.pick(usAreaCodes), exchange, random.digits(4)];
}

const usFormats: readonly Format[] = [
  (r) => { const [a, e, l] = usParts(r); return `(${a}) ${e}-${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `${a}-${e}-${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `${a}.${e}.${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `${a} ${e} ${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `+1 ${a} ${e} ${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `+1 (${a}) ${e}-${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `+1-${a}-${e}-${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `1-${a}-${e}-${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `+1.${a}.${e}.${l}`; },
  (r) => { const [a, e, l] = usParts(r); return `(${a})${e}-${l}`; },
];

const ukFormats: readonly Format[] = [
  (r) => `020 7${r.digits(3)} ${r.digits(4)}`,
  (r) => `+44 20 7${r.digits(3)} ${r.digits(4)}`,
  (r) => `+44 (0)20 8${r.digits(3)} ${r.digits(4)}`,
  (r) => `(020) 7${r.digits(3)} ${r.digits(4)}`,
  (r) => `0161 ${r.int(2, 9)}${r.digits(2)} ${r.digits(4)}`,
  (r) => `+44 161 ${r.int(2, 9)}${r.digits(2)} ${r.digits(4)}`,
  (r) => `07${r.pick(['4', '5', '7', '8', '9'])}${r.digits(2)} ${r.digits(6)}`,
  (r) => `+44 7${r.pick(['4', '5', '7', '8', '9'])}${r.digits(2)} ${r.digits(6)}`,
  (r) => `+447${r.pick(['4', '7', '8', '9'])}${r.digits(8)}`,
  (r) => `0044 20 7${r.digits(3)} ${r.digits(4)}`,
];

const deFormats: readonly Format[] = [
  (r) => `030 ${r.int(2, 9)}${r.digits(7)}`,
  (r) => `+49 30 ${r.int(2, 9)}${r.digits(7)}`,
  (r) => `+49 (0)30 ${r.int(2, 9)}${r.digits(3)} ${r.digits(4)}`,
  (r) => `030/${r.int(2, 9)}${r.digits(6)}`,
  (r) => `089 ${r.int(2, 9)}${r.digits(6)}`,
  (r) => `+49 89 ${r.int(2, 9)}${r.digits(6)}`,
  (r) => `0151 ${r.digits(8, true)}`,
  (r) => `+49 151 ${r.digits(8, true)}`,
  (r) => `0171 ${r.digits(7, true)}`,
  (r) => `+49 171 ${r.digits(7, true)}`,
  (r) => `0176-${r.digits(8, true)}`,
  (r) => `0049 30 ${r.int(2, 9)}${r.digits(7)}`,
];

function frenchPairs(random: Random, separator: string): string {
  return Array.from({ length: 4 }, () => random.digits(2)).join(separator);
}

const frFormats: readonly Format[] = [
  (r) => `0${r.int(1, 5)} ${frenchPairs(r, ' ')}`,
  (r) => `06 ${frenchPairs(r, ' ')}`,
  (r) => `07 ${frenchPairs(r, ' ')}`,
  (r) => `+33 1 ${frenchPairs(r, ' ')}`,
  (r) => `+33 (0)6 ${frenchPairs(r, ' ')}`,
  (r) => `01.${frenchPairs(r, '.')}`,
  (r) => `+33 6 ${frenchPairs(r, ' ')}`,
  (r) => `0033 1 ${frenchPairs(r, ' ')}`,
];

const inFormats: readonly Format[] = [
  (r) => `+91 ${r.int(7, 9)}${r.digits(4)} ${r.digits(5)}`,
  (r) => `+91-${r.int(7, 9)}${r.digits(4)}-${r.digits(5)}`,
  (r) => `0${r.int(7, 9)}${r.digits(4)} ${r.digits(5)}`,
  (r) => `+91${r.int(7, 9)}${r.digits(9)}`,
  (r) => `022 ${r.int(2, 6)}${r.digits(3)} ${r.digits(4)}`,
  (r) => `+91 22 ${r.int(2, 6)}${r.digits(3)} ${r.digits(4)}`,
  (r) => `011-${r.int(2, 4)}${r.digits(3)}-${r.digits(4)}`,
  (r) => `+91 80 ${r.int(2, 4)}${r.digits(3)} ${r.digits(4)}`,
];

const brFormats: readonly Format[] = [
  (r) => `+55 11 9${r.int(6, 9)}${r.digits(3)}-${r.digits(4)}`,
  (r) => `(11) 9${r.int(6, 9)}${r.digits(3)}-${r.digits(4)}`,
  (r) => `(21) 9${r.int(6, 9)}${r.digits(3)} ${r.digits(4)}`,
  (r) => `+55 (11) 9${r.int(6, 9)}${r.digits(3)}-${r.digits(4)}`,
  (r) => `(11) 3${r.digits(3)}-${r.digits(4)}`,
  (r) => `+55 21 2${r.digits(3)}-${r.digits(4)}`,
  (r) => `+55 31 3${r.digits(3)} ${r.digits(4)}`,
];

const auFormats: readonly Format[] = [
  (r) => `+61 2 9${r.digits(3)} ${r.digits(4)}`,
  (r) => `(02) 9${r.digits(3)} ${r.digits(4)}`,
  (r) => `03 9${r.digits(3)} ${r.digits(4)}`,
  (r) => `04${r.int(0, 9)}${r.digits(1)} ${r.digits(3)} ${r.digits(3)}`,
  (r) => `+61 4${r.int(0, 9)}${r.digits(1)} ${r.digits(3)} ${r.digits(3)}`,
  (r) => `+61 (0)7 3${r.digits(3)} ${r.digits(4)}`,
  (r) => `1300 ${r.int(1, 9)}${r.digits(2)} ${r.digits(3)}`,
];

const jpFormats: readonly Format[] = [
  (r) => `03-${r.int(3, 6)}${r.digits(3)}-${r.digits(4)}`,
  (r) => `+81 3-${r.int(3, 6)}${r.digits(3)}-${r.digits(4)}`,
  (r) => `090-${r.digits(4, true)}-${r.digits(4)}`,
  (r) => `+81 90-${r.digits(4, true)}-${r.digits(4)}`,
  (r) => `06-6${r.digits(3)}-${r.digits(4)}`,
  (r) => `+81 (0)3 ${r.int(3, 6)}${r.digits(3)} ${r.digits(4)}`,
  (r) => `080 ${r.digits(4, true)} ${r.digits(4)}`,
];

export const phoneRegions: Readonly<Record<string, readonly Format[]>> = {
  us: usFormats, uk: ukFormats, de: deFormats, fr: frFormats, in: inFormats, br: brFormats, au: auFormats, jp: jpFormats,
};

const extensions: readonly Format[] = [(r) => ` ext. ${r.digits(3, true)}`, (r) => ` x${r.digits(2, true)}`, (r) => ` ext ${r.digits(4, true)}`, (r) => `x${r.digits(3, true)}`];

/** A phone number of `region` (random when omitted); US numbers now and then carry an extension. */
export function phone(random: Random, region?: string): string {
  const name = region ?? random.pick(Object.keys(phoneRegions));
  const formats = phoneRegions[name];
  if (formats === undefined) throw new Error(`unknown phone region ${name}`);
  const number = random.pick(formats)(random);
  return name === 'us' && random.chance(0.2) ? number + random.pick(extensions)(random) : number;
}
