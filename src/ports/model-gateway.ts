import { upstreamFailureConduct, type UpstreamFailureKind } from './upstream-failure-kinds.ts';

export type { UpstreamFailureKind } from './upstream-failure-kinds.ts';

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
  /** A second try at output that failed its schema: the previous answer and what was wrong with it. */
  repair?: { previousText: string; problem: string };
  /** When set, the answer is streamed: each piece of text as it arrives. */
  onDelta?: (text: string) => void;
  /** Sampling the caller chose, when it chose any (the OpenAI-compatible surface passes them on). */
  sampling?: Sampling;
}

/** Sampling settings a caller may choose for a run: passed to the model as they are. */
export interface Sampling {
  temperature?: number;
  topP?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  /** The most tokens the model may write in one answer. */
  maxOutputTokens?: number;
}

export interface GenerationUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface GenerationResult {
  /** The parsed JSON output; the domain validates it against the agent's schema. */
  output: unknown;
  /** The text the model produced, for a repair request when the output fails its schema. */
  text: string;
  usage: GenerationUsage;
}

/** A failed upstream call, classified by kind; what the kind means for the failover comes with it. */
export class UpstreamError extends Error {
  readonly kind: UpstreamFailureKind;
  readonly status: number | undefined;
  /** Another model may succeed: the failover moves on. Decided by the kind, in upstream-failure-kinds.ts. */
  readonly retryable: boolean;
  /** Counts against the model's circuit. */
  readonly blamesModel: boolean;
  /** The provider is overloaded: pause before calling it again. */
  readonly overloaded: boolean;

  /** What the model wrote, when it wrote something unusable. */
  readonly outputText: string | undefined;

  constructor(kind: UpstreamFailureKind, message: string, options: { status?: number; cause?: unknown; outputText?: string } = {}) {
    super(message, { cause: options.cause });
    this.name = 'UpstreamError';
    this.kind = kind;
    this.status = options.status;
    const conduct = upstreamFailureConduct[kind];
    this.retryable = conduct.retryable;
    this.blamesModel = conduct.blamesModel;
    this.overloaded = conduct.overloaded;
    this.outputText = options.outputText;
  }
}

export interface ModelGateway {
  /** The providers that have the configuration they need (keys, base URLs). */
  configuredProviders(): ReadonlySet<string>;
  /**
   * Throws UpstreamError on failure. With `onDelta`, streams: a failure before the first piece of text is
   * an ordinary (often retryable) error; after it, kind `interrupted`.
   */
  generate(request: GenerationRequest): Promise<GenerationResult>;
}

/** What the domain asks of an embedding model: one vector per text. */
export interface EmbeddingRequest {
  provider: string;
  /** The id the provider itself knows the model by. */
  providerModelId: string;
  values: readonly string[];
  /** Shorter vectors than the model's default, where the model allows it. */
  dimensions?: number | undefined;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

export interface EmbeddingResult {
  /** One vector per value, in the values' order. */
  embeddings: number[][];
  /** The input tokens the provider counted; estimated (about four characters a token) when it reports none. */
  inputTokens: number;
  tokensEstimated: boolean;
}

/** Embedding calls: a gateway's second duty. Throws UpstreamError on failure, classified as for generation. */
export interface EmbeddingGateway {
  configuredProviders(): ReadonlySet<string>;
  /** The setting that turns a provider on (`OPENAI_API_KEY`), when the gateway knows it: named when one is missing. */
  enabledBy?(provider: string): string | undefined;
  embed(request: EmbeddingRequest): Promise<EmbeddingResult>;
}
