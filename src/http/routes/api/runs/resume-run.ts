import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../../../domain/errors.ts';
import { idempotencyHeadersSchema } from '../../../hooks/idempotency-hooks.ts';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import { usageHeadersOnSend } from '../../../hooks/usage-headers-hook.ts';
import type { HttpServices } from '../../../http-services.ts';
import { presentStartedRun } from '../../../presenters/started-run-presenter.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { runParamsSchema } from '../../../schemas/run-schemas.ts';
import { startedRunSchema } from '../../../schemas/started-run-schemas.ts';
import { setQuotaHeaders } from '../../../usage-headers.ts';

export function registerResumeRun(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/runs/:runId/resume', {
    schema: {
      tags: ['runs'],
      summary: 'Resume a failed or canceled run',
      description:
        "A playbook run, or an agent run started by a trigger: every step that is not done runs again, from the first failed (or canceled) one; done steps keep their results. Reserves those steps on today's quota (429 when they do not fit). " +
        'Any other state is 409, as is an agent run that answered its request (send the request again instead).',
      security: bearerSecurity,
      params: runParamsSchema,
      headers: idempotencyHeadersSchema,
      response: { 202: startedRunSchema, ...errorResponses(400, 401, 404, 409, 422, 429, 503) },
    },
    config: { idempotency: {} },
    onRequest: requireAccount(services),
    onSend: usageHeadersOnSend((request) => request.account && services.runContexts.meterOf(request.account.account, 'api'), setQuotaHeaders),
    handler: async (request, reply) => {
      const { account } = accountOf(request);
      const found = await services.runs.find(account.id, request.params.runId);
      if (!('durable' in found)) throw new AppError('conflict', `Run "${found.view.id}" is ${found.view.status}; only failed or canceled runs can be resumed`, { status: found.view.status });
      const run = await services.playbookRuns.resume(account, found.durable.id, 'any');
      const started = presentStartedRun(run);
      return reply.code(202).header('Location', started.statusUrl).send(started);
    },
  });
}
