/** An account's webhook signing secret, stored encrypted (see SecretCipher). */
export interface WebhookSecretRecord {
  accountId: string;
  /** The `whsec_…` secret encrypted by the SecretCipher; never the secret itself. */
  ciphertext: string;
  createdAt: string;
  /** When the secret was last replaced; null until the first rotation. */
  rotatedAt: string | null;
}

export interface WebhookSecretRepository {
  find(accountId: string): Promise<WebhookSecretRecord | undefined>;
  /** Inserts the account's secret, or replaces it. */
  save(record: WebhookSecretRecord): Promise<void>;
}
