import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountOf, requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { presentPlaybookRun } from '../../../presenters/playbook-run-presenter.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';
import { listPlaybookRunsQuerySchema, playbookRunViewSchema } from '../../../schemas/playbook-run-schemas.ts';

export function registerListPlaybookRuns(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/playbooks/runs', {
    schema: {
      tags: ['playbooks'],
      summary: 'Your playbook runs',
      description: 'Latest first. Pass `meta.nextCursor` as `cursor` for the next page; it is null on the last page.',
      security: bearerSecurity,
      querystring: listPlaybookRunsQuerySchema,
      response: {
        200: z.object({ success: z.literal(true), data: z.array(playbookRunViewSchema), meta: z.object({ limit: z.number().int(), nextCursor: z.string().nullable() }) }),
        ...errorResponses(400, 401, 503),
      },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const { account } = accountOf(request);
      const page = await services.playbookRuns.list(account.id, request.query);
      const now = new Date();
      return { success: true as const, data: page.runs.map((run) => presentPlaybookRun(run, now)), meta: { limit: request.query.limit, nextCursor: page.nextCursor } };
    },
  });
}
