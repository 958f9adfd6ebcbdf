import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { invalidRequest } from '../../domain/errors.ts';
import { agentRunCommand } from '../../domain/runs/agent-run-command.ts';
import type { HttpServices } from '../http-services.ts';
import { agentRunBodySchema } from '../schemas/agent-schemas.ts';
import type { McpCaller } from './mcp-caller.ts';
import { toolSuccess } from './mcp-tool-results.ts';

/**
 * Runs an agent for a tool call exactly as `POST /api/agents/{agent}` would (the same body rules, the /api
 * surface, the caller's plan, quota and safety), never streamed. The call's abort signal cancels the run.
 * Refusals are thrown as the AppErrors /api answers with.
 */
export async function callAgentTool(services: HttpServices, caller: McpCaller, agentId: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
  const parsed = agentRunBodySchema.safeParse(args);
  if (!parsed.success) throw invalidRequest(parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
  const { stream: _stream, ...body } = parsed.data;
  const context = services.runContexts.forAccount(caller.account, 'api');
  const command = agentRunCommand(context, { agentId, body, requestId: caller.requestId });
  const result = await services.runner.run({ ...command, signal });
  return toolSuccess(result.data, result.runId);
}
