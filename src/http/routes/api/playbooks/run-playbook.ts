import type { FastifyInstance } from 'fastify';
import { isRunFinished } from '../../../../domain/playbooks/playbook-run-state.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idempotencyHeadersSchema } from '../../../hooks/idempotency-hooks.ts';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import { usageHeadersOnSend } from '../../../hooks/usage-headers-hook.ts';
import type { HttpOptions, HttpServices } from '../../../http-services.ts';
import { playbookRunUrls, presentPlaybookRun } from '../../../presenters/playbook-run-presenter.ts';
import { presentStartedRun } from '../../../presenters/started-run-presenter.ts';
import { asRecord } from '../../../request-issues.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { playbookRunEnvelopeSchema, startedPlaybookRunSchema, startPlaybookBodySchema } from '../../../schemas/playbook-run-schemas.ts';
import { setQuotaHeaders } from '../../../usage-headers.ts';

export function registerRunPlaybook(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  app.withTypeProvider<ZodTypeProvider>().post('/api/playbooks/run', {
    schema: {
      tags: ['playbooks'],
      summary: 'Start a playbook run',
      description:
        "Validates the inputs against the playbook's fields and reserves one unit of today's quota per step (units of steps that do not succeed are given back). " +
        'With `callbackUrl` (or `webhook_url`), the outcome is POSTed there when the run ends (`playbook.completed` or `playbook.failed`), signed with your webhook secret. ' +
        'By default answers 202 at once, with the URLs to poll and to follow as server-sent events; `async: false` waits for the end (up to PLAYBOOK_SYNC_WAIT_MS) and answers 200 with the run, or 202 if it is still going.',
      security: bearerSecurity,
      headers: idempotencyHeadersSchema,
      body: startPlaybookBodySchema,
      response: { 200: playbookRunEnvelopeSchema, 202: startedPlaybookRunSchema, ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429, 503) },
    },
    config: {
      idempotency: {},
      furtherIssues: (request) => {
        const body = asRecord(request.body);
        const playbookId = body.playbook_id ?? body.playbookId;
        return typeof playbookId === 'string' ? services.playbookRuns.inputIssues(playbookId, body.inputs) : [];
      },
    },
    onRequest: requireAccount(services),
    onSend: usageHeadersOnSend((request) => request.account && services.runContexts.meterOf(request.account.account, 'api'), setQuotaHeaders),
    handler: async (request, reply) => {
      const { account } = accountOf(request);
      const body = request.body;
      const run = await services.playbookRuns.start({
        account,
        playbookId: (body.playbook_id ?? body.playbookId) as string,
        inputs: body.inputs,
        confirmed: body.confirmed === true,
        requestId: request.id,
        callbackUrl: body.callbackUrl ?? body.webhook_url,
      });
      reply.header('Location', playbookRunUrls(run.id).pollUrl);
      if (!body.async) {
        const finished = await services.playbookFollower.waitForEnd(run.id, options.playbookSyncWaitMs);
        if (finished && isRunFinished(finished.status)) {
          return reply.code(200).send({ success: true as const, data: presentPlaybookRun(finished, new Date()) });
        }
      }
      return reply.code(202).send(presentStartedRun(run));
    },
  });
}
