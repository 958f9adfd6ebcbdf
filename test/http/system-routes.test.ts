import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/adapters/db/migrations/index.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { freshPostgresUrl, freshSqliteUrl } from '../support/test-databases.ts';
import { waitFor } from '../support/wait-for.ts';

describe('health, readiness and documentation — happy paths', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ databaseUrl: freshSqliteUrl() });
  });
  afterAll(async () => testApp.close());

  it('/healthz answers 200', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', version: 'test' });
  });

  it('/readyz answers 200 on a migrated database and says when only the sandbox answers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', sandboxOnly: true, checks: [{ name: 'database', ok: true, ms: expect.any(Number) }] });
  });

  it('/api/openapi.json is OpenAPI 3.1 generated from the route schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const runAgent = document.paths['/api/agents/{agent}'].post;
    expect(runAgent.requestBody.content['application/json'].schema.properties.prompt).toMatchObject({ type: 'string', maxLength: 50000 });
    expect(runAgent.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(runAgent.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '413', '415', '500', '502', '503']));
    expect(document.paths['/api/v1/agents/{agent}'].post).toBeDefined();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('/docs serves the interactive reference from this server, without a CDN', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/https?:\/\/(cdn|unpkg|cdnjs|jsdelivr)/);
    const script = /src="\.?\/?([^"]*swagger-ui-bundle\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await testApp.app.inject({ method: 'GET', url: `/docs/${script?.replace(/^\.?\//, '')}` });
    expect(asset.statusCode).toBe(200);
  });
});

describe('an unmigrated PostgreSQL database — errors', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ databaseUrl: await freshPostgresUrl(), migrate: false });
  });
  afterAll(async () => testApp.close());

  it('keeps /healthz at 200, fails /readyz with the reason, and answers 503 not_migrated on database routes', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ code: 'not_migrated', pending: Object.keys(migrations) });
    const run = await testApp.app.inject({ method: 'POST', url: '/api/v1/agents/blog-gen', headers: { 'content-type': 'application/json', authorization: `Bearer ak_live_${'A'.repeat(44)}` }, payload: '{"prompt":"x"}' });
    expect(run.statusCode).toBe(503);
    expect(run.headers['retry-after']).toBe('5');
    expect(run.json()).toMatchObject({ success: false, code: 'not_migrated' });
    // The catalog is not database-backed and keeps working.
    expect((await testApp.app.inject({ method: 'GET', url: '/api/agents' })).statusCode).toBe(200);
  });

  it('serves once the schema is migrated, without a restart', async () => {
    await testApp.container.migrate();
    // The process learns of the migration when its last answer about the schema is a second old.
    await waitFor(async () => (await testApp.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200, { what: 'a ready /readyz' });
    const key = await testApp.createKey('pg-user');
    const run = await testApp.app.inject({ method: 'POST', url: '/api/v1/agents/blog-gen', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, payload: '{"prompt":"x"}' });
    expect(run.statusCode).toBe(200);
  });
});

describe('readiness — security', () => {
  it('does not reveal database credentials when the database cannot be reached', async () => {
    const testApp = await startTestApp({ databaseUrl: 'postgres://admin:hunter2@127.0.0.1:1/nowhere', migrate: false });
    try {
      const ready = await testApp.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toContain('database unreachable');
      expect(ready.body).not.toContain('hunter2');
      const run = await testApp.app.inject({ method: 'POST', url: '/api/v1/agents/blog-gen', headers: { 'content-type': 'application/json', authorization: `Bearer ak_live_${'A'.repeat(44)}` }, payload: '{"prompt":"x"}' });
      expect(run.statusCode).toBe(503);
      expect(run.body).not.toContain('hunter2');
    } finally {
      await testApp.close();
    }
  });
});
