import { JSONRPCMessageSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyRequest } from 'fastify';
import { invalidRequest, type ValidationIssue } from '../../domain/errors.ts';

/*
 * What the MCP SDK's transport would refuse in its own JSON-RPC format, checked before it sees the request
 * so that the refusal is the service's usual error body (400 invalid_request, every issue listed).
 */

/** The media types the transport requires the client to accept, refused here in the service's error body. */
export function requireAccept(request: FastifyRequest, types: string[]): void {
  const accept = String(request.headers.accept ?? '');
  const missing = types.filter((type) => !accept.includes(type));
  if (missing.length > 0) throw invalidRequest([{ path: 'headers.accept', message: `Must accept ${types.join(' and ')}` }]);
}

export function requireKnownProtocolVersion(request: FastifyRequest): void {
  const version = request.headers['mcp-protocol-version'];
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(version))) {
    throw invalidRequest([{ path: 'headers.mcp-protocol-version', message: `Unsupported protocol version; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}` }]);
  }
}

/** Every message a JSON-RPC 2.0 message (request, notification or response), each one that is not listed by its place in a batch. */
export function requireMessages(messages: unknown[]): void {
  const issues: ValidationIssue[] = messages.flatMap((message, index) =>
    JSONRPCMessageSchema.safeParse(message).success ? [] : [{ path: messages.length > 1 ? String(index) : '', message: 'Not a JSON-RPC 2.0 request, notification or response' }],
  );
  if (issues.length > 0) throw invalidRequest(issues);
}
