import { z } from 'zod';
import { evenWithFieldIssues } from './common-schemas.ts';
import { runStatuses } from './started-run-schemas.ts';

const stepStatuses = ['pending', 'running', 'done', 'failed', 'skipped', 'canceled'] as const;

const errorSchema = z.object({ code: z.string(), message: z.string() }).nullable();

export const startPlaybookBodySchema = z
  .object({
    playbook_id: z.string().min(1).max(64).optional(),
    playbookId: z.string().min(1).max(64).optional().describe('Same as playbook_id'),
    inputs: z.record(z.string(), z.unknown()).default({}).describe("Values for the playbook's fields"),
    async: z.boolean().default(true).describe('false: wait for the end (bounded) and answer 200 with the run'),
    confirmed: z.boolean().optional().describe('Required when a step runs an agent that needs confirmation'),
    callbackUrl: z.string().min(1).max(2048).optional().describe('Where the outcome is POSTed when the run ends, signed with your webhook secret'),
    webhook_url: z.string().min(1).max(2048).optional().describe('Same as callbackUrl'),
  })
  .refine((body) => body.playbook_id !== undefined || body.playbookId !== undefined, { message: 'Required: playbook_id (or playbookId)', path: ['playbook_id'], when: evenWithFieldIssues });

export const playbookRunParamsSchema = z.object({ runId: z.string().min(1).max(64) });

export const listPlaybookRunsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor from the previous page'),
});

export const playbookStepViewSchema = z.object({
  stepIndex: z.number().int(),
  agentName: z.string(),
  reason: z.string(),
  optional: z.boolean(),
  status: z.enum(stepStatuses),
  result: z.record(z.string(), z.unknown()).nullable().describe("The agent's output (with the model that produced it) once the step is done"),
  error: errorSchema,
  model: z.string().nullable(),
  agentRunId: z.string().nullable(),
  attempts: z.number().int(),
  durationMs: z.number().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});

export const playbookRunViewSchema = z.object({
  id: z.string(),
  playbookId: z.string(),
  playbookName: z.string(),
  status: z.enum(runStatuses),
  inputs: z.record(z.string(), z.unknown()),
  stepCount: z.number().int(),
  stepsSucceeded: z.number().int(),
  stepsFailed: z.number().int(),
  currentStep: z.number().int().describe('-1 when no step is running'),
  progress: z.number().int().min(0).max(100),
  done: z.boolean().describe('true once the run is done, failed or canceled'),
  durationMs: z.number().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  error: errorSchema,
  steps: z.array(playbookStepViewSchema),
});

export const playbookRunEnvelopeSchema = z.object({ success: z.literal(true), data: playbookRunViewSchema });

export { startedRunSchema as startedPlaybookRunSchema } from './started-run-schemas.ts';
