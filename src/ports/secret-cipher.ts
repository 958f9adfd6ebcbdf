/** Encrypts secrets the service must be able to use again (webhook signing secrets) before they are stored. */
export interface SecretCipher {
  encrypt(plaintext: string): string;
  /** Throws when the text was not produced by this cipher's key or was altered. */
  decrypt(ciphertext: string): string;
}
