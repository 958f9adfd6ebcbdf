import type { PiiCandidate } from './pii-finding.ts';
import { oneOf, trimEnd } from '../../../../shared/text-scanning.ts';

const octet = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
// Four octets, each at most 255 and without leading zeros, not inside a longer dotted number or a word
// ("v1.2.3.4", "10.0.19041.1").
export const ipv4Pattern = new RegExp(`(?<![\\w.]|\\d\\.)(?:${octet}\\.){3}${octet}(?![\\w]|\\.\\d)`, 'g');
export const ipv4Exact = new RegExp(`^(?:${octet}\\.){3}${octet}$`);

// Any valid IPv4 is reported unless its context says otherwise ("version 4.12.0.7"); "1.2.3.4" is as often
// a version or a section number, so it sinks a little more easily.
const ipv4Score = 0.6;
const smallIpv4Score = 0.5;
const ipv6Score = 0.6;
// "fe80::1" is an address, but two hex groups around "::" also occur in code.
const shortIpv6Score = 0.4;

/** IPv4 and IPv6 addresses, full and compressed. */
export function findIps(text: string): PiiCandidate[] {
  const candidates: PiiCandidate[] = [];
  for (const match of text.matchAll(ipv4Pattern)) {
    // Four one-digit octets and their dots: "1.2.3.4".
    const small = match[0].length === 7;
    candidates.push({ type: 'ip', start: match.index, end: match.index + match[0].length, score: small ? smallIpv4Score : ipv4Score });
  }
  if (text.includes(':')) findIpv6(text, candidates);
  return candidates;
}

/**
 * IPv6 candidates: the run of hex digits and colons around each colon (dots too after it, for an embedded
 * IPv4), not inside a word; the parser decides whether the run is an address. Expanding around colons keeps
 * this linear where a regex would try every hex letter of the text as a start.
 */
function findIpv6(text: string, candidates: PiiCandidate[]): void {
  for (let colon = text.indexOf(':'); colon >= 0; ) {
    let start = colon;
    while (start > 0 && isHexOrColon(text.charCodeAt(start - 1))) start -= 1;
    let end = colon + 1;
    while (end < text.length && (isHexOrColon(text.charCodeAt(end)) || text.charCodeAt(end) === 46)) end += 1;
    colon = text.indexOf(':', end);
    if (colonCount(text, start, end) < 2 || /[\w.]/.test(text.charAt(start - 1)) || /\w/.test(text.charAt(end))) continue;
    // A sentence may end right after the address.
    const value = trimEnd(text.slice(start, end), oneOf('.')).replace(/(?<!:):$/, '');
    const groups = ipv6Groups(value);
    if (groups === undefined) continue;
    candidates.push({ type: 'ip', start, end: start + value.length, score: groups >= 3 ? ipv6Score : shortIpv6Score });
  }
}

function colonCount(text: string, start: number, end: number): number {
  let count = 0;
  for (let index = start; index < end; index += 1) if (text.charCodeAt(index) === 58) count += 1;
  return count;
}

function isHexOrColon(code: number): boolean {
  return (code >= 48 && code <= 58) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** The number of explicit groups when `value` is a valid IPv6 address (full, compressed or IPv4-mapped). */
export function ipv6Groups(value: string): number | undefined {
  if (!/\d/.test(value)) return undefined;
  const halves = value.split('::');
  if (halves.length > 2) return undefined;
  const parts = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  let groups = 0;
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1 && part.includes('.')) {
      if (!isIpv4(part)) return undefined;
      groups += 2;
    } else if (/^[0-9A-Fa-f]{1,4}$/.test(part)) {
      groups += 1;
    } else {
      return undefined;
    }
  }
  if (halves.length === 2 ? groups > 7 || parts.length < 2 : groups !== 8) return undefined;
  return groups;
}

export function isIpv4(value: string): boolean {
  return ipv4Exact.test(value);
}
