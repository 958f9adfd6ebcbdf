import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Characters of a session id's tag (base64url of the first 16 bytes of its HMAC-SHA-256). */
const tagLength = 22;

/**
 * MCP session ids that every process sharing the service's secret key can check: a random part and a tag
 * binding it to the account it was issued to. The workers of one server (and servers sharing the key) are
 * handed a client's connections in turn, so a request of a session may reach a process that does not hold
 * it; that process can still tell an id issued to the caller from another account's or a made-up one.
 */
export class McpSessionIds {
  readonly #key: Buffer;

  /** `secret`: the service's secret key; a key of its own is derived from it, used for nothing else. */
  constructor(secret: Buffer) {
    this.#key = createHmac('sha256', secret).update('agentapi mcp session ids').digest();
  }

  /** A new session id for the account. */
  issue(accountId: string): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.#tag(nonce, accountId)}`;
  }

  /** Whether the id was issued (by a process sharing the key) to this account. */
  issuedTo(sessionId: string, accountId: string): boolean {
    const dot = sessionId.indexOf('.');
    if (dot <= 0 || sessionId.length - dot - 1 !== tagLength) return false;
    const expected = Buffer.from(this.#tag(sessionId.slice(0, dot), accountId));
    const given = Buffer.from(sessionId.slice(dot + 1));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  #tag(nonce: string, accountId: string): string {
    return createHmac('sha256', this.#key).update(`${nonce}.${accountId}`).digest('base64url').slice(0, tagLength);
  }
}
