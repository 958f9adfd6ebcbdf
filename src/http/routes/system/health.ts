import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpOptions, HttpServices } from '../../http-services.ts';
import { errorResponses } from '../../schemas/common-schemas.ts';

export function registerHealth(app: FastifyInstance, services: HttpServices, options: HttpOptions): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/healthz', {
    schema: {
      tags: ['operations'],
      summary: 'Liveness',
      description: 'The process is up. Does not touch the database.',
      response: { 200: z.object({ status: z.literal('ok'), version: z.string(), uptimeSeconds: z.number() }) },
    },
    handler: async () => ({ status: 'ok' as const, version: options.version, uptimeSeconds: Math.round(process.uptime()) }),
  });

  typed.get('/readyz', {
    schema: {
      tags: ['operations'],
      summary: 'Readiness',
      description: 'The database is reachable and its schema is at the latest migration; otherwise 503 with the reason.',
      response: { 200: z.object({ status: z.literal('ready'), sandboxOnly: z.boolean() }), ...errorResponses(503) },
    },
    handler: async (request, reply) => {
      const state = await services.schema.inspect();
      if (state.current) return { status: 'ready' as const, sandboxOnly: services.router.sandboxOnly };
      const error = state.error ?? `database schema is not at the latest migration; pending: ${state.pending.join(', ')}. Run \`agentapi migrate\`.`;
      return reply
        .code(503)
        .header('Retry-After', '5')
        .send({ success: false, error, code: 'not_migrated', requestId: request.id, pending: state.pending });
    },
  });
}
