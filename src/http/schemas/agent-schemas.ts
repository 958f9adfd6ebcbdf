import { z } from 'zod';
import { businessCategories, taskCategories } from '../../domain/agents/agent-definition.ts';
import { routingPolicies } from '../../domain/routing/routing-policy.ts';

export const agentParamsSchema = z.object({
  agent: z.string().min(1).max(100).describe('Agent id or alias, e.g. leads'),
});

export const agentRunBodySchema = z
  .looseObject({
    prompt: z.string().min(1).max(50_000).optional().describe('The task. Required unless the agent’s required fields are sent.'),
    confirmed: z.boolean().optional().describe('Must be true for agents with side effects or high cost (on /api)'),
    stream: z.boolean().optional().describe('Stream the answer as server-sent events (meta, delta, done, error); also with Accept: text/event-stream'),
    input: z.record(z.string(), z.unknown()).optional().describe('Agent-specific fields (may also be sent at top level)'),
    model: z.string().min(1).max(200).optional().describe('Pin a model by its registry id (GET /api/models); no fallback unless "fallback": true'),
    policy: z.enum(routingPolicies).optional().describe('Routing policy for this request, over the plan’s'),
    fallback: z.boolean().optional().describe('With a pinned model: fall back to other models when it fails'),
  })
  .describe('Agent run request: a prompt, and optional agent-specific fields');

const layerReportSchema = z.object({
  layer: z.enum(['jailbreak', 'pii', 'content', 'quality', 'critic']),
  stage: z.enum(['input', 'tool', 'output']).describe('tool: text a tool fetched from outside, screened before the model saw it'),
  verdict: z.enum(['pass', 'flag', 'redact', 'block']).describe('For quality and critic, block means below the bar; for fetched text, redact means the passages carrying instructions were removed'),
  score: z.number().describe('Jailbreak, PII, content: how likely unsafe (0-1). Quality, critic: how good (0-1)'),
  categories: z.array(z.string()).describe('Hazard categories, PII types, failed checks or criteria; never text'),
  findings: z.record(z.string(), z.number()).optional().describe('PII: count per type'),
  reviewer: z.string().optional().describe('Critic: the model that reviewed, or rubric'),
  ms: z.number(),
});

export const safetyReportSchema = z
  .object({
    passed: z.boolean().describe('No layer blocked the run or found the output below its bar'),
    layers: z.array(layerReportSchema).describe('Every layer that ran, in pipeline order'),
    regenerated: z.enum(['output_blocked', 'quality']).optional().describe('Why the output was generated again on the next model'),
  })
  .meta({ id: 'SafetyReport', description: 'The five safety layers: jailbreak, PII, content (input), jailbreak and PII on text tools fetched (tool), PII, content, quality, critic (output)' });

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
        repair: z.boolean().optional().describe('The call that asked the model to repair its previous answer: at most one per run'),
        error: z.string().optional(),
        repaired: z.array(z.string()).optional().describe('What code mended in the answer before checking it (`path: what`), with no model call'),
        problems: z.array(z.string()).optional().describe('Why the answer was not usable: schema problems, or promises to the request it broke'),
        unmet: z.array(z.string()).optional().describe('Promises to the request the kept answer still breaks: no model kept them within the run (at most 3 unusable answers)'),
        ms: z.number(),
      }),
    ),
    routing: z.object({
      category: z.string(),
      policy: z.string(),
      chain: z.array(z.string()).describe('Models in the order they would be tried'),
      reason: z.string(),
      signals: z.object({ code: z.boolean(), math: z.boolean(), nonEnglish: z.boolean(), longInput: z.boolean() }),
      skipped: z.array(z.object({ model: z.string(), reason: z.enum(['circuit_open', 'context_too_small', 'deadline']) })).optional(),
    }),
    usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), costUsd: z.number() }),
    safety: safetyReportSchema,
  }),
}).meta({ id: 'AgentRunEnvelope', description: "A finished agent run: the agent's output in `data`" });

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
}).meta({ id: 'AgentSummary' });

export const agentDetailSchema = agentSummarySchema.extend({
  tools: z.array(z.string()),
  inputSchema: z.record(z.string(), z.unknown()).nullable().describe('JSON Schema of the agent-specific fields'),
  outputSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of data in a successful run'),
  promises: z.array(z.string()).describe('What the output promises about the fields of a request, kept by code after the model answers (docs/agents.md)'),
}).meta({ id: 'AgentDetail' });

export const agentListQuerySchema = z.object({
  category: z.enum(businessCategories).optional(),
  search: z.string().min(1).max(200).optional().describe('Words to find in id, aliases, name, description or category: whole words, their starts, or words with a typo or two (one for 4-7 letters, two for longer); best matches first. At most 8 words are read'),
});
