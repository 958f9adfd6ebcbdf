import type { Agent } from '../../domain/agents/agent.ts';
import { withModelField } from '../presenters/agent-presenter.ts';

type Schemas = Record<string, unknown>;

/** `seo-audit` → `SeoAudit`: component names are identifiers in generated clients. */
export function pascalCase(id: string): string {
  return id
    .split(/[^a-zA-Z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

export const agentOutputName = (agent: Pick<Agent, 'id'>) => `${pascalCase(agent.id)}AgentOutput`;
export const agentInputName = (agent: Pick<Agent, 'id'>) => `${pascalCase(agent.id)}AgentInput`;
export const agentRunName = (agent: Pick<Agent, 'id'>) => `${pascalCase(agent.id)}AgentRun`;

/**
 * Per agent of the catalog: its public output (the run's `data`), its input fields, and its run envelope,
 * the `AgentRunEnvelope` with `meta.agent` fixed to the agent's id and `data` that output. Each carries
 * `x-agent-id` so a client generator can map agent ids to types.
 */
export function agentComponents(agents: readonly Agent[], envelope: Schemas): Schemas {
  const schemas: Schemas = {};
  const envelopeProperties = envelope.properties as Schemas;
  const meta = envelopeProperties.meta as Schemas;
  for (const agent of agents) {
    schemas[agentOutputName(agent)] = { ...withModelField(agent.publicOutput), title: `${agent.name}: output`, 'x-agent-id': agent.id };
    if (agent.input) schemas[agentInputName(agent)] = { ...agent.input, title: `${agent.name}: input`, 'x-agent-id': agent.id };
    schemas[agentRunName(agent)] = {
      ...envelope,
      title: `${agent.name}: run`,
      description: `A finished run of ${agent.id}`,
      'x-agent-id': agent.id,
      properties: {
        ...envelopeProperties,
        data: { $ref: `#/components/schemas/${agentOutputName(agent)}` },
        meta: { ...meta, properties: { ...(meta.properties as Schemas), agent: { type: 'string', const: agent.id } } },
      },
    };
  }
  return schemas;
}

/** A run's answer on a surface: exactly one agent's envelope, told apart by `meta.agent`. */
export function agentRunResponseSchema(agents: readonly Agent[]): Record<string, unknown> {
  return { anyOf: agents.map((agent) => ({ $ref: `#/components/schemas/${agentRunName(agent)}` })) };
}

/** The run body's `input`: the fields of one of the agents (which one is the path's). */
export function agentInputSchema(agents: readonly Agent[]): Record<string, unknown> {
  const withInput = agents.filter((agent) => agent.input);
  return {
    description: "Agent-specific fields (may also be sent at top level): the path's agent's input schema",
    anyOf: withInput.map((agent) => ({ $ref: `#/components/schemas/${agentInputName(agent)}` })),
  };
}
