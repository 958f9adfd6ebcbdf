import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidRequest } from '../../domain/errors.ts';
import { accountOf, requireAccount } from '../hooks/require-account.ts';
import type { HttpOptions, HttpServices } from '../http-services.ts';
import { bearerSecurity, errorResponses } from '../schemas/common-schemas.ts';
import { mcpBodySchema, mcpSessionHeadersSchema, protectedResourceMetadataSchema } from '../schemas/mcp-schemas.ts';
import { canceledRequestIds, signalCancellations } from './mcp-call-cancellation.ts';
import { authInfoOf } from './mcp-caller.ts';
import type * as McpRuntimeModule from './mcp-runtime.ts';
import { McpSessionIds } from './mcp-session-ids.ts';
import { McpSessions } from './mcp-sessions.ts';
import { mcpChallenge, mcpPath, protectedResourceMetadata, protectedResourceMetadataPath } from './protected-resource.ts';

/** One client's session: its transport, and the server answering on it. */
interface McpSession {
  id: string;
  transport: StreamableHTTPServerTransport;
  close(): Promise<void>;
}

/** The MCP SDK and the server built on it, loaded by the first request to /mcp (see mcp-runtime.ts). */
type McpRuntime = typeof McpRuntimeModule;
let runtime: Promise<McpRuntime> | undefined;
const mcpRuntime = (): Promise<McpRuntime> =>
  (runtime ??= import('./mcp-runtime.ts').catch((error: unknown) => {
    runtime = undefined;
    throw error;
  }));

const description =
  'The Model Context Protocol over Streamable HTTP (see docs/mcp.md): every agent is a tool, every playbook a tool named `playbook_<id>` that reports progress per step, runs are resources (`run://{id}`). ' +
  'POST sends JSON-RPC messages (an `initialize` without `Mcp-Session-Id` opens a session; the answer is JSON or server-sent events), GET opens the session\'s stream of server messages, DELETE ends the session. ' +
  'Your API key as `Authorization: Bearer`; without a valid one, 401 with `WWW-Authenticate: Bearer resource_metadata="…"`. Runs count against your /api quota and go through the same safety layers.';

/**
 * `/mcp`, in a scope of its own: the MCP SDK's transport answers the protocol, after the service has
 * authenticated the caller and checked what the transport would otherwise refuse in its own format, so
 * every refusal is the service's usual error body. Sessions are bounded and expire (McpSessions).
 */
