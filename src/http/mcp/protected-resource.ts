import type { FastifyRequest } from 'fastify';

/** Where the MCP endpoint is, and where its protected resource metadata (RFC 9728) is served. */
export const mcpPath = '/mcp';
export const protectedResourceMetadataPath = `/.well-known/oauth-protected-resource${mcpPath}`;

/** The origin the caller reached us at (through the proxies TRUST_PROXY believes). */
function originOf(request: FastifyRequest): string {
  // The Host header is the caller's text: only what a host and port may hold goes into a quoted header value.
  return `${request.protocol}://${request.host.replace(/[^A-Za-z0-9.:[\]-]/g, '')}`;
}

/**
 * The challenge of a 401 on /mcp, as the MCP authorization specification asks of a protected resource:
 * Bearer, with where its metadata is. A client reads there how to send credentials: our API key as a bearer.
 */
export function mcpChallenge(request: FastifyRequest): string {
  return `Bearer resource_metadata="${originOf(request)}${protectedResourceMetadataPath}"`;
}

/**
 * The metadata document. It names no authorization server: keys are issued by the service itself
 * (`agentapi keys create`, `POST /api/admin/keys`) and sent as `Authorization: Bearer`, not obtained by OAuth.
 */
export function protectedResourceMetadata(request: FastifyRequest) {
  return {
    resource: `${originOf(request)}${mcpPath}`,
    resource_name: 'Agent Execution API (MCP)',
    bearer_methods_supported: ['header'],
    resource_documentation: `${originOf(request)}/docs`,
  };
}
