import { z } from 'zod';

/** One JSON-RPC 2.0 message; the MCP SDK checks the rest of its shape. */
const jsonRpcMessageSchema = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).optional(),
    method: z.string().min(1).max(200).optional(),
  })
  .describe('A JSON-RPC 2.0 request, notification or response of the Model Context Protocol');

/** A POST to /mcp: one message, or a batch of them. */
export const mcpBodySchema = z.union([jsonRpcMessageSchema, z.array(jsonRpcMessageSchema).min(1).max(100)]);

export const mcpSessionHeadersSchema = z.looseObject({
  'mcp-session-id': z.string().max(200).optional().describe('The session id the initialize answer gave (Mcp-Session-Id); every request after initialize sends it'),
  'mcp-protocol-version': z.string().max(40).optional().describe('The protocol version agreed at initialize'),
});

/** The protected resource metadata (RFC 9728) of /mcp. */
export const protectedResourceMetadataSchema = z.object({
  resource: z.string(),
  resource_name: z.string(),
  bearer_methods_supported: z.array(z.string()),
  resource_documentation: z.string(),
  authorization_servers: z.array(z.string()).optional(),
});