export function registerMcp(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  void app.register(async (scope) => {
    const sessions = new McpSessions<McpSession>(options.mcpSessions);
    let stopping = false;
    const sweeper = setInterval(() => void sessions.sweep(), Math.min(options.mcpSessions.idleMs, 60_000));
    sweeper.unref();
    // Before the server stops accepting: open streams would otherwise hold the close up. Calls in progress lose
    // their connection, but their runs are not canceled (see buildMcpServer's `stopping`).
    scope.addHook('preClose', async () => {
      stopping = true;
      clearInterval(sweeper);
      await sessions.closeAll();
    });
    // The MCP authorization specification's challenge: where this protected resource's metadata is.
    scope.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode === 401) reply.header('WWW-Authenticate', mcpChallenge(request));
      return payload;
    });

    const sessionIds = new McpSessionIds(options.mcpSessionKey ?? randomBytes(32));
    const openSession = async (mcp: McpRuntime, accountId: string): Promise<McpSession> => {
      const id = sessionIds.issue(accountId);
      const transport = new mcp.StreamableHTTPServerTransport({ sessionIdGenerator: () => id, onsessionclosed: () => sessions.forget(id) });
      transport.onclose = () => sessions.forget(id);
      const server = mcp.buildMcpServer(services, { version: options.version, log: scope.log, stopping: () => stopping });
      await server.connect(transport);
      const session: McpSession = { id, transport, close: () => server.close() };
      try {
        await sessions.open(id, accountId, session);
      } catch (error) {
        await session.close();
        throw error;
      }
      return session;
    };

    /**
     * A server for one request of a session another process holds (a worker of the same server, handed this
     * connection in turn): the id was issued to the caller, and this process did not end it. It answers that
     * request without a session of its own (the SDK's stateless mode) and closes when the request does.
     */
    const oneRequestSession = async (mcp: McpRuntime, sessionId: string): Promise<McpSession> => {
      const transport = new mcp.StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      const server = mcp.buildMcpServer(services, { version: options.version, log: scope.log, stopping: () => stopping, sessionId });
      await server.connect(transport);
      return { id: '', transport, close: () => server.close() };
    };

    /**
     * The caller's session. One that another process may hold (the id was issued to the caller, and this
     * process did not end it) is answered by a server made for the request (`POST`), refused as no stream
     * here (`GET`: 405, which the SDK's client takes as a server without one), or not found (`DELETE`).
     */
    const existingSession = async (request: FastifyRequest, heldElsewhere: { answer: McpRuntime } | 'no-stream' | 'not-found'): Promise<McpSession> => {
      const sessionId = request.headers['mcp-session-id'];
      if (typeof sessionId !== 'string' || sessionId === '') throw invalidRequest([{ path: 'headers.mcp-session-id', message: 'Required: send initialize first, then its Mcp-Session-Id on every request' }]);
      const accountId = accountOf(request).account.id;
      const session = sessions.find(sessionId, accountId);
      if (session) return session;
      if (heldElsewhere !== 'not-found' && !sessions.ended(sessionId) && sessionIds.issuedTo(sessionId, accountId)) {
        if (heldElsewhere !== 'no-stream') return oneRequestSession(heldElsewhere.answer, sessionId);
        throw new AppError('method_not_allowed', "This process does not hold the session's stream of server messages; the session goes on over POST", { allowed: ['POST'] });
      }
      throw new AppError('not_found', 'MCP session not found or expired: initialize a new one');
    };

    /** Hands the request to the session's transport, as the caller, and counts it as the session's activity until it ends. */
    const handOver = async (request: FastifyRequest, reply: FastifyReply, session: McpSession, body?: unknown): Promise<void> => {
      const end = sessions.begin(session.id);
      reply.raw.once('close', end);
      reply.hijack();
      reply.raw.setHeader('X-Request-Id', request.id);
      (request.raw as IncomingMessage & { auth?: AuthInfo }).auth = authInfoOf({ account: accountOf(request).account, requestId: request.id });
      if (session.id === '') reply.raw.once('close', () => void session.close());
      try {
        await session.transport.handleRequest(request.raw, reply.raw, body);
      } finally {
        // An initialize the transport refused opened nothing: its session is not kept.
        if (session.id !== '' && session.transport.sessionId === undefined) await sessions.close(session.id);
      }
    };

    const routeSchema = { tags: ['mcp'], summary: 'MCP endpoint (Streamable HTTP)', description, security: bearerSecurity, headers: mcpSessionHeadersSchema };
    const typed = scope.withTypeProvider<ZodTypeProvider>();

    typed.post(mcpPath, {
      schema: { ...routeSchema, body: mcpBodySchema, response: { 200: z.unknown().describe('JSON-RPC answers, as JSON or as server-sent events'), 202: z.unknown().describe('Notifications and responses accepted'), ...errorResponses(400, 401, 404, 413, 415, 503) } },
      onRequest: requireAccount(services),
      handler: async (request, reply) => {
        const mcp = await mcpRuntime();
        mcp.requireAccept(request, ['application/json', 'text/event-stream']);
        mcp.requireKnownProtocolVersion(request);
        const messages = Array.isArray(request.body) ? request.body : [request.body];
        mcp.requireMessages(messages);
        if (messages.some((message) => mcp.isInitializeRequest(message))) {
          if (request.headers['mcp-session-id'] !== undefined) throw invalidRequest([{ path: 'headers.mcp-session-id', message: 'initialize opens a new session: send it without Mcp-Session-Id' }]);
          if (messages.length > 1) throw invalidRequest([{ path: '', message: 'initialize must be sent alone' }]);
          await handOver(request, reply, await openSession(mcp, accountOf(request).account.id), request.body);
          return;
        }
        const session = await existingSession(request, { answer: mcp });
        // The call canceled may run in another process: every process hears it (mcp-call-cancellation.ts).
        const canceled = canceledRequestIds(messages);
        const sessionId = request.headers['mcp-session-id'];
        if (canceled.length > 0 && typeof sessionId === 'string') await signalCancellations(services.signals, sessionId, canceled, request.log);
        await handOver(request, reply, session, request.body);
      },
    });

    typed.get(mcpPath, {
      schema: { ...routeSchema, response: { 200: z.unknown().describe('The session\'s stream of server messages (server-sent events)'), ...errorResponses(400, 401, 404, 405, 503) } },
      onRequest: requireAccount(services),
      handler: async (request, reply) => {
        const mcp = await mcpRuntime();
        mcp.requireAccept(request, ['text/event-stream']);
        mcp.requireKnownProtocolVersion(request);
        await handOver(request, reply, await existingSession(request, 'no-stream'));
      },
    });

    typed.delete(mcpPath, {
      schema: { ...routeSchema, response: { 200: z.unknown().describe('The session ended'), ...errorResponses(400, 401, 404, 503) } },
      onRequest: requireAccount(services),
      handler: async (request, reply) => {
        (await mcpRuntime()).requireKnownProtocolVersion(request);
        await handOver(request, reply, await existingSession(request, 'not-found'));
      },
    });

    typed.get(protectedResourceMetadataPath, {
      schema: {
        tags: ['mcp'],
        summary: 'Protected resource metadata of /mcp (RFC 9728)',
        description: 'Where MCP clients learn how to authenticate to /mcp: a bearer token in the Authorization header (your API key). Public.',
        response: { 200: protectedResourceMetadataSchema },
      },
      handler: async (request) => protectedResourceMetadata(request),
    });
  });
}
