import { describe, expect, it } from 'vitest';
import { apiKeyMatches, apiKeyPrefix, generateApiKey, hashApiKey, looksLikeApiKey } from './api-key.ts';

describe('API keys', () => {
  it('are prefixed, long, random and recognisable', () => {
    const first = generateApiKey();
    const second = generateApiKey();
    expect(first.key).toMatch(/^ak_live_[0-9A-Za-z]{44}$/);
    expect(first.key).not.toBe(second.key);
    expect(first.prefix).toBe(first.key.slice(0, 20));
    expect(apiKeyPrefix(first.key)).toBe(first.prefix);
    expect(looksLikeApiKey(first.key)).toBe(true);
    expect(looksLikeApiKey(`${first.key}x`)).toBe(false);
    expect(looksLikeApiKey('eyJhbGciOi.eyJzdWIi.sig')).toBe(false);
  });

  it('are stored as a SHA-256 hash that only the same key matches', () => {
    const { key, hash } = generateApiKey();
    expect(hash).toBe(hashApiKey(key));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(key.slice(20));
    expect(apiKeyMatches(key, hash)).toBe(true);
    expect(apiKeyMatches(`${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`, hash)).toBe(false);
    expect(apiKeyMatches(key, 'not-hex')).toBe(false);
  });
});
