import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpServices } from '../../../http-services.ts';
import { errorResponses } from '../../../schemas/common-schemas.ts';

const modelSchema = z.object({
  id: z.string(),
  provider: z.string(),
  name: z.string(),
  contextWindow: z.number(),
  maxOutputTokens: z.number(),
  pricing: z.object({ inputPerMillionUsd: z.number(), outputPerMillionUsd: z.number() }),
  capabilities: z.array(z.string()),
  quality: z.string(),
  speed: z.string(),
  suitedFor: z.array(z.string()),
  status: z.enum(['available', 'unconfigured', 'circuit_open']).describe('available: its provider is configured and its circuit closed'),
});

export function registerListModels(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/models', {
    schema: {
      tags: ['models'],
      summary: 'List models',
      description: 'The model registry, each model with its live status in this process. Public.',
      querystring: z.object({ provider: z.string().optional(), status: z.enum(['available', 'unconfigured', 'circuit_open']).optional() }),
      response: { 200: z.object({ success: z.literal(true), data: z.array(modelSchema), count: z.number() }), ...errorResponses(400) },
    },
    handler: async (request) => {
      const models = services.registry
        .list()
        .map((model) => ({ ...model, status: services.router.status(model) }))
        .filter((model) => (!request.query.provider || model.provider === request.query.provider) && (!request.query.status || model.status === request.query.status))
        .map(({ providerModelId: _providerModelId, ...model }) => model);
      return { success: true as const, data: models, count: models.length };
    },
  });
}
