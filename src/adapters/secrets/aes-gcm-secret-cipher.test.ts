import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AesGcmSecretCipher } from './aes-gcm-secret-cipher.ts';

const secret = `whsec_${randomBytes(24).toString('base64')}`;

/** Flips one bit of the given base64url part (1 = IV, 2 = ciphertext, 3 = tag). */
function tamper(text: string, partIndex: number): string {
  const parts = text.split('.');
  const bytes = Buffer.from(parts[partIndex] as string, 'base64url');
  bytes[0] = (bytes[0] as number) ^ 0x01;
  parts[partIndex] = bytes.toString('base64url');
  return parts.join('.');
}

describe('AesGcmSecretCipher', () => {
  it('round-trips a secret and never stores it in the clear', () => {
    const cipher = new AesGcmSecretCipher(randomBytes(32));
    const encrypted = cipher.encrypt(secret);
    expect(encrypted).toMatch(/^v1\.[\w-]{16}\.[\w-]+\.[\w-]{22}$/);
    expect(encrypted).not.toContain(secret.slice('whsec_'.length));
    expect(cipher.decrypt(encrypted)).toBe(secret);
  });

  it('uses a fresh IV each time, so one secret encrypts differently twice', () => {
    const cipher = new AesGcmSecretCipher(randomBytes(32));
    const first = cipher.encrypt(secret);
    const second = cipher.encrypt(secret);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(cipher.decrypt(second)).toBe(secret);
  });

  it('refuses altered IVs, ciphertexts and tags', () => {
    const cipher = new AesGcmSecretCipher(randomBytes(32));
    const encrypted = cipher.encrypt(secret);
    for (const part of [1, 2, 3]) expect(() => cipher.decrypt(tamper(encrypted, part))).toThrow(/altered or encrypted with another key/);
  });

  it('refuses text encrypted with another key', () => {
    const encrypted = new AesGcmSecretCipher(randomBytes(32)).encrypt(secret);
    expect(() => new AesGcmSecretCipher(randomBytes(32)).decrypt(encrypted)).toThrow(/another key/);
  });

  it('refuses text that is not in its format', () => {
    const cipher = new AesGcmSecretCipher(randomBytes(32));
    const [, iv, ciphertext, tag] = cipher.encrypt(secret).split('.');
    expect(() => cipher.decrypt(secret)).toThrow(/v1 encrypted format/);
    expect(() => cipher.decrypt(`v2.${iv}.${ciphertext}.${tag}`)).toThrow(/v1 encrypted format/);
    expect(() => cipher.decrypt(`v1.${iv}.${ciphertext}.${tag?.slice(0, 8)}`)).toThrow(/malformed IV or tag/);
  });

  it('accepts only 32-byte keys', () => {
    expect(() => new AesGcmSecretCipher(randomBytes(16))).toThrow(/32 bytes, not 16/);
  });
});
