import type { FastifyInstance } from 'fastify';

export function registerOpenApi(app: FastifyInstance): void {
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
