import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { McpSessionIds } from './mcp-session-ids.ts';

describe('McpSessionIds', () => {
  const secret = randomBytes(32);

  it('checks an id issued to the account by any holder of the same key, and no other', () => {
    const id = new McpSessionIds(secret).issue('alice');
    expect(id).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    expect(new McpSessionIds(Buffer.from(secret)).issuedTo(id, 'alice')).toBe(true);
    expect(new McpSessionIds(secret).issuedTo(id, 'bob')).toBe(false);
    expect(new McpSessionIds(randomBytes(32)).issuedTo(id, 'alice')).toBe(false);
  });

  it('refuses a changed, cut or made-up id', () => {
    const ids = new McpSessionIds(secret);
    const id = ids.issue('alice');
    const [nonce = '', tag = ''] = id.split('.');
    for (const forged of [`${nonce}x.${tag}`, `${nonce}.${tag.slice(0, -1)}`, `${nonce}.${tag}A`, `.${tag}`, nonce, '', '4f1c2a7e-0000-4000-8000-000000000000', `${nonce}.${tag.slice(0, -1)}${tag.endsWith('A') ? 'B' : 'A'}`]) {
      expect(ids.issuedTo(forged, 'alice'), forged).toBe(false);
    }
  });
});
