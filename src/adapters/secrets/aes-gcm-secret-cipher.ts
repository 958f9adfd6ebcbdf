import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SecretCipher } from '../../ports/secret-cipher.ts';

const algorithm = 'aes-256-gcm';
const keyBytes = 32;
/** 96-bit IVs are GCM's native size; a fresh random one per encryption keeps (key, IV) pairs unique. */
const ivBytes = 12;
const tagBytes = 16;
const formatVersion = 'v1';

/**
 * AES-256-GCM: the tag makes any change to the stored text, or a different key, fail decryption instead of
 * yielding a wrong secret. Output: `v1.<iv>.<ciphertext>.<tag>`, each part base64url.
 */
export class AesGcmSecretCipher implements SecretCipher {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== keyBytes) throw new Error(`The secret encryption key must be ${keyBytes} bytes, not ${key.length}`);
    this.#key = Buffer.from(key);
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv(algorithm, this.#key, iv, { authTagLength: tagBytes });
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [formatVersion, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  decrypt(text: string): string {
    const parts = text.split('.');
    if (parts.length !== 4 || parts[0] !== formatVersion) throw new Error('The stored secret is not in the v1 encrypted format');
    const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
    if (iv.length !== ivBytes || tag.length !== tagBytes) throw new Error('The stored secret has a malformed IV or tag');
    const decipher = createDecipheriv(algorithm, this.#key, iv, { authTagLength: tagBytes });
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new Error('The stored secret could not be decrypted: it was altered or encrypted with another key', { cause: error });
    }
  }
}
