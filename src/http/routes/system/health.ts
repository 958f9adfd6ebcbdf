import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorCode } from '../../../domain/errors.ts';
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
      description:
        'The database (and Redis, when configured) answer now and the schema is at the latest migration; otherwise 503 with the reason: ' +
        '`overloaded` while a service does not answer (the database listed first), `not_migrated` while the schema is behind. ' +
        'Each service is asked afresh, at most once a second, and has one second to answer.',
      response: { 200: z.object({ status: z.literal('ready'), sandboxOnly: z.boolean(), checks: checksSchema }), ...errorResponses(503) },
    },
    handler: async (request, reply) => {
      const readiness = await services.readiness.check();
      const checks = readiness.dependencies;
      if (readiness.ready) return { status: 'ready' as const, sandboxOnly: services.router.sandboxOnly, checks };
      const down = checks.filter((check) => !check.ok);
      const { schema } = readiness;
      // A service that does not answer is an outage (overloaded), whichever it is; a schema behind is not_migrated.
      const [code, error]: [ErrorCode, string] = down.length > 0
        ? ['overloaded', `${down.map((check) => `${check.name} unreachable: ${check.error ?? 'no answer'}`).join('; ')}`]
        : ['not_migrated', schema.error ?? `database schema is not at the latest migration; pending: ${schema.pending.join(', ')}. Run \`agentapi migrate\`.`];
      return reply.code(503).header('Retry-After', '5').send({ success: false, error, code, requestId: request.id, pending: schema.pending, checks });
    },
  });
}

const checksSchema = z.array(
  z.object({ name: z.enum(['database', 'redis']), ok: z.boolean(), ms: z.number(), error: z.string().optional() }).describe('One service the process needs, asked now'),
);
