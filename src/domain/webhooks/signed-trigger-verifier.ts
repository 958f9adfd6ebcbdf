import type { AccountRepository } from '../../ports/account-repository.ts';
import type { Clock } from '../../ports/clock.ts';
import { WebhookVerificationError, type WebhookSigner } from '../../ports/webhook-signer.ts';
import type { AuthenticatedAccount } from '../accounts/account-service.ts';
import { AppError } from '../errors.ts';

/** Standard Webhooks' recommended tolerance: a delivery signed more than five minutes away from now is refused. */
export const triggerToleranceSeconds = 300;

/** The headers that make a request a signed trigger rather than a bearer-authenticated one. */
export const signatureHeaderNames = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * Authenticates an inbound trigger by its Standard Webhooks signature: the account named by the request
 * signs the exact body with its `whsec_` secret. Every failure is 401 `unauthorized`, saying which check
 * failed but never whether the account exists.
 */
export class SignedTriggerVerifier {
  readonly #accounts: Pick<AccountRepository, 'findById'>;
  readonly #secretOf: (accountId: string) => Promise<string | undefined>;
  readonly #signer: Pick<WebhookSigner, 'verify'>;
  readonly #clock: Clock;

  constructor(dependencies: {
    accounts: Pick<AccountRepository, 'findById'>;
    secretOf: (accountId: string) => Promise<string | undefined>;
    signer: Pick<WebhookSigner, 'verify'>;
    clock: Clock;
  }) {
    this.#accounts = dependencies.accounts;
    this.#secretOf = dependencies.secretOf;
    this.#signer = dependencies.signer;
    this.#clock = dependencies.clock;
  }

  async verify(accountId: string | undefined, rawBody: string, headers: Readonly<Record<string, string | undefined>>): Promise<AuthenticatedAccount> {
    if (!accountId) throw unauthorized('A signed trigger names its account: add ?account=<your account id> to the URL');
    const secret = await this.#secretOf(accountId);
    const account = secret === undefined ? undefined : await this.#accounts.findById(accountId);
    if (secret === undefined || !account) throw unauthorized(noMatch);
    try {
      this.#signer.verify(secret, rawBody, headers, { now: this.#clock.now(), toleranceSeconds: triggerToleranceSeconds });
    } catch (error) {
      if (error instanceof WebhookVerificationError) throw unauthorized(signatureProblem(error));
      throw error;
    }
    return { account, method: 'webhook_signature' };
  }
}

/** Said alike for a wrong signature and an account without a secret: the answer does not tell them apart. */
const noMatch = "no v1 signature matches the body signed with this account's webhook secret (HMAC-SHA256 of id.timestamp.body)";

function signatureProblem(error: WebhookVerificationError): string {
  switch (error.reason) {
    case 'timestamp_out_of_tolerance':
      return `webhook-timestamp is more than ${triggerToleranceSeconds} seconds from the server's clock: sign each delivery when it is sent`;
    case 'invalid_signature':
      return noMatch;
    default:
      return error.message;
  }
}

function unauthorized(message: string): AppError {
  return new AppError('unauthorized', `Invalid webhook signature: ${message}`);
}
