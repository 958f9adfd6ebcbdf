import type { Agent } from '../../domain/agents/agent.ts';
import type { AgentRunSuccess } from '../../domain/agents/agent-runner.ts';
import { describeAgentPromises } from '../../domain/agents/promises/describe-promise.ts';

export function presentAgentSummary(agent: Agent) {
  return {
    id: agent.id,
    name: agent.name,
    category: agent.category,
    taskCategory: agent.taskCategory,
    description: agent.description,
    readOnly: agent.readOnly,
    requiresConfirmation: agent.requiresConfirmation,
    v1: agent.v1,
    aliases: agent.aliases,
  };
}

export function presentAgentDetail(agent: Agent) {
  return {
    ...presentAgentSummary(agent),
    tools: agent.tools,
    inputSchema: agent.input ?? null,
    outputSchema: withModelField(agent.publicOutput),
    promises: describeAgentPromises(agent),
  };
}

/** A run's `data` carries the agent's output plus the model that produced it. */
export function withModelField(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = schema.properties as Record<string, unknown>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return {
    ...schema,
    properties: { ...properties, model: { type: 'string', description: 'The model that produced the output' } },
    required: [...required, 'model'],
  };
}

export function presentAgentRun(result: AgentRunSuccess) {
  return {
    success: true as const,
    data: result.data,
    responseTimeMs: result.responseTimeMs,
    meta: {
      runId: result.runId,
      agent: result.agent.id,
      model: result.model.id,
      provider: result.model.provider,
      attempts: result.attempts,
      routing: result.routing,
      usage: result.usage,
      safety: result.safety,
    },
  };
}
