import { AppError } from '../errors.ts';
import type { RoutingDecision } from '../routing/model-router.ts';
import type { Agent, RunSurface } from './agent.ts';
import type { AgentTask } from './agent-task.ts';

/**
 * Whether a run of the agent on this surface waits for `confirmed: true`: agents flagged
 * `requiresConfirmation` do on /api. The versioned v1 surface has no confirmation step (it serves programs,
 * and only agents flagged v1), and the free tier runs no agent that needs one (see isFreeAgent).
 */
export function needsConfirmation(agent: Pick<Agent, 'requiresConfirmation'>, surface: RunSurface): boolean {
  return surface === 'api' && agent.requiresConfirmation;
}

/** 400 `confirmation_required`, with a preview of what would run: the agent, the model, the task. */
export function confirmationRequired(agent: Agent, task: AgentTask, routing: RoutingDecision): AppError {
  const model = routing.chain[0];
  return new AppError('confirmation_required', `Agent "${agent.id}" needs confirmed: true to run`, {
    preview: {
      agent: agent.id,
      name: agent.name,
      description: agent.description,
      readOnly: agent.readOnly,
      model: model?.id,
      provider: model?.provider,
      task: task.prompt.length > 500 ? `${task.prompt.slice(0, 500)}…` : task.prompt,
      fields: Object.keys(task.fields),
      next: 'Send the same request with "confirmed": true to run it.',
    },
  });
}
