import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeadersSchema } from '../../../hooks/idempotency-hooks.ts';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import { usageHeadersOnSend } from '../../../hooks/usage-headers-hook.ts';
import type { HttpServices } from '../../../http-services.ts';
import { playbookRunUrls } from '../../../presenters/playbook-run-presenter.ts';
import { presentStartedRun } from '../../../presenters/started-run-presenter.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { playbookRunParamsSchema, startedPlaybookRunSchema } from '../../../schemas/playbook-run-schemas.ts';
import { setQuotaHeaders } from '../../../usage-headers.ts';

export function registerResumePlaybookRun(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/playbooks/runs/:runId/resume', {
    schema: {
      tags: ['playbooks'],
      summary: 'Resume a failed or canceled playbook run',
      description: 'Runs again every step that is not done, from the first failed (or canceled) one; done steps keep their results. Reserves those steps on today\'s quota (429 when they do not fit). Any other state is 409.',
      security: bearerSecurity,
      params: playbookRunParamsSchema,
      headers: idempotencyHeadersSchema,
      response: { 202: startedPlaybookRunSchema, ...errorResponses(400, 401, 404, 409, 422, 429, 503) },
    },
    config: { idempotency: {} },
    onRequest: requireAccount(services),
    onSend: usageHeadersOnSend((request) => request.account && services.runContexts.meterOf(request.account.account, 'api'), setQuotaHeaders),
    handler: async (request, reply) => {
      const run = await services.playbookRuns.resume(accountOf(request).account, request.params.runId);
      reply.header('Location', playbookRunUrls(run.id).pollUrl);
      return reply.code(202).send(presentStartedRun(run));
    },
  });
}
