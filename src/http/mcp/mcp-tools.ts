import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Agent } from '../../domain/agents/agent.ts';
import type { Playbook } from '../../domain/playbooks/playbook-catalog.ts';
import type { PlaybookField } from '../../domain/playbooks/playbook-definition.ts';
import type { Plan } from '../../domain/quotas/plan-table.ts';
import { withModelField } from '../presenters/agent-presenter.ts';

/**
 * Playbook tools are named `playbook_<id>`: agent ids are kebab-case, so the prefix never meets one, and
 * an agent and a playbook may share an id (`weekly-report`).
 */
export const playbookToolPrefix = 'playbook_';

/** What a tool name calls: an agent (its id) or a playbook (`playbook_<id>`). */
export function toolTarget(name: string): { agentId: string } | { playbookId: string } {
  return name.startsWith(playbookToolPrefix) ? { playbookId: name.slice(playbookToolPrefix.length) } : { agentId: name };
}

const promptProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 50_000,
  description: "The task in your own words. Optional when the agent's required fields are given instead.",
};

const confirmedProperty = {
  type: 'boolean',
  description: 'Must be true: this acts on the world or has a notable cost. Without it the call answers confirmation_required with a preview of what would run.',
};

/** An agent as a tool: its input fields plus `prompt` (and `confirmed` when it needs one); its output with `model`. */
export function agentTool(agent: Agent): Tool {
  const fields = (agent.input?.properties ?? {}) as Record<string, object>;
  return {
    name: agent.id,
    title: agent.name,
    description: agent.requiresConfirmation ? `${agent.description} Needs "confirmed": true.` : agent.description,
    inputSchema: {
      type: 'object',
      properties: { prompt: promptProperty, ...fields, ...(agent.requiresConfirmation ? { confirmed: confirmedProperty } : {}) },
      // A prompt or the agent's required fields: either will do, so no single field is required here.
      required: [],
    },
    outputSchema: withModelField(agent.publicOutput) as Tool['outputSchema'],
    annotations: { title: agent.name, readOnlyHint: agent.readOnly, destructiveHint: !agent.readOnly, openWorldHint: agent.tools.length > 0 },
  };
}

/** What a playbook tool answers: the run as it ended, each step with its result. */
const playbookOutputSchema = {
  type: 'object',
  properties: {
    runId: { type: 'string' },
    status: { type: 'string', description: 'done, failed or canceled' },
    result: { description: 'The output of the last step that succeeded', type: ['object', 'null'] },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          stepIndex: { type: 'integer' },
          agentName: { type: 'string' },
          status: { type: 'string' },
          result: { type: ['object', 'null'] },
          error: { type: ['object', 'null'] },
        },
        required: ['stepIndex', 'agentName', 'status'],
      },
    },
  },
  required: ['runId', 'status', 'steps'],
} as const;

/** A playbook as a tool: its fields as arguments (and `confirmed` when a step needs one). */
export function playbookTool(playbook: Playbook, needsConfirmation: boolean): Tool {
  const properties: Record<string, object> = Object.fromEntries(playbook.fields.map((field) => [field.key, fieldSchema(field)]));
  if (needsConfirmation) properties.confirmed = confirmedProperty;
  const steps = playbook.steps.map((step, index) => `${index + 1}. ${step.agent}`).join(', ');
  return {
    name: `${playbookToolPrefix}${playbook.id}`,
    title: playbook.name,
    description: `${playbook.description} Playbook of ${playbook.steps.length} steps (${steps}); reports progress per step.${needsConfirmation ? ' Needs "confirmed": true.' : ''}`,
    inputSchema: { type: 'object', properties, required: playbook.fields.filter((field) => field.required).map((field) => field.key) },
    outputSchema: playbookOutputSchema as unknown as Tool['outputSchema'],
    annotations: { title: playbook.name, readOnlyHint: false, destructiveHint: needsConfirmation, openWorldHint: true },
  };
}

function fieldSchema(field: PlaybookField): object {
  const description = { description: field.label };
  switch (field.type) {
    case 'number':
      return { type: 'number', ...description };
    case 'boolean':
      return { type: 'boolean', ...description };
    case 'select':
      return { type: 'string', enum: field.options ?? [], ...description };
    case 'url':
      return { type: 'string', maxLength: 2048, ...description };
    case 'text':
    case 'textarea':
      return { type: 'string', maxLength: 50_000, ...description };
  }
}

/**
 * Whether a plan can run a playbook at all: every step takes one unit of the day's quota when the run
 * starts, so a playbook with more steps than the plan's daily limit could never start on it.
 */
export function playbookFitsPlan(playbook: Playbook, plan: Plan | undefined): boolean {
  const limit = plan?.dailyLimit ?? null;
  return limit === null || playbook.steps.length <= limit;
}
