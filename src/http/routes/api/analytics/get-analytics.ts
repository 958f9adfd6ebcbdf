import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidRequest } from '../../../../domain/errors.ts';
import type { AnalyticsScope } from '../../../../ports/analytics-repository.ts';
import { bearerTokenMatcher } from '../../../hooks/require-admin.ts';
import { requireAccount, requireDatabase } from '../../../hooks/require-account.ts';
import type { HttpOptions, HttpServices } from '../../../http-services.ts';
import { presentAnalyticsReport } from '../../../presenters/analytics-presenter.ts';
import { asRecord, textOf } from '../../../request-issues.ts';
import { analyticsQuerySchema, analyticsReportSchema } from '../../../schemas/analytics-schemas.ts';
import { bearerSecurity, errorResponses } from '../../../schemas/common-schemas.ts';

/**
 * Usage analytics. An API key (or JWT) sees its own account; the admin token sees every run of the
 * service, or one account with `?account=`. An API key naming another account is a 400, so nobody takes
 * their own figures for someone else's.
 */
export function registerGetAnalytics(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  const isAdmin = options.adminToken ? bearerTokenMatcher(options.adminToken) : () => false;
  const databaseReady = requireDatabase(services);
  const accountRequired = requireAccount(services);

  app.withTypeProvider<ZodTypeProvider>().get('/api/analytics', {
    schema: {
      tags: ['analytics'],
      summary: 'Requests, outcomes, tokens, cost and latency over a range of days',
      description:
        'Totals and a series keyed by `groupBy` (day, agent, model or provider) over the runs that started in the range (UTC days, both included; at most 366 days; ' +
        'default the last 30 days). Counts, tokens and cost are exact; latency percentiles come from buckets 1.25× apart and are within one bucket of the exact value. ' +
        'Your account with an API key; every account (or `?account=`) with the admin token.',
      security: bearerSecurity,
      querystring: analyticsQuerySchema,
      response: { 200: z.object({ success: z.literal(true), data: analyticsReportSchema }), ...errorResponses(400, 401, 503) },
    },
    config: {
      // The range is checked by the service: with a grouping the schema refuses, its problems are listed too.
      furtherIssues: (request) => {
        const { from, to } = asRecord(request.query);
        return services.analytics.queryIssues({ from: textOf(from), to: textOf(to) });
      },
    },
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (isAdmin(request.headers.authorization)) await databaseReady(request, reply);
      else await accountRequired(request, reply);
    },
    handler: async (request) => {
      const { from, to, groupBy, account } = request.query;
      let scope: AnalyticsScope;
      if (isAdmin(request.headers.authorization)) {
        scope = account === undefined ? 'all' : { accountId: account };
      } else {
        const own = request.account?.account.id;
        if (own === undefined) throw new Error('requireAccount did not set the account');
        if (account !== undefined && account !== own) {
          throw invalidRequest([{ path: 'account', message: 'only the admin token reports on other accounts; leave it out for your own' }]);
        }
        scope = { accountId: own };
      }
      const report = await services.analytics.report({ scope, from, to, groupBy });
      return { success: true as const, data: presentAnalyticsReport(report) };
    },
  });
}
