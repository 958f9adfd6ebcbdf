import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpServices } from '../../../http-services.ts';
import { presentAgentDetail } from '../../../presenters/agent-presenter.ts';
import { agentDetailSchema, agentParamsSchema } from '../../../schemas/agent-schemas.ts';
import { errorResponses } from '../../../schemas/common-schemas.ts';

export function registerGetAgent(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/agents/:agent', {
    schema: {
      tags: ['agents'],
      summary: 'Describe an agent',
      description: 'Flags and the JSON Schemas of its input fields and output. Public.',
      params: agentParamsSchema,
      response: { 200: z.object({ success: z.literal(true), data: agentDetailSchema }), ...errorResponses(404, 410) },
    },
    handler: async (request) => {
      const agent = services.runner.findAgent(request.params.agent, 'api');
      return { success: true as const, data: presentAgentDetail(agent) };
    },
  });
}
