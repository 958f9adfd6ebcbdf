/**
 * The closed list of error codes the service can answer with. The HTTP layer maps each code to exactly
 * one status (see http/errors/status-by-code.ts); nothing else invents codes.
 */
export const errorCodes = [
  'invalid_request',
  'invalid_json',
  'confirmation_required',
  'unauthorized',
  'agent_not_free',
  'agent_not_found',
  'playbook_not_found',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'idempotency_in_flight',
  'conflict',
  'gone',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'safety_blocked',
  'output_blocked',
  'idempotency_mismatch',
  'quota_exceeded',
  'free_limit_exceeded',
  'headers_too_large',
  'agent_failed',
  'internal',
  'upstream_unavailable',
  'not_migrated',
  'overloaded',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ValidationIssue {
  path: string;
  message: string;
}

/** An expected failure with a machine code. Extra fields are merged into the error body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    details: Record<string, unknown> = {},
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The most issues one 400 lists; past it the body says how many more there were (`issuesOmitted`). */
export const maxListedIssues = 50;

/** 400 `invalid_request` listing every issue (up to `maxListedIssues`, with the count of the rest). */
export function invalidRequest(issues: readonly ValidationIssue[]): AppError {
  const listed = issues.slice(0, maxListedIssues);
  const omitted = issues.length - listed.length;
  const summary = listed.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join('; ');
  const rest = omitted > 0 ? `; and ${omitted} more (the first ${maxListedIssues} are listed)` : '';
  return new AppError('invalid_request', `Invalid request: ${summary}${rest}`, omitted > 0 ? { issues: listed, issuesOmitted: omitted } : { issues: listed });
}
