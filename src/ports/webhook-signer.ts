/** The three headers of a Standard Webhooks message. */
export interface WebhookSignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export type WebhookVerificationFailure = 'missing_headers' | 'invalid_timestamp' | 'timestamp_out_of_tolerance' | 'invalid_signature';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationFailure;

  constructor(reason: WebhookVerificationFailure, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

/** Standard Webhooks signing (HMAC-SHA256 over `id.timestamp.payload` with a `whsec_` secret). */
export interface WebhookSigner {
  sign(secret: string, message: { id: string; timestamp: Date; payload: string }): WebhookSignatureHeaders;
  /**
   * Checks the headers against the exact payload bytes as text: a valid `v1` signature among those sent,
   * and a timestamp within `toleranceSeconds` of `now` either way. Throws WebhookVerificationError otherwise.
   */
  verify(secret: string, payload: string, headers: Readonly<Record<string, string | undefined>>, options: { now: Date; toleranceSeconds: number }): void;
}
