import type { ModelRouter, RoutingDecision } from '../../routing/model-router.ts';
import type { RoutingPolicy } from '../../routing/routing-policy.ts';
import type { Agent } from '../agent.ts';
import { buildInstructions } from '../agent-instructions.ts';
import { confirmationRequired, needsConfirmation } from '../confirmation-required.ts';
import type { RunAgentCommand } from './run-command.ts';
import type { RunInProgress } from './run-in-progress.ts';

/** What a caller may choose of the routing: a policy over the plan's, a pinned model, and whether it may fall back. */
export interface RoutingChoice {
  policy?: RoutingPolicy | undefined;
  planPolicy?: RoutingPolicy | undefined;
  model?: string | undefined;
  fallback?: boolean | undefined;
}

/** The routing decision a run of this agent on this task gets: its instructions count against the models' windows. */
export function routeTask(router: Pick<ModelRouter, 'route'>, agent: Agent, task: { prompt: string }, choice: RoutingChoice): RoutingDecision {
  return router.route({
    category: agent.taskCategory,
    prompt: task.prompt,
    overheadCharacters: buildInstructions(agent).length,
    policy: choice.policy,
    planPolicy: choice.planPolicy,
    pinnedModel: choice.model,
    fallback: choice.fallback,
  });
}

/** Whether this request must be confirmed first: its agent needs it on its surface, and the body does not say `confirmed: true`. */
export function awaitsConfirmation(command: Pick<RunAgentCommand, 'surface' | 'body'>, agent: Agent): boolean {
  return needsConfirmation(agent, command.surface) && command.body.confirmed !== true;
}

/**
 * Stage 4, route: the failover chain for the screened task, by the request's and the plan's choices. An
 * agent awaiting confirmation is refused here (400 with a preview of the route), before any tool or model works.
 */
export function routeRun(dependencies: { router: Pick<ModelRouter, 'route'> }, run: RunInProgress): RoutingDecision {
  const { command, agent, task } = run;
  const routing = routeTask(dependencies.router, agent, task, { ...command.body, planPolicy: command.planPolicy });
  if (awaitsConfirmation(command, agent)) throw confirmationRequired(agent, task, routing);
  return routing;
}
