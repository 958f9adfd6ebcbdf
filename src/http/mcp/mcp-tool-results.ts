import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../domain/errors.ts';

/** A tool's answer: the structured data, the same as JSON text for hosts that read text only, and a link to its run. */
export function toolSuccess(data: Record<string, unknown>, runId: string, options: { isError?: boolean } = {}): CallToolResult {
  return {
    structuredContent: data,
    content: [
      { type: 'text', text: JSON.stringify(data) },
      { type: 'resource_link', uri: `run://${runId}`, name: runId, title: 'The run', mimeType: 'application/json' },
    ],
    ...(options.isError ? { isError: true } : {}),
  };
}

/**
 * A refused or failed call as a tool error (`isError: true`), not a protocol error: the model sees why, in
 * the body /api would have answered (`error`, `code` and the same details). A bug is logged and shown as
 * `internal`, without its stack.
 */
export function toolFailure(error: unknown, requestId: string, log: FastifyBaseLogger): CallToolResult {
  const refusal = error instanceof AppError ? error : internal(error, log);
  // What /api says in Retry-After (429, 502, 503) goes in the body: a tool result has no headers.
  const retry = refusal.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: refusal.retryAfterSeconds };
  const body = { success: false, error: refusal.message, code: refusal.code, requestId, ...refusal.details, ...retry };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

function internal(error: unknown, log: FastifyBaseLogger): AppError {
  log.error({ err: error }, 'MCP tool call failed');
  return new AppError('internal', 'Internal server error');
}
