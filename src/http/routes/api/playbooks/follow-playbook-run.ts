import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpOptions, HttpServices } from '../../../http-services.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { playbookRunParamsSchema } from '../../../schemas/playbook-run-schemas.ts';
import { logStream, openEventStream } from '../../../streaming/event-stream.ts';

const lastEventIdSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

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
      querystring: z.object({ lastEventId: lastEventIdSchema.optional() }),
      headers: z.looseObject({ 'last-event-id': lastEventIdSchema.optional() }),
      response: { 200: z.string().describe('text/event-stream'), ...errorResponses(400, 401, 404, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request, reply) => {
      const accountId = accountOf(request).account.id;
      const run = await services.playbookRuns.get(accountId, request.params.runId);
      const after = request.headers['last-event-id'] ?? request.query.lastEventId ?? 0;
      // Taken before the stream starts, so a refusal is still a JSON answer; given back however the stream ends.
      const slot = services.playbookFollower.admit(run.id, accountId);
      try {
        const stream = openEventStream(request, reply, { keepAliveMs: options.sseKeepAliveMs });
        try {
          for await (const event of services.playbookFollower.follow(run.id, after, stream.signal)) {
            stream.send({ id: String(event.sequence), event: event.type, data: event.data });
          }
        } finally {
          stream.end();
          logStream(request, reply, 'done');
        }
      } finally {
        slot.release();
      }
    },
  });
}
