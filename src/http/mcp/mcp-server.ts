import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyBaseLogger } from 'fastify';
import type { HttpServices } from '../http-services.ts';
import { callAgentTool } from './mcp-agent-call.ts';
import { onCancellationSignal } from './mcp-call-cancellation.ts';
import { runnableBy, toolsFor } from './mcp-catalog.ts';
import { callerOf } from './mcp-caller.ts';
import { callPlaybookTool } from './mcp-playbook-call.ts';
import { listResources, readResource, runTemplate } from './mcp-resources.ts';
import { toolFailure } from './mcp-tool-results.ts';
import { toolTarget } from './mcp-tools.ts';

const instructions =
  'Each agent is a tool named by its id; each playbook is a tool named playbook_<id> that reports progress per step. ' +
  'Tools that act on the world need "confirmed": true. Runs count against your plan\'s daily quota and go through the safety layers, as on the REST API. ' +
  'Runs are resources (run://{id}); catalog://index lists what you can run.';

/**
 * One session's MCP server: the catalog as tools, runs and the catalog as resources, every call as the
 * authenticated caller. `stopping` says the process is shutting down: the SDK then aborts the calls in
 * progress as their session closes, and that is not their caller canceling them (see canceledByCaller).
 * `sessionId`: the session a server made for one request answers for (its transport has none of its own), so
 * that a cancellation signalled from another process finds its calls.
 */
export function buildMcpServer(services: HttpServices, options: { version: string; log: FastifyBaseLogger; stopping: () => boolean; sessionId?: string }): Server {
  const server = new Server(
    { name: 'agentapi', title: 'Agent Execution API', version: options.version },
    { capabilities: { tools: { listChanged: false }, resources: { listChanged: false } }, instructions },
  );

  server.setRequestHandler(ListToolsRequestSchema, async (_request, extra) => ({ tools: toolsFor(services, callerOf(extra).account) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const caller = callerOf(extra);
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    const target = toolTarget(name);
    const runnable = runnableBy(services, caller.account);
    const known = 'agentId' in target ? runnable.agents.some((agent) => agent.id === target.agentId) : runnable.playbooks.some((playbook) => playbook.id === target.playbookId);
    if (!known) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
    const canceling = new AbortController();
    const stopListening = onCancellationSignal(services.signals, extra.sessionId ?? options.sessionId, extra.requestId, () => canceling.abort('The caller canceled the call'));
    const canceled = canceledByCaller(AbortSignal.any([extra.signal, canceling.signal]), options.stopping);
    try {
      if ('agentId' in target) return await callAgentTool(services, caller, target.agentId, args, canceled);
      return await callPlaybookTool(services, caller, target.playbookId, args, { signal: extra.signal, canceled, progressToken: extra._meta?.progressToken, sendNotification: extra.sendNotification });
    } catch (error) {
      return toolFailure(error, caller.requestId, options.log);
    } finally {
      stopListening();
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) => ({ resources: await listResources(services, callerOf(extra)) }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [runTemplate] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => readResource(services, callerOf(extra), request.params.uri));
  return server;
}

/**
 * Aborted when the call's caller gave it up (`notifications/cancelled` here or in another process, or it
 * ended its session), not when the process is stopping: a stop lets agent runs finish and be recorded, and
 * leaves playbook runs to go on in the next process, as it does for the REST routes.
 */
function canceledByCaller(signal: AbortSignal, stopping: () => boolean): AbortSignal {
  const canceled = new AbortController();
  const relay = () => {
    if (!stopping()) canceled.abort(signal.reason);
  };
  if (signal.aborted) relay();
  else signal.addEventListener('abort', relay, { once: true });
  return canceled.signal;
}
