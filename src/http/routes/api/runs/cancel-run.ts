import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../../../domain/errors.ts';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { runEnvelopeSchema, runParamsSchema } from '../../../schemas/run-schemas.ts';

export function registerCancelRun(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/runs/:runId/cancel', {
    schema: {
      tags: ['runs'],
      summary: 'Cancel a run',
      description:
        'A queued or running run (a playbook run, or an agent run started by a trigger) stops: steps not finished become canceled and their quota units are given back (a step already running finishes, but its result is discarded). ' +
        'A run already done, failed or canceled, and an agent run that answered its request, is 409 `conflict`, with its `status`.',
      security: bearerSecurity,
      params: runParamsSchema,
      response: { 200: runEnvelopeSchema, ...errorResponses(401, 404, 409, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const accountId = accountOf(request).account.id;
      const found = await services.runs.find(accountId, request.params.runId);
      if (!('durable' in found)) throw new AppError('conflict', `Run "${found.view.id}" is already ${found.view.status}; only queued or running runs can be canceled`, { status: found.view.status });
      const run = await services.playbookRuns.cancel(accountId, found.durable.id, 'any');
      return { success: true as const, data: services.runs.viewOf(run) };
    },
  });
}
