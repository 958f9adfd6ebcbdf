// Provider key formats: each prefix is specific enough that a match is a credential. A format is found by
// its anchor, a literal its keys contain `offset` characters in, chosen to be rare in prose ("_", "J",
// "AKIA"), and then read with a sticky pattern from the key's start, once the fixed `lead` is there. A few
// indexOf calls are far cheaper over long text than one alternation tried at every position.

export interface KeyFormat {
  anchor: string;
  offset: number;
  lead: string;
  pattern: RegExp;
}

export const keyFormats: readonly KeyFormat[] = [
  { anchor: 'AKIA', offset: 0, lead: '', pattern: /AKIA[0-9A-Z]{16}\b/y }, // AWS access key id
  { anchor: 'ASIA', offset: 0, lead: '', pattern: /ASIA[0-9A-Z]{16}\b/y }, // AWS temporary key id
  { anchor: '_', offset: 3, lead: 'gh', pattern: /gh[pousr]_[A-Za-z0-9]{36,255}\b/y }, // GitHub tokens
  { anchor: '_', offset: 6, lead: 'github', pattern: /github_pat_[A-Za-z0-9_]{22,255}/y }, // GitHub fine-grained token
  { anchor: '_', offset: 2, lead: '', pattern: /[sr]k_(?:live|test)_[A-Za-z0-9]{16,}|ak_live_[0-9A-Za-z]{44}\b/y }, // Stripe; this service's keys
  { anchor: '-', offset: 4, lead: 'xox', pattern: /xox[abprs]-[A-Za-z0-9-]{10,}/y }, // Slack
  { anchor: '-', offset: 2, lead: 'sk', pattern: /sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/y }, // Anthropic, OpenAI
  { anchor: 'AIza', offset: 0, lead: '', pattern: /AIza[0-9A-Za-z_-]{35}/y }, // Google API key
  { anchor: 'J', offset: 2, lead: 'ey', pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/y }, // JWT
];

/** Where each key in `text` starts and ends; a key starts at a word boundary. */
export function findKeys(text: string): { start: number; end: number }[] {
  const keys: { start: number; end: number }[] = [];
  for (const { anchor, offset, lead, pattern } of keyFormats) {
    for (let index = text.indexOf(anchor); index >= 0; index = text.indexOf(anchor, index + 1)) {
      const start = index - offset;
      if (start < 0 || !text.startsWith(lead, start) || (start > 0 && isWordCode(text.charCodeAt(start - 1)))) continue;
      pattern.lastIndex = start;
      const match = pattern.exec(text);
      if (match !== null) keys.push({ start, end: start + match[0].length });
    }
  }
  return keys;
}

function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}
