import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UsageSnapshot } from '../../../../domain/quotas/usage-meter.ts';
import { requireAccount } from '../../../hooks/require-account.ts';
import type { HttpServices } from '../../../http-services.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';

const surfaceUsageSchema = z.object({
  plan: z.string(),
  used: z.number().int(),
  limit: z.number().int().nullable().describe('null when the plan is unlimited'),
  remaining: z.number().int().nullable(),
  resetAt: z.string().describe('The next UTC midnight'),
});

function present(snapshot: UsageSnapshot) {
  return { plan: snapshot.plan, used: snapshot.used, limit: snapshot.limit, remaining: snapshot.remaining, resetAt: snapshot.resetAt.toISOString() };
}

export function registerGetUsage(app: FastifyInstance, services: HttpServices): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/usage', {
    schema: {
      tags: ['usage'],
      summary: 'Today’s usage',
      description: 'Requests used today against the daily limit of your plan, for each surface. Not counted itself.',
      security: bearerSecurity,
      response: { 200: z.object({ success: z.literal(true), data: z.object({ api: surfaceUsageSchema, v1: surfaceUsageSchema }) }), ...errorResponses(401, 503) },
    },
    onRequest: requireAccount(services),
    handler: async (request) => {
      const account = request.account?.account;
      if (!account) throw new Error('requireAccount did not set the account');
      const [api, v1] = await Promise.all([services.runContexts.meterOf(account, 'api').snapshot(), services.runContexts.meterOf(account, 'v1').snapshot()]);
      return { success: true as const, data: { api: present(api), v1: present(v1) } };
    },
  });
}
