import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { runEnvelopeSchema, runParamsSchema } from '../../../schemas/run-schemas.ts';

export function registerGetRun(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/runs/:runId', {
    schema: {
      tags: ['runs'],
      summary: 'A run: its state and result',
      description:
        'Any run, in one shape: an agent run that answered its request, an agent run started by a trigger and executed in the background, a playbook run (with its `steps`; each step\'s `agentRunId` is a run of its own, with `parentRunId` set). ' +
        "`kind` says which. Another account's run is 404.",
      security: bearerSecurity,
      params: runParamsSchema,
      response: { 200: runEnvelopeSchema, ...errorResponses(401, 404, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const found = await services.runs.find(accountOf(request).account.id, request.params.runId);
      return { success: true as const, data: found.view };
    },
  });
}
