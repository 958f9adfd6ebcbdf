import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpOptions, HttpServices } from '../../../http-services.ts';
import { bearerSecurity } from '../../../schemas/common-schemas.ts';
import { playbookRunParamsSchema } from '../../../schemas/playbook-run-schemas.ts';
import { followDurableRun, runEventsRouteSchema, runEventsStreamDescription } from '../../../streaming/run-event-stream.ts';

export function registerFollowPlaybookRun(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/playbooks/runs/:runId/events', {
    schema: {
      tags: ['playbooks'],
      summary: 'Follow a playbook run (server-sent events)',
      description:
        'Events `run.started`, `step.started`, `step.completed`, `step.failed`, `run.completed`, `run.failed`, `run.canceled`, each with an `id` (1, 2, 3… per run). ' +
        runEventsStreamDescription,
      security: bearerSecurity,
      params: playbookRunParamsSchema,
      ...runEventsRouteSchema,
    },
    onRequest: requireAccount(services),
    handler: async (request, reply) => {
      const accountId = accountOf(request).account.id;
      const run = await services.playbookRuns.get(accountId, request.params.runId);
      await followDurableRun(request, reply, { follower: services.playbookFollower, keepAliveMs: options.sseKeepAliveMs, runId: run.id, accountId });
    },
  });
}
