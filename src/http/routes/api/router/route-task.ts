import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveAgentTask } from '../../../../domain/agents/agent-task.ts';
import { routingPolicies } from '../../../../domain/routing/routing-policy.ts';
import { requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';

const routeBodySchema = z.strictObject({
  prompt: z.string().min(1).max(1_000_000),
  agent: z.string().min(1).max(100).optional().describe('The agent that would run; without it the category is read from the prompt'),
  policy: z.enum(routingPolicies).optional(),
  model: z.string().min(1).max(200).optional(),
  fallback: z.boolean().optional(),
});

const decisionSchema = z.object({
  agent: z.string().nullable(),
  category: z.string(),
  policy: z.enum(routingPolicies),
  chain: z.array(z.object({ id: z.string(), provider: z.string(), contextWindow: z.number(), quality: z.string(), speed: z.string() })),
  reason: z.string(),
  signals: z.object({ code: z.boolean(), math: z.boolean(), nonEnglish: z.boolean(), longInput: z.boolean() }),
  estimatedInputTokens: z.number(),
  excluded: z.array(z.object({ model: z.string(), reason: z.string() })),
});

export function registerRouteTask(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/router/route', {
    schema: {
      tags: ['models'],
      summary: 'Explain a routing decision',
      description: 'The models a run would try, in order, and why; nothing runs and nothing is counted.',
      security: bearerSecurity,
      body: routeBodySchema,
      response: { 200: z.object({ success: z.literal(true), data: decisionSchema }), ...errorResponses(400, 401, 404, 410, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const account = request.account?.account;
      if (!account) throw new Error('requireAccount did not set the account');
      const { agent: agentId, prompt, ...choice } = request.body;
      const { planPolicy } = services.runContexts.forAccount(account, 'api');
      const agent = agentId ? services.runner.findAgent(agentId, 'api') : undefined;
      const decision = agent
        ? services.runner.route(agent, resolveAgentTask(agent, { prompt }), { ...choice, planPolicy })
        : services.runner.routePrompt(prompt, { ...choice, planPolicy });
      return {
        success: true as const,
        data: {
          agent: agent?.id ?? null,
          category: decision.category,
          policy: decision.policy,
          chain: decision.chain.map((model) => ({ id: model.id, provider: model.provider, contextWindow: model.contextWindow, quality: model.quality, speed: model.speed })),
          reason: decision.reason,
          signals: decision.signals,
          estimatedInputTokens: decision.estimatedInputTokens,
          excluded: decision.excluded,
        },
      };
    },
  });
}
