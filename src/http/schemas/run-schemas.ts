import { z } from 'zod';
import { routingPolicies } from '../../domain/routing/routing-policy.ts';
import { evenWithFieldIssues } from './common-schemas.ts';
import { playbookStepViewSchema } from './playbook-run-schemas.ts';
import { runKinds, runStatuses, startedRunSchema } from './started-run-schemas.ts';


export const runParamsSchema = z.object({ runId: z.string().min(1).max(64).describe('A run id: `run_…` (runs created before migration 0014 may have `agr_…` or `pbr_…` ids; they keep them)') });

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

const errorSchema = z.object({ code: z.string(), message: z.string() }).nullable();

/** What an execution went through, from the run log (docs/decisions/0066-run-traces.md). */
const executionDetailsShape = {
  usage: z
    .object({ inputTokens: z.number(), outputTokens: z.number(), costUsd: z.number() })
    .nullable()
    .describe("Tokens and cost of the model calls (the critic's included); a playbook run's is its steps' total on GET /api/runs/{runId}, null in lists"),
  safety: z
    .array(
      z.object({
        layer: z.string().describe('jailbreak, pii, content, quality or critic'),
        stage: z.string().describe('input, tool (text a tool fetched) or output'),
        verdict: z.string().describe('pass, flag, redact or block'),
        score: z.number(),
        categories: z.array(z.string()),
        findings: z.record(z.string(), z.number()).optional(),
        reviewer: z.string().optional(),
        ms: z.number(),
      }),
    )
    .nullable().describe('Every safety layer that ran, in pipeline order (verdicts and scores, never text); null where not known'),
  modelAttempts: z
    .array(
      z.object({
        model: z.string(),
        provider: z.string(),
        outcome: z.enum(['ok', 'error']),
        status: z.number().optional(),
        error: z.string().optional(),
        repair: z.boolean().optional(),
        ms: z.number(),
      }),
    )
    .nullable()
    .describe('The model calls of the failover chain, in order; null where not known'),
  routing: z.object({ category: z.string(), policy: z.string(), reason: z.string() }).nullable().describe('Why the router chose the chain'),
};

/** A playbook run's step as the run resource shows it: with its input and its execution's details. */
const runStepViewSchema = playbookStepViewSchema.extend({
  input: z.object({ prompt: z.string() }).nullable().describe("The task the step's agent was given; null until it starts, and in lists"),
  ...executionDetailsShape,
});

/** Every run in one shape (RunView): fields that do not apply to a kind are null, 0 or empty. */
export const runViewSchema = z
  .object({
    id: z.string(),
    kind: z.enum(runKinds),
    type: z.enum(runKinds).describe('Same as kind'),
    agent: z.string().nullable().describe("An agent run's agent; null for a playbook run"),
    playbookId: z.string().nullable(),
    playbookName: z.string().nullable(),
    parentRunId: z.string().nullable().describe('The playbook run this run is a step of; null for a run started on its own'),
    status: z.enum(runStatuses),
    done: z.boolean().describe('true once the run is done, failed or canceled'),
    progress: z.number().int().min(0).max(100),
    result: z.record(z.string(), z.unknown()).nullable().describe("An agent run's output (with the model that produced it) once done"),
    model: z.string().nullable(),
    error: errorSchema,
    agentRunId: z.string().nullable().describe("The execution in the run log that produced an agent run's result"),
    inputs: z.record(z.string(), z.unknown()).nullable().describe("A playbook run's inputs, a background agent run's body (PII as placeholders); null for a direct agent run"),
    stepCount: z.number().int(),
    stepsSucceeded: z.number().int(),
    stepsFailed: z.number().int(),
    currentStep: z.number().int().describe('-1 when no step is running'),
    steps: z.array(runStepViewSchema).describe("A playbook run's steps; empty for an agent run"),
    durationMs: z.number().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    statusUrl: z.string(),
    eventsUrl: z.string(),
    ...executionDetailsShape,
  })
  .meta({ id: 'Run', description: 'A run: an agent run (answered its request, or started by a trigger and executed in the background) or a playbook run' });

export const runEnvelopeSchema = z.object({ success: z.literal(true), data: runViewSchema }).meta({ id: 'RunEnvelope' });

export const listRunsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor from the previous page'),
  kind: z.enum(runKinds).optional(),
  agent: z.string().min(1).max(100).optional().describe('Agent runs of this agent'),
  playbook: z.string().min(1).max(64).optional().describe('Runs of this playbook'),
  status: z.enum(runStatuses).optional(),
  since: z.iso.datetime({ offset: true }).optional().describe('Runs created at or after this time (ISO 8601)'),
  until: z.iso.datetime({ offset: true }).optional().describe('Runs created before this time (ISO 8601)'),
});

export const runListSchema = z.object({
  success: z.literal(true),
  data: z.array(runViewSchema),
  meta: z.object({ limit: z.number().int(), nextCursor: z.string().nullable() }),
}).meta({ id: 'RunList' });


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
    when: evenWithFieldIssues,
  })
  .refine((body) => body.agent === undefined || (body.playbook_id === undefined && body.playbookId === undefined), {
    message: 'Send agent or playbook_id, not both',
    path: ['agent'],
    when: evenWithFieldIssues,
  })
  .describe('An agent run ({ agent, prompt | params }) or a playbook run ({ playbook_id, inputs }), JSON or form-encoded');

export const triggerQuerySchema = z.looseObject({
  account: z.string().min(1).max(128).optional().describe('Your account id: required when the request is authenticated by its Standard Webhooks signature'),
});

export const triggeredRunSchema = startedRunSchema;
