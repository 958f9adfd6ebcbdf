/**
 * Keys whose values never reach the log, compared case-insensitively: credentials, and the text callers
 * send (prompts, request bodies, the messages an upstream error carries).
 */
const secretKeys = new Set(['authorization', 'cookie', 'apikey', 'api_key', 'key', 'password', 'secret', 'token', 'prompt', 'messages', 'body', 'requestbodyvalues']);
const censor = '[redacted]';
/** Deeper than anything the service logs; past it, values are dropped rather than inspected. */
const maxDepth = 6;

/**
 * A copy of a log object with secrets censored at any depth; the object itself when it holds none, so a
 * routine log line allocates nothing. Errors become plain objects (type, message, stack, own fields) so
 * their fields are censored too.
 */
export function redactSecrets(value: Record<string, unknown>): Record<string, unknown> {
  return redactObject(value, 0);
}

function redactObject(value: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const inner = value[key];
    const redacted = secretKeys.has(key.toLowerCase()) ? censor : redactValue(inner, depth + 1);
    if (redacted !== inner) {
      copy ??= { ...value };
      copy[key] = redacted;
    }
  }
  return copy ?? value;
}

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > maxDepth) return '[too deep]';
  if (value instanceof Error) return redactObject(plainError(value), depth);
  if (Array.isArray(value)) {
    const items = value.map((item) => redactValue(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  return redactObject(value as Record<string, unknown>, depth);
}

function plainError(error: Error): Record<string, unknown> {
  return { ...error, type: error.name, message: error.message, stack: error.stack, ...(error.cause === undefined ? {} : { cause: error.cause }) };
}
