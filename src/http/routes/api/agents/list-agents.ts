import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpServices } from '../../../http-services.ts';
import { presentAgentSummary } from '../../../presenters/agent-presenter.ts';
import { agentListQuerySchema, agentSummarySchema } from '../../../schemas/agent-schemas.ts';
import { errorResponses } from '../../../schemas/common-schemas.ts';

export function registerListAgents(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/agents', {
    schema: {
      tags: ['agents'],
      summary: 'List agents',
      description: 'The catalog, optionally filtered by category and searched by words. Public.',
      querystring: agentListQuerySchema,
      response: { 200: z.object({ success: z.literal(true), data: z.array(agentSummarySchema), count: z.number() }), ...errorResponses(400) },
    },
    handler: async (request) => {
      const agents = services.catalog.search({ category: request.query.category, text: request.query.search });
      return { success: true as const, data: agents.map(presentAgentSummary), count: agents.length };
    },
  });
}
