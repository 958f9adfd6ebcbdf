import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../../domain/errors.ts';
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
      if (!playbook) throw new AppError('playbook_not_found', `Playbook "${request.params.playbook}" does not exist`, { available: services.playbooks.ids() });
      return { success: true as const, data: presentPlaybook(playbook) };
    },
  });
}
