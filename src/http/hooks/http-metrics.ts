import type { FastifyInstance } from 'fastify';
import type { Telemetry } from '../../ports/telemetry.ts';

/** The route label of a request no route matched: raw paths would give one series per path probed. */
const unmatchedRoute = 'unmatched';

/**
 * Reports every answered request (streams included) by method, route pattern and status, with its
 * latency. The route is the pattern (`/api/agents/:agent`), so the label set stays bounded.
 */
export function installHttpMetrics(app: FastifyInstance, telemetry: Telemetry): void {
  app.addHook('onResponse', async (request, reply) => {
    telemetry.httpRequest({
      method: request.method,
      route: request.routeOptions.url ?? unmatchedRoute,
      status: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}
