import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../domain/errors.ts';
import { bearerTokenMatcher } from '../../hooks/require-admin.ts';
import type { HttpOptions, HttpServices } from '../../http-services.ts';
import { errorResponses } from '../../schemas/common-schemas.ts';

/** Open by default (operators scrape it on their own network); only to METRICS_TOKEN's bearer when that is set. */
function requireMetricsToken(options: HttpOptions) {
  const matches = options.metricsToken ? bearerTokenMatcher(options.metricsToken) : undefined;
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (matches && !matches(request.headers.authorization)) {
      throw new AppError('unauthorized', 'Metrics need Authorization: Bearer <METRICS_TOKEN>');
    }
  };
}

export function registerMetrics(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  app.withTypeProvider<ZodTypeProvider>().get('/metrics', {
    schema: {
      tags: ['operations'],
      summary: 'Prometheus metrics',
      description:
        "The server's metrics in the Prometheus text format: HTTP requests by route and status, agent runs by agent, model and outcome, model call latency, safety verdicts, quota refusals and circuit breaker states. " +
        'The workers of one `agentapi serve` answer together (summed); separate server processes each count for themselves: scrape every one. Open unless METRICS_TOKEN is set; then it needs `Authorization: Bearer <METRICS_TOKEN>`.',
      security: [{ bearerAuth: [] }, {}],
      response: {
        200: { description: 'The Prometheus text format, version 0.0.4', content: { 'text/plain': { schema: z.string() } } },
        ...errorResponses(401),
      },
    },
    onRequest: requireMetricsToken(options),
    handler: async (_request, reply) => {
      const body = await services.telemetry.metrics();
      return reply.header('Content-Type', services.telemetry.contentType).header('Cache-Control', 'no-store').send(body);
    },
  });
}
