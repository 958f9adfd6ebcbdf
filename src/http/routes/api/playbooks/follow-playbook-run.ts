import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpOptions, HttpServices } from '../../../http-services.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { playbookRunParamsSchema } from '../../../schemas/playbook-run-schemas.ts';
import { eventStreamResponse, followDurableRun, runEventsHeadersSchema, runEventsQuerySchema } from '../../../streaming/run-event-stream.ts';

export function registerFollowPlaybookRun(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/playbooks/runs/:runId/events', {
    schema: {
      tags: ['playbooks'],
      summary: 'Follow a playbook run (server-sent events)',
      description:
        'Events `run.started`, `step.started`, `step.completed`, `step.failed`, `run.completed`, `run.failed`, `run.canceled`, each with an `id` (1, 2, 3… per run). ' +
        'Every event so far is sent first; send `Last-Event-ID` (or `?lastEventId=`) to get only the ones after it. The stream ends after the run has ended; comment lines keep it alive meanwhile. ' +
        'Streams open at once are limited per run, per account and per server process (PLAYBOOK_FOLLOWERS_PER_RUN, _PER_ACCOUNT, _PER_PROCESS): past one, 503 `overloaded` with Retry-After.',
      security: bearerSecurity,
      params: playbookRunParamsSchema,
      querystring: runEventsQuerySchema,
      headers: runEventsHeadersSchema,
      response: { 200: eventStreamResponse, ...errorResponses(400, 401, 404, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request, reply) => {
      const accountId = accountOf(request).account.id;
      const run = await services.playbookRuns.get(accountId, request.params.runId);
      await followDurableRun(request, reply, { follower: services.playbookFollower, keepAliveMs: options.sseKeepAliveMs, runId: run.id, accountId });
    },
  });
}
