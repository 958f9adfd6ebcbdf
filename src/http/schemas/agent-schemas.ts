import { z } from 'zod';
import { businessCategories, taskCategories } from '../../domain/agents/agent-definition.ts';

export const agentParamsSchema = z.object({
  agent: z.string().min(1).max(100).describe('Agent id or alias, e.g. leads'),
});

export const agentRunBodySchema = z
  .looseObject({
    prompt: z.string().min(1).max(50_000).optional().describe('The task. Required unless the agent’s required fields are sent.'),
    confirmed: z.boolean().optional().describe('Must be true for agents with side effects or high cost (on /api)'),
    stream: z.boolean().optional().describe('Reserved for streamed responses'),
    input: z.record(z.string(), z.unknown()).optional().describe('Agent-specific fields (may also be sent at top level)'),
  })
  .describe('Agent run request: a prompt, and optional agent-specific fields');

export const agentRunEnvelopeSchema = z.object({
  success: z.literal(true),
  data: z.looseObject({ model: z.string().describe('The model that produced the output') }).describe('The agent output'),
  responseTimeMs: z.number(),
  meta: z.object({
    runId: z.string(),
    agent: z.string(),
    model: z.string(),
    provider: z.string(),
    attempts: z.array(
      z.object({
        model: z.string(),
        provider: z.string(),
        outcome: z.enum(['ok', 'error']),
        status: z.number().optional(),
        error: z.string().optional(),
        ms: z.number(),
      }),
    ),
    routing: z.object({ category: z.string(), policy: z.string(), chain: z.array(z.string()), reason: z.string() }),
    usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), costUsd: z.number() }),
  }),
});

export const agentSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(businessCategories),
  taskCategory: z.enum(taskCategories),
  description: z.string(),
  readOnly: z.boolean(),
  requiresConfirmation: z.boolean(),
  v1: z.boolean(),
  aliases: z.array(z.string()),
});

export const agentDetailSchema = agentSummarySchema.extend({
  tools: z.array(z.string()),
  inputSchema: z.record(z.string(), z.unknown()).nullable().describe('JSON Schema of the agent-specific fields'),
  outputSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of data in a successful run'),
});

export const agentListQuerySchema = z.object({
  category: z.enum(businessCategories).optional(),
  search: z.string().min(1).max(200).optional().describe('Words to find in id, name or description'),
});
