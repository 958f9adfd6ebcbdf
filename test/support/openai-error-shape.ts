/** The service's own codes for the codes OpenAI's clients know, which the /v1 surface answers with instead. */
const serviceCodes: Record<string, string> = {
  invalid_api_key: 'unauthorized',
  rate_limit_exceeded: 'quota_exceeded',
  model_not_found: 'not_found',
  model_not_supported: 'invalid_request',
  unsupported_parameter: 'invalid_request',
};

/**
 * An error of the OpenAI-compatible surface (`{ error: { message, type, param, code, …details } }`) read as
 * the service's error envelope, so the checks every route passes apply to it too: `undefined` when the body
 * is not in OpenAI's shape.
 */
export function asServiceError(body: unknown, requestId: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null || Object.keys(body).length !== 1) return undefined;
  const { message, type, param, code, ...details } = error as Record<string, unknown>;
  if (typeof message !== 'string' || message === '' || typeof type !== 'string' || typeof code !== 'string' || (param !== null && typeof param !== 'string')) return undefined;
  return { success: false, error: message, code: serviceCodes[code] ?? code, requestId, ...details };
}
