/** What the domain asks of a language model: structured JSON output for a task. */
export interface GenerationRequest {
  provider: string;
  /** The id the provider itself knows the model by. */
  providerModelId: string;
  instructions: string;
  prompt: string;
  /** JSON Schema (draft 2020-12 subset) the output must satisfy. */
  outputSchema: Record<string, unknown>;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface GenerationUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface GenerationResult {
  /** The parsed JSON output; the domain validates it against the agent's schema. */
  output: unknown;
  usage: GenerationUsage;
}

export type UpstreamFailureKind =
  | 'timeout'
  | 'network'
  | 'rate_limited'
  | 'server_error'
  | 'bad_request'
  | 'authentication'
  | 'context_length'
  | 'invalid_output'
  | 'unknown';

/** A failed upstream call, classified so the failover policy can tell whether to advance. */
export class UpstreamError extends Error {
  readonly kind: UpstreamFailureKind;
  readonly status: number | undefined;
  readonly retryable: boolean;

  constructor(kind: UpstreamFailureKind, message: string, options: { status?: number; retryable: boolean; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'UpstreamError';
    this.kind = kind;
    this.status = options.status;
    this.retryable = options.retryable;
  }
}

export interface ModelGateway {
  /** The providers that have the configuration they need (keys, base URLs). */
  configuredProviders(): ReadonlySet<string>;
  /** Throws UpstreamError on failure. */
  generate(request: GenerationRequest): Promise<GenerationResult>;
}
