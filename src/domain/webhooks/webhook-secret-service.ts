import { randomBytes } from 'node:crypto';
import type { AccountRepository } from '../../ports/account-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SecretCipher } from '../../ports/secret-cipher.ts';
import type { WebhookSecretRepository } from '../../ports/webhook-secret-repository.ts';
import { AppError } from '../errors.ts';

/** 24 random bytes (192 bits), as the Standard Webhooks reference servers generate them. */
const secretBytes = 24;

export interface RotatedWebhookSecret {
  /** The plaintext `whsec_…` secret: returned here once, stored only encrypted. */
  secret: string;
  /** When this secret was made. */
  createdAt: string;
  /** True when the account had a secret before, which stops being valid now. */
  rotated: boolean;
}

/** Each account's webhook signing secret: made and replaced on request, kept encrypted at rest. */
export class WebhookSecretService {
  readonly #secrets: WebhookSecretRepository;
  readonly #cipher: SecretCipher;
  readonly #accounts: AccountRepository;
  readonly #clock: Clock;

  constructor(dependencies: { secrets: WebhookSecretRepository; cipher: SecretCipher; accounts: AccountRepository; clock: Clock }) {
    this.#secrets = dependencies.secrets;
    this.#cipher = dependencies.cipher;
    this.#accounts = dependencies.accounts;
    this.#clock = dependencies.clock;
  }

  /** Creates the account's secret, or replaces the one it has. */
  async rotate(accountId: string): Promise<RotatedWebhookSecret> {
    if (!(await this.#accounts.findById(accountId))) throw new AppError('not_found', `No account "${accountId}"; an account is created with its first API key`);
    const now = this.#clock.now().toISOString();
    const previous = await this.#secrets.find(accountId);
    const secret = `whsec_${randomBytes(secretBytes).toString('base64')}`;
    await this.#secrets.save({
      accountId,
      ciphertext: this.#cipher.encrypt(secret),
      // The record keeps when the account first had a secret; rotatedAt says when the current one replaced it.
      createdAt: previous?.createdAt ?? now,
      rotatedAt: previous ? now : null,
    });
    return { secret, createdAt: now, rotated: previous !== undefined };
  }

  /** The account's secret in plaintext, for signing; undefined when it has none. */
  async secretOf(accountId: string): Promise<string | undefined> {
    const record = await this.#secrets.find(accountId);
    return record && this.#cipher.decrypt(record.ciphertext);
  }
}
