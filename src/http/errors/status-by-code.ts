import type { ErrorCode } from '../../domain/errors.ts';

/** The one table from error code to HTTP status. */
export const statusByCode: Readonly<Record<ErrorCode, number>> = {
  invalid_request: 400,
  invalid_json: 400,
  confirmation_required: 400,
  unauthorized: 401,
  agent_not_free: 403,
  agent_not_found: 404,
  playbook_not_found: 404,
  not_found: 404,
  idempotency_in_flight: 409,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  safety_blocked: 422,
  output_blocked: 422,
  idempotency_mismatch: 422,
  quota_exceeded: 429,
  free_limit_exceeded: 429,
  agent_failed: 500,
  internal: 500,
  upstream_unavailable: 502,
  not_migrated: 503,
  overloaded: 503,
};
