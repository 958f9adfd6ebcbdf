import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../domain/database-unavailable.ts';
import { AppError } from '../../domain/errors.ts';
import { installErrorHandlers } from './error-handler.ts';

async function appThrowing(error: unknown) {
  const app = Fastify({ logger: false });
  installErrorHandlers(app, { bodyLimitBytes: 1024 });
  app.get('/boom', async () => {
    throw error;
  });
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('turns a bug into a 500 internal without the message or stack', async () => {
    const app = await appThrowing(new Error('connection string postgres://admin:hunter2@db failed'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ success: false, error: 'Internal server error', code: 'internal', requestId: expect.any(String) });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('error-handler');
  });

  it('maps an AppError to its status with its details and Retry-After', async () => {
    const app = await appThrowing(new AppError('upstream_unavailable', 'All failed', { attempts: [] }, { retryAfterSeconds: 7 }));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(502);
    expect(response.headers['retry-after']).toBe('7');
    expect(response.json()).toMatchObject({ code: 'upstream_unavailable', attempts: [] });
  });

  it('answers a database outage 503 overloaded with Retry-After, without the driver\'s message', async () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED postgres://admin:hunter2@db:5432'), { code: 'ECONNREFUSED' });
    const app = await appThrowing(new DatabaseUnavailableError({ cause }));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({ success: false, error: 'The database is not answering right now; retry shortly', code: 'overloaded', requestId: expect.any(String) });
    expect(response.body).not.toContain('hunter2');
  });

  it('answers unknown routes with a JSON 404', async () => {
    const app = await appThrowing(new Error('unused'));
    const response = await app.inject({ method: 'DELETE', url: '/nowhere?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found', error: 'No route for DELETE /nowhere' });
  });

  it('answers a known path with a method it lacks 405 method_not_allowed with Allow, and OPTIONS 204 with Allow', async () => {
    const app = await appThrowing(new Error('unused'));
    const response = await app.inject({ method: 'DELETE', url: '/boom?x=1' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(response.json()).toEqual({
      success: false,
      code: 'method_not_allowed',
      error: 'DELETE is not allowed on /boom; it allows GET, HEAD, OPTIONS',
      allowed: ['GET', 'HEAD', 'OPTIONS'],
      requestId: expect.any(String),
    });
    const options = await app.inject({ method: 'OPTIONS', url: '/boom' });
    expect(options.statusCode).toBe(204);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect((await app.inject({ method: 'HEAD', url: '/boom' })).statusCode).toBe(500);
  });
});
