import type { PiiCandidate } from './pii-finding.ts';

// Area, group and serial with the same separator twice, or none; not part of a longer number (a comma after
// it ends it, as in a CSV row).
const candidatePattern = /(?<![\w+/.-]|\d )(\d{3})([- .]?)(\d{2})\2(\d{4})(?![\w]|[./-]\d| \d)/g;

// Dashed is the way an SSN is written; spaces and dots are shared with phone numbers; 9 bare digits are
// anything (an order, an account) until "SSN" or "social security" is nearby.
const scoreBySeparator: Readonly<Record<string, number>> = { '-': 0.5, ' ': 0.4, '.': 0.3, '': 0.15 };

/** US Social Security numbers that the SSA could issue. */
export function findSsns(text: string): PiiCandidate[] {
  const candidates: PiiCandidate[] = [];
  for (const match of text.matchAll(candidatePattern)) {
    const [value, area = '', separator = '', group = '', serial = ''] = match;
    if (!isValidSsn(area, group, serial)) continue;
    candidates.push({ type: 'ssn', start: match.index, end: match.index + value.length, score: scoreBySeparator[separator] ?? 0 });
  }
  return candidates;
}

/** The SSA rules: area not 000, 666 or 900–999; group not 00; serial not 0000; not one digit repeated. */
export function isValidSsn(area: string, group: string, serial: string): boolean {
  if (area === '000' || area === '666' || area.startsWith('9')) return false;
  if (group === '00' || serial === '0000') return false;
  return !/^(\d)\1{8}$/.test(area + group + serial);
}
