import type { PiiCandidate } from './pii-finding.ts';

const knownScore = 0.9;
// An address at an unusual top-level domain ("a@b.example") is still an address, just less surely one.
const unusualScore = 0.6;

const commonTopLevelDomains = new Set([
  'com', 'org', 'net', 'edu', 'gov', 'mil', 'int', 'info', 'biz', 'name', 'pro', 'app', 'dev', 'tech', 'online',
  'site', 'shop', 'store', 'cloud', 'email', 'xyz', 'top', 'club', 'live', 'news', 'blog', 'museum', 'travel',
  'jobs', 'mobi', 'aero', 'coop', 'asia', 'cat', 'tel', 'io', 'co', 'ai', 'me', 'us', 'uk', 'eu', 'agency',
  'company', 'digital', 'solutions', 'services', 'media', 'team', 'world', 'today', 'group', 'global', 'work',
]);
// "icon@2x.png", "lodash@4.17.21/index.js": names with an at sign that are files or packages, not mailboxes.
const fileExtensions = new Set([
  'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'bmp', 'ico', 'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx', 'css',
  'scss', 'map', 'json', 'html', 'htm', 'txt', 'pdf', 'zip', 'gz', 'tar', 'py', 'rb', 'java', 'go', 'md',
  'yml', 'yaml', 'toml', 'lock', 'wasm', 'mp3', 'mp4', 'csv', 'xml',
]);


/** Email addresses with a plausible local part, domain labels and an alphabetic top-level domain. */
export function findEmails(text: string): PiiCandidate[] {
  const candidates: PiiCandidate[] = [];
  // Expanding around each "@" keeps this linear: a regex would rescan long runs of word characters.
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && isLocalCode(text.charCodeAt(start - 1))) start -= 1;
    while (text.charCodeAt(start) === 46) start += 1;
    let end = at + 1;
    while (end < text.length && end - at <= 253 && isDomainCode(text.charCodeAt(end))) end += 1;
    while (end > at + 1 && isDotOrDash(text.charCodeAt(end - 1))) end -= 1;
    const local = text.slice(start, at);
    if (local === '' || local.endsWith('.') || local.includes('..') || isUrlCredential(text, start)) continue;
    const score = domainScore(text.slice(at + 1, end));
    if (score > 0) candidates.push({ type: 'email', start, end, score });
  }
  return candidates;
}

/** A letter, digit, ".", "-", or (in the local part) "_", "%" or "+". */
function isLocalCode(code: number): boolean {
  return isDomainCode(code) || code === 95 || code === 37 || code === 43;
}

function isDomainCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || isDotOrDash(code);
}

function isDotOrDash(code: number): boolean {
  return code === 46 || code === 45;
}

/** 0 when `domain` is not a mail domain; otherwise how sure its top-level domain makes us. */
function domainScore(domain: string): number {
  const labels = domain.split('.');
  if (labels.length < 2 || labels.some((label) => label === '' || label.length > 63 || label.startsWith('-') || label.endsWith('-'))) return 0;
  const topLevel = (labels.at(-1) ?? '').toLowerCase();
  if (fileExtensions.has(topLevel)) return 0;
  if (!/^(?:[a-z]{2,24}|xn--[a-z0-9-]{2,20})$/.test(topLevel)) return 0;
  return topLevel.length === 2 || commonTopLevelDomains.has(topLevel) ? knownScore : unusualScore;
}

/** "scheme://user:password@host": the part before "@" is a credential (the secret recognizer's), not a mailbox. */
function isUrlCredential(text: string, localStart: number): boolean {
  if (text.charAt(localStart - 1) !== ':') return false;
  const scheme = text.lastIndexOf('://', localStart);
  return scheme >= 0 && localStart - scheme < 128 && !/\s/.test(text.slice(scheme, localStart));
}
