import type { PiiCandidate } from './pii-finding.ts';
import { findKeys } from './secret-formats.ts';

// Credentials in a connection string: scheme://user:password@host.
const urlCredentialPattern = /:\/\/[^\s:@/]+:([^\s@/]+)@/g;
// A key named like a credential, right before an assignment operator (after an optional quote and blanks).
const keywordBeforeOperator = /(?:pass(?:word|wd|phrase)|pwd|secret|(?:api|access|secret|private)[_-]?key|token|credentials?)(["']?[ \t]*)$/i;
// The last letter of each keyword, which a cheap test checks first: most colons follow other words.
const keywordEnding = /[detynsl]["']?[ \t]*$/i;
// "Authorization: Bearer <token>": the token, whatever its format.
const bearerPattern = /\bbearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)/gi;
const privateKeyHeader = /-----BEGIN [A-Z ]*PRIVATE KEY-----/g;

const keyScore = 0.95;
const assignmentScore = 0.8;

/**
 * API keys and credentials: provider key formats, JWTs, PEM private keys, bearer tokens, credentials in
 * URLs, and `password = value` assignments.
 */
export function findSecrets(text: string): PiiCandidate[] {
  const candidates: PiiCandidate[] = [];
  const add = (start: number, end: number, score: number) => candidates.push({ type: 'secret', start, end, score });
  for (const key of findKeys(text)) add(key.start, key.end, keyScore);
  if (text.includes('PRIVATE KEY')) {
    for (const match of text.matchAll(privateKeyHeader)) add(match.index, privateKeyEnd(text, match.index + match[0].length), keyScore);
  }
  if (text.includes('://')) {
    for (const match of text.matchAll(urlCredentialPattern)) {
      const password = match[1] ?? '';
      const end = match.index + match[0].length - 1;
      add(end - password.length, end, assignmentScore);
    }
  }
  if (/[Bb]earer|BEARER/.test(text)) {
    for (const match of text.matchAll(bearerPattern)) {
      const token = match[1] ?? '';
      add(match.index + match[0].length - token.length, match.index + match[0].length, keyScore);
    }
  }
  for (const operator of [':', '=']) {
    for (let index = text.indexOf(operator); index >= 0; index = text.indexOf(operator, index + 1)) {
      if (!keywordEnding.test(text.slice(Math.max(0, index - 6), index))) continue;
      const keyword = keywordBeforeOperator.exec(text.slice(Math.max(0, index - 24), index));
      if (keyword === null) continue;
      const value = assignedValue(text, index - (keyword[1] ?? '').length);
      if (value !== undefined) add(value.start, value.end, assignmentScore);
    }
  }
  return candidates;
}

/** The end of a PEM block: its END line, or where its base64 body stops when the block was cut off. */
function privateKeyEnd(text: string, bodyStart: number): number {
  const footer = /-----END [A-Z ]*PRIVATE KEY-----/.exec(text.slice(bodyStart));
  if (footer !== null) return bodyStart + footer.index + footer[0].length;
  const body = /^[A-Za-z0-9+/=\s:,-]*/.exec(text.slice(bodyStart));
  return bodyStart + (body?.[0].trimEnd().length ?? 0);
}

// The key name ends with the keyword ("max_tokens" and "secretary" are not credentials): an optional closing
// quote, then ":", "=" or "=>", then the value.
const assignment = /^(["']?)[ \t]*(=>|:=|=|:)[ \t]*(["']?)([^\s"'`,;]+)/;
// Values that are references or blanks, not the secret itself: $VAR, <your-key>, {{token}}, [SECRET_1], ***.
const notAValue = /^(?:[$<{[(%*/~]|process\.|os\.|env\.|(?:null|none|undefined|true|false|required|optional|string)$)|\(|^(.)\1*$/i;

/** The value assigned to a key named like a credential that ends at `keyEnd`, when there is one. */
function assignedValue(text: string, keyEnd: number): { start: number; end: number } | undefined {
  const match = assignment.exec(text.slice(keyEnd, keyEnd + 300));
  if (match === null) return undefined;
  const [whole, keyQuote = '', operator = '', valueQuote = '', value = ''] = match;
  if (value.length < 6 || notAValue.test(value)) return undefined;
  // After a bare colon, prose is common ("Token: expired"); there only a value with a digit or symbol counts.
  const quoted = keyQuote !== '' || valueQuote !== '';
  if (operator === ':' && !quoted && !/[\d\W_]/.test(value)) return undefined;
  const end = keyEnd + whole.length;
  return { start: end - value.length, end };
}
