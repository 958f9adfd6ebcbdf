import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { presentPlaybookRun } from '../../../presenters/playbook-run-presenter.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { playbookRunEnvelopeSchema, playbookRunParamsSchema } from '../../../schemas/playbook-run-schemas.ts';

export function registerCancelPlaybookRun(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/playbooks/runs/:runId/cancel', {
    schema: {
      tags: ['playbooks'],
      summary: 'Cancel a playbook run',
      description: 'A queued or running run stops: steps not finished become canceled and their quota units are given back (a step already running finishes, but its result is discarded). A run already done, failed or canceled is 409 `conflict`, with its `status`.',
      security: bearerSecurity,
      params: playbookRunParamsSchema,
      response: { 200: playbookRunEnvelopeSchema, ...errorResponses(401, 404, 409, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const run = await services.playbookRuns.cancel(accountOf(request).account.id, request.params.runId);
      return { success: true as const, data: presentPlaybookRun(run, new Date()) };
    },
  });
}
