import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WebhookVerificationError, type WebhookSignatureHeaders, type WebhookSigner } from '../../ports/webhook-signer.ts';

const secretPrefix = 'whsec_';
const timestampPattern = /^\d{1,15}$/;

/**
 * Signs with the `standardwebhooks` library, so what receivers check is exactly what Standard Webhooks
 * clients produce. Verification is done here: the library measures its fixed five-minute tolerance
 * against the wall clock, and callers need their own `now` and tolerance.
 */
export class StandardWebhookSigner implements WebhookSigner {
  sign(secret: string, message: { id: string; timestamp: Date; payload: string }): WebhookSignatureHeaders {
    return {
      'webhook-id': message.id,
      'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(message.id, message.timestamp, message.payload),
    };
  }

  verify(secret: string, payload: string, headers: Readonly<Record<string, string | undefined>>, options: { now: Date; toleranceSeconds: number }): void {
    const normalized = lowerCaseKeys(headers);
    const id = normalized['webhook-id'];
    const timestamp = normalized['webhook-timestamp'];
    const signatures = normalized['webhook-signature'];
    if (!id || !timestamp || !signatures) {
      throw new WebhookVerificationError('missing_headers', 'webhook-id, webhook-timestamp and webhook-signature are all required');
    }
    if (!timestampPattern.test(timestamp)) {
      throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp must be whole seconds since the epoch');
    }
    const nowSeconds = Math.floor(options.now.getTime() / 1000);
    if (Math.abs(nowSeconds - Number(timestamp)) > options.toleranceSeconds) {
      throw new WebhookVerificationError('timestamp_out_of_tolerance', `webhook-timestamp is more than ${options.toleranceSeconds} seconds away from now`);
    }
    const expected = Buffer.from(createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${payload}`).digest('base64'));
    const matches = signatures.split(' ').some((entry) => {
      const [version, signature] = entry.split(',', 2);
      if (version !== 'v1' || signature === undefined) return false;
      const candidate = Buffer.from(signature);
      return candidate.length === expected.length && timingSafeEqual(candidate, expected);
    });
    if (!matches) throw new WebhookVerificationError('invalid_signature', 'No v1 signature in webhook-signature matches the payload');
  }
}

function lowerCaseKeys(headers: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The HMAC key: the base64 after `whsec_`, decoded, as the library and every Standard Webhooks client read it. */
function secretKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret, 'base64');
  if (key.length === 0) throw new Error('The webhook secret is empty');
  return key;
}
