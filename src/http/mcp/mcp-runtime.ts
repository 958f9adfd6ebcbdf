/**
 * What a request to /mcp needs of the MCP SDK, in one module that registerMcp loads on the first such
 * request: the SDK's protocol schemas, transport and server (with zod 3 and its JSON Schema converter,
 * which the SDK brings) are a few megabytes of every process's memory that a service nobody reaches over MCP
 * never needs.
 */
export { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
export { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
export { buildMcpServer } from './mcp-server.ts';
export { requireAccept, requireKnownProtocolVersion, requireMessages } from './mcp-request-checks.ts';
