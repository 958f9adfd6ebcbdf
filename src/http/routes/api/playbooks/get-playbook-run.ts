import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { presentPlaybookRun } from '../../../presenters/playbook-run-presenter.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { playbookRunEnvelopeSchema, playbookRunParamsSchema } from '../../../schemas/playbook-run-schemas.ts';

export function registerGetPlaybookRun(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/playbooks/runs/:runId', {
    schema: {
      tags: ['playbooks'],
      summary: 'A playbook run and its steps',
      description: "Progress, every step's state, result and error. Another account's run is 404.",
      security: bearerSecurity,
      params: playbookRunParamsSchema,
      response: { 200: playbookRunEnvelopeSchema, ...errorResponses(401, 404, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const run = await services.playbookRuns.get(accountOf(request).account.id, request.params.runId);
      return { success: true as const, data: presentPlaybookRun(run, new Date()) };
    },
  });
}
