import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eventsOfLoggedRun } from '../../../../domain/runs/run-log-events.ts';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpOptions, HttpServices } from '../../../http-services.ts';
import { bearerSecurity } from '../../../schemas/common-schemas.ts';
import { runParamsSchema } from '../../../schemas/run-schemas.ts';
import { followDurableRun, lastEventIdOf, runEventsRouteSchema, runEventsStreamDescription, streamRunEvents } from '../../../streaming/run-event-stream.ts';

export function registerFollowRun(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/runs/:runId/events', {
    schema: {
      tags: ['runs'],
      summary: 'Follow a run (server-sent events)',
      description:
        'Any run. Events `run.started`, `step.started`, `step.completed`, `step.failed` (playbook runs and background agent runs), then `run.completed`, `run.failed` or `run.canceled`, each with an `id` (1, 2, 3… per run). ' +
        'An agent run that answered its request is stored once it ended: its stream is `run.started` then its end. ' +
        runEventsStreamDescription,
      security: bearerSecurity,
      params: runParamsSchema,
      ...runEventsRouteSchema,
    },
    onRequest: requireAccount(services),
    handler: async (request, reply) => {
      const accountId = accountOf(request).account.id;
      const found = await services.runs.find(accountId, request.params.runId);
      if ('durable' in found) {
        await followDurableRun(request, reply, { follower: services.playbookFollower, keepAliveMs: options.sseKeepAliveMs, runId: found.durable.id, accountId });
        return;
      }
      const after = lastEventIdOf(request);
      const events = eventsOfLoggedRun(found.view).filter((event) => event.sequence > after);
      await streamRunEvents(request, reply, options.sseKeepAliveMs, async function* () {
        yield* events;
      });
    },
  });
}
