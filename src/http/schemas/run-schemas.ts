import { z } from 'zod';
import { routingPolicies } from '../../domain/routing/routing-policy.ts';
import { playbookRunViewSchema } from './playbook-run-schemas.ts';

const runStatuses = ['queued', 'running', 'done', 'failed', 'canceled'] as const;

export const runParamsSchema = z.object({ runId: z.string().min(1).max(64).describe('run_… (a direct agent run), agr_… (an agent run started by a trigger) or pbr_… (a playbook run)') });

export const agentRunViewSchema = z.object({
  id: z.string(),
  type: z.literal('agent'),
  agent: z.string(),
  status: z.enum(runStatuses),
  done: z.boolean().describe('true once the run is done, failed or canceled'),
  result: z.record(z.string(), z.unknown()).nullable().describe("The agent's output (with the model that produced it) once done"),
  model: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  agentRunId: z.string().nullable().describe('The execution in the run log that produced the result'),
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  statusUrl: z.string(),
});

export const runEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.union([agentRunViewSchema, playbookRunViewSchema.extend({ type: z.literal('playbook'), statusUrl: z.string() })]),
});

/** Trigger bodies are JSON or form-encoded; these top-level keys are read as booleans in forms. */
export const triggerBooleanKeys = ['confirmed', 'fallback'] as const;

export const triggerBodySchema = z
  .looseObject({
    agent: z.string().min(1).max(100).optional().describe('The agent to run (or send playbook_id)'),
    prompt: z.string().min(1).max(50_000).optional().describe("The agent's task; may also be sent as params.prompt"),
    params: z.record(z.string(), z.unknown()).optional().describe('{ prompt, …agent fields }: the form older clients send'),
    input: z.record(z.string(), z.unknown()).optional().describe('Agent-specific fields (may also be sent at top level)'),
    confirmed: z.boolean().optional().describe('Required for agents and playbooks that act on the world or cost more'),
    model: z.string().min(1).max(200).optional().describe('Pin a model by its registry id'),
    policy: z.enum(routingPolicies).optional(),
    fallback: z.boolean().optional(),
    playbook_id: z.string().min(1).max(64).optional().describe('The playbook to run (or send agent)'),
    playbookId: z.string().min(1).max(64).optional().describe('Same as playbook_id'),
    inputs: z.record(z.string(), z.unknown()).optional().describe("Values for the playbook's fields"),
    callbackUrl: z.string().min(1).max(2048).optional().describe('Where the outcome is POSTed when the run ends, signed with your webhook secret'),
    webhook_url: z.string().min(1).max(2048).optional().describe('Same as callbackUrl'),
  })
  .refine((body) => body.agent !== undefined || body.playbook_id !== undefined || body.playbookId !== undefined, {
    message: 'Required: agent (with prompt or params) or playbook_id (with inputs)',
    path: ['agent'],
  })
  .refine((body) => body.agent === undefined || (body.playbook_id === undefined && body.playbookId === undefined), {
    message: 'Send agent or playbook_id, not both',
    path: ['agent'],
  })
  .describe('An agent run ({ agent, prompt | params }) or a playbook run ({ playbook_id, inputs }), JSON or form-encoded');

export const triggerQuerySchema = z.looseObject({
  account: z.string().min(1).max(128).optional().describe('Your account id: required when the request is authenticated by its Standard Webhooks signature'),
});

export const triggeredRunSchema = z.object({
  success: z.literal(true),
  runId: z.string(),
  status: z.enum(runStatuses),
  statusUrl: z.string().describe('GET it for the run state and result'),
  data: z.object({ runId: z.string(), type: z.enum(['agent', 'playbook']), status: z.enum(runStatuses), statusUrl: z.string() }),
});
