import type { ErrorBody } from './generated/types.gen.ts';

/** An answer that was not a success: its status and the service's error envelope (`code`, `error`, `requestId`…). */
export class AgentApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | undefined;

  constructor(status: number, body: unknown) {
    const envelope = isErrorBody(body) ? body : undefined;
    super(envelope ? `${status} ${envelope.code}: ${envelope.error}` : `HTTP ${status}`);
    this.name = 'AgentApiError';
    this.status = status;
    this.body = envelope;
  }

  /** The machine-readable code, e.g. `quota_exceeded`; undefined when the body was not the error envelope. */
  get code(): ErrorBody['code'] | undefined {
    return this.body?.code;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && (value as { success?: unknown }).success === false && typeof (value as { code?: unknown }).code === 'string';
}
