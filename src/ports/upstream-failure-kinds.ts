/** Why a model call failed, as the failover policy needs to know it. */
export type UpstreamFailureKind =
  | 'timeout'
  | 'network'
  | 'rate_limited'
  | 'server_error'
  | 'bad_request'
  | 'authentication'
  | 'context_length'
  | 'invalid_output'
  /** A stream failed after text was already delivered: too late to try another model. */
  | 'interrupted'
  | 'unknown';

/** What a kind of failure means for the rest of the chain. */
export interface UpstreamFailureConduct {
  /** Another model may succeed where this one failed: the chain moves on. Otherwise it stops here. */
  readonly retryable: boolean;
  /** The failure says something is wrong with the model or its provider, so it counts against its circuit. */
  readonly blamesModel: boolean;
  /** The provider said it is overloaded: pause before calling it again for the next model. */
  readonly overloaded: boolean;
}

/**
 * The one table of what each kind of failure means. Which HTTP statuses and errors become which kind is
 * the provider adapter's business (classify-provider-error.ts); whether to go on is decided here, once.
 */
export const upstreamFailureConduct: Readonly<Record<UpstreamFailureKind, UpstreamFailureConduct>> = {
  timeout: { retryable: true, blamesModel: true, overloaded: false },
  network: { retryable: true, blamesModel: true, overloaded: false },
  rate_limited: { retryable: true, blamesModel: true, overloaded: true },
  server_error: { retryable: true, blamesModel: true, overloaded: true },
  // The request itself was refused: another model would refuse it too, and this one answered, so it is healthy.
  bad_request: { retryable: false, blamesModel: false, overloaded: false },
  // A key or model id this deployment has wrong for one provider: another provider may well work.
  authentication: { retryable: true, blamesModel: true, overloaded: false },
  // A model with a larger window may take the task (the failover skips the ones no larger).
  context_length: { retryable: true, blamesModel: true, overloaded: false },
  // Unusable output from this model says nothing about the next one.
  invalid_output: { retryable: true, blamesModel: true, overloaded: false },
  // Text already went to the caller: no other answer can replace it.
  interrupted: { retryable: false, blamesModel: true, overloaded: false },
  unknown: { retryable: true, blamesModel: true, overloaded: false },
};
