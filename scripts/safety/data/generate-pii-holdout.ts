import { writeFileSync } from 'node:fs';
import * as fillers from './pii-holdout-fillers.ts';
import { phone } from './pii-holdout-phones.ts';
import { Random } from './pii-holdout-random.ts';
import { negativeTemplates, positiveTemplates } from './pii-holdout-templates.ts';
import { card, email, iban, ipv4, ipv6, resolverIp, ssn } from './pii-holdout-values.ts';

/**
 * Builds the PII holdout: business texts from the templates, with slots filled by seeded generators, and
 * gold spans recorded while the text is assembled, so every offset is exact by construction.
 */

export interface HoldoutSpan {
  type: string;
  start: number;
  end: number;
  value: string;
}

export interface HoldoutRow {
  text: string;
  spans: HoldoutSpan[];
  source: string;
}

type Fill = (random: Random, argument: string | undefined) => string;

/** Slots that are PII, with the gold entity type they are labelled with. */
const goldSlots: Readonly<Record<string, { type: string; fill: Fill }>> = {
  email: { type: 'EMAIL_ADDRESS', fill: (random) => email(random) },
  phone: { type: 'PHONE_NUMBER', fill: (random, region) => phone(random, region) },
  card: { type: 'CREDIT_CARD', fill: (random, brand) => card(random, brand) },
  iban: { type: 'IBAN_CODE', fill: (random, country) => iban(random, country) },
  ssn: { type: 'US_SSN', fill: (random, separator) => ssn(random, separator ?? '-') },
  ip4: { type: 'IP_ADDRESS', fill: (random) => ipv4(random) },
  ip6: { type: 'IP_ADDRESS', fill: (random) => ipv6(random) },
  resolver: { type: 'IP_ADDRESS', fill: (random) => resolverIp(random) },
};

const fillerSlots: Readonly<Record<string, Fill>> = {
  name: (random) => random.pick(fillers.names),
  company: (random) => random.pick(fillers.companies),
  digits: (random, count) => random.digits(Number(count ?? 4), true),
  year: (random) => String(random.int(2015, 2025)),
  date: fillers.date,
  time: fillers.time,
  timestamp: fillers.timestamp,
  logTime: fillers.logTime,
  order: fillers.order,
  invoice: fillers.invoice,
  ticket: fillers.ticket,
  tracking: fillers.tracking,
  version: fillers.version,
  quadVersion: fillers.quadVersion,
  price: fillers.price,
  quantity: fillers.quantity,
  bigCount: fillers.bigCount,
  uuid: fillers.uuid,
  numericUuid: fillers.numericUuid,
  hash: fillers.hash,
  postal: fillers.postalCode,
  sku: fillers.sku,
  vat: fillers.vatId,
  mac: fillers.macAddress,
  imei: fillers.imei,
  ean: (random) => fillers.gtin(random, 13),
  upc: (random) => fillers.gtin(random, 12),
  badCard: fillers.luhnInvalidCard,
  badSsn: fillers.invalidSsn,
  badIban: fillers.invalidIban,
};

/** One text from `template`, its gold spans in order. */
export function fillTemplate(template: string, random: Random): HoldoutRow {
  let text = '';
  const spans: HoldoutSpan[] = [];
  let position = 0;
  for (const slot of template.matchAll(/\{(\w+)(?::([^}]*))?\}/g)) {
    text += template.slice(position, slot.index);
    position = slot.index + slot[0].length;
    const [, kind = '', argument] = slot;
    const gold = goldSlots[kind];
    const fill = gold?.fill ?? fillerSlots[kind];
    if (fill === undefined) throw new Error(`unknown slot {${kind}} in: ${template}`);
    const value = fill(random, argument);
    if (gold !== undefined) spans.push({ type: gold.type, start: text.length, end: text.length + value.length, value });
    text += value;
  }
  return { text: text + template.slice(position), spans, source: 'handwritten' };
}

/** Every template filled `positiveCopies` (PII) or `negativeCopies` (no PII) times; repeated texts once. */
export function generateHoldout(seed = 20_240_611, positiveCopies = 5, negativeCopies = 3): HoldoutRow[] {
  const random = new Random(seed);
  const rows: HoldoutRow[] = [];
  const seen = new Set<string>();
  const add = (row: HoldoutRow) => {
    if (seen.has(row.text)) return;
    seen.add(row.text);
    rows.push(row);
  };
  for (let copy = 0; copy < Math.max(positiveCopies, negativeCopies); copy += 1) {
    if (copy < positiveCopies) for (const template of positiveTemplates) add(fillTemplate(template, random));
    if (copy < negativeCopies) for (const template of negativeTemplates) add(fillTemplate(template, random));
  }
  return rows;
}

export const holdoutPath = new URL('./pii-holdout.jsonl', import.meta.url).pathname;

// `node scripts/safety/data/generate-pii-holdout.ts [seed] [output]`: writes the fixture (or another seed's rows).
if (import.meta.main) {
  const seed = process.argv[2] === undefined ? undefined : Number(process.argv[2]);
  const output = process.argv[3] ?? holdoutPath;
  const rows = generateHoldout(seed);
  writeFileSync(output, rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
  const counts: Record<string, number> = {};
  for (const span of rows.flatMap((row) => row.spans)) counts[span.type] = (counts[span.type] ?? 0) + 1;
  console.log(`${rows.length} rows (${rows.filter((row) => row.spans.length === 0).length} without PII) to ${output}`, counts);
}
