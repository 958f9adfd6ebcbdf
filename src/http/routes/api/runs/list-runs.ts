import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { listRunsQuerySchema, runListSchema } from '../../../schemas/run-schemas.ts';

export function registerListRuns(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/runs', {
    schema: {
      tags: ['runs'],
      summary: 'Your runs',
      description:
        'Every run you started, newest first: agent runs (answered, or started by a trigger) and playbook runs, in the shape GET /api/runs/{id} answers. ' +
        "A playbook's steps show inside their run, not in this list. Filter by `kind`, `agent`, `playbook`, `status`, and creation time (`since` inclusive, `until` exclusive). " +
        'Pass `meta.nextCursor` as `cursor` for the next page; it is null on the last page.',
      security: bearerSecurity,
      querystring: listRunsQuerySchema,
      response: { 200: runListSchema, ...errorResponses(400, 401, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const { query } = request;
      const page = await services.runs.list(accountOf(request).account.id, {
        ...query,
        since: query.since && new Date(query.since).toISOString(),
        until: query.until && new Date(query.until).toISOString(),
      });
      return { success: true as const, data: page.runs, meta: { limit: query.limit, nextCursor: page.nextCursor } };
    },
  });
}
