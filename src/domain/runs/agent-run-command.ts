import type { RunAgentCommand } from '../agents/agent-runner.ts';
import type { AgentRunBody } from '../agents/agent-task.ts';
import type { AccountRunContext, AnonymousRunContext } from './run-context.ts';

/** What the caller asked to run: the agent and the request's body, under the request's id. */
export interface AgentRunRequest {
  agentId: string;
  body: AgentRunBody;
  requestId: string;
}

/**
 * The runner's command for a run started now, in the caller's context: an account's run is counted on its
 * plan and routed by its plan's policy; an anonymous one is counted on its client's free-tier window and
 * belongs to that client.
 */
export function agentRunCommand(context: AccountRunContext | AnonymousRunContext, request: AgentRunRequest): RunAgentCommand {
  if (context.surface === 'free') {
    return { surface: 'free', accountId: null, anonymousOwner: context.client, agentId: request.agentId, body: request.body, requestId: request.requestId, meter: context.meter };
  }
  return { surface: context.surface, accountId: context.account.id, agentId: request.agentId, body: request.body, requestId: request.requestId, meter: context.meter, planPolicy: context.planPolicy, planSafety: context.plan?.safety };
}
