/**
 * HTTP requests the service makes to addresses it is given (pages to audit, callbacks, Slack webhooks).
 * Implementations refuse private, loopback, link-local and metadata addresses unless allowed by
 * configuration, and bound time, size and redirects.
 */
export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** Whole request, redirects included. */
  timeoutMs?: number;
  /** The body is cut off (and the response marked truncated) past this many bytes. */
  maxBytes?: number;
  /** 0 means redirects are returned, not followed. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Where the last hop went, after redirects. */
  finalUrl: string;
  redirects: string[];
  truncated: boolean;
  /** Time to the end of the body, milliseconds. */
  elapsedMs: number;
}

export type OutboundFailureKind =
  | 'invalid_url'
  | 'refused_address'
  | 'dns_failed'
  | 'timeout'
  | 'too_many_redirects'
  | 'network';

export class OutboundError extends Error {
  readonly kind: OutboundFailureKind;

  constructor(kind: OutboundFailureKind, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'OutboundError';
    this.kind = kind;
  }
}

export interface OutboundHttp {
  /** Resolves for any HTTP status; throws OutboundError when no response could be had. */
  request(request: OutboundRequest): Promise<OutboundResponse>;
}

/** Whether the service may call an address, decided as a request to it would decide, without sending one. */
export interface DestinationCheck {
  /**
   * Throws OutboundError (`invalid_url`, `refused_address`) for an address no request would be sent to. A
   * host that does not resolve now is not refused: it may by the time it is called, which checks again.
   */
  checkDestination(url: string): Promise<void>;
}
