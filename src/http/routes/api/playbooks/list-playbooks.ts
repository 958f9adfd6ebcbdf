import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpServices } from '../../../http-services.ts';
import { presentPlaybook } from '../../../presenters/playbook-presenter.ts';
import { playbookSchema } from '../../../schemas/playbook-schemas.ts';

export function registerListPlaybooks(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/playbooks', {
    schema: {
      tags: ['playbooks'],
      summary: 'List playbooks',
      description: 'Multi-step workflows: their inputs and the agents they run, in order. Public.',
      response: { 200: z.object({ success: z.literal(true), data: z.array(playbookSchema), count: z.number() }) },
    },
    handler: async () => {
      const playbooks = services.playbooks.list();
      return { success: true as const, data: playbooks.map(presentPlaybook), count: playbooks.length };
    },
  });
}
