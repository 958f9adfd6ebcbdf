import { createHash, timingSafeEqual } from 'node:crypto';
import { randomString } from '../ids.ts';

const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const keyKind = 'ak_live_';
const publicIdLength = 12;
const secretLength = 32;
/** `ak_live_` plus the public id: what listings show and what revocation takes. */
export const apiKeyPrefixLength = keyKind.length + publicIdLength;
/** What an API key looks like; exported for the test that feeds every pattern of the sources hostile input. */
export const keyPattern = new RegExp(`^${keyKind}[0-9A-Za-z]{${publicIdLength + secretLength}}$`);

export interface GeneratedApiKey {
  key: string;
  prefix: string;
  hash: string;
}

/** A new key: 44 random base62 characters (about 262 bits) behind a recognisable prefix. */
export function generateApiKey(): GeneratedApiKey {
  const key = `${keyKind}${randomString(publicIdLength, base62)}${randomString(secretLength, base62)}`;
  return { key, prefix: key.slice(0, apiKeyPrefixLength), hash: hashApiKey(key) };
}

export function looksLikeApiKey(token: string): boolean {
  return keyPattern.test(token);
}

export function apiKeyPrefix(key: string): string {
  return key.slice(0, apiKeyPrefixLength);
}

/** Keys carry enough entropy that a fast hash is safe; it is what GitHub and Stripe store too. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Compares a presented key with a stored hash in constant time. */
export function apiKeyMatches(key: string, storedHash: string): boolean {
  const presented = Buffer.from(hashApiKey(key), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
