import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { playbookNotFound } from '../../../../domain/playbooks/playbook-not-found.ts';
import type { HttpServices } from '../../../http-services.ts';
import { presentPlaybook } from '../../../presenters/playbook-presenter.ts';
import { errorResponses } from '../../../schemas/common-schemas.ts';
import { playbookParamsSchema, playbookSchema } from '../../../schemas/playbook-schemas.ts';

export function registerGetPlaybook(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/playbooks/:playbook', {
    schema: {
      tags: ['playbooks'],
      summary: 'Describe a playbook',
      description: 'Its inputs and steps. Public.',
      params: playbookParamsSchema,
      response: { 200: z.object({ success: z.literal(true), data: playbookSchema }), ...errorResponses(404) },
    },
    handler: async (request) => {
      const playbook = services.playbooks.find(request.params.playbook);
      if (!playbook) throw playbookNotFound(request.params.playbook, services.playbooks.ids());
      return { success: true as const, data: presentPlaybook(playbook) };
    },
  });
}
