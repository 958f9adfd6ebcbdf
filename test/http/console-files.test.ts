import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** How the service serves the built console: its files only, under its policy, and a clear answer when it is not built. */
let built: TestApp;
let unbuilt: TestApp;
const consoleDir = mkdtempSync(join(tmpdir(), 'console-files-'));
writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>console</title>');
writeFileSync(join(consoleDir, 'main.js'), 'export {};');

beforeAll(async () => {
  built = await startTestApp({ databaseUrl: freshSqliteUrl(), workers: false, http: { consoleDir } });
  unbuilt = await startTestApp({ databaseUrl: freshSqliteUrl(), workers: false, http: { consoleDir: join(consoleDir, 'missing') } });
});

afterAll(async () => {
  await Promise.all([built?.close(), unbuilt?.close()]);
});

describe('GET /console/*', () => {
  it('serves index.html for /console/ and redirects /console there', async () => {
    const index = await built.app.inject({ method: 'GET', url: '/console/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(index.body).toContain('<title>console</title>');
    const bare = await built.app.inject({ method: 'GET', url: '/console' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/console/');
  });

  it('sends a policy that allows only its own scripts, styles and API', async () => {
    const script = await built.app.inject({ method: 'GET', url: '/console/main.js' });
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const policy = String(script.headers['content-security-policy']);
    for (const directive of ["default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "base-uri 'none'"]) expect(policy).toContain(directive);
    expect(policy).not.toMatch(/unsafe-|https?:|\*/);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 304 to a cached copy', async () => {
    const first = await built.app.inject({ method: 'GET', url: '/console/main.js' });
    const again = await built.app.inject({ method: 'GET', url: '/console/main.js', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it.each(['/console/../package.json', '/console/..%2fpackage.json', '/console/%2e%2e/package.json', '/console/.env', '/console/app/.hidden.js', '/console/main.ts', '/console/nope.js'])('answers %s with 404 not_found in JSON', async (url) => {
    const response = await built.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('refuses a NUL in the path as every route does', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/console/index.html%00.js' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'invalid_request' });
  });

  it('says how to build the console when it is not built', async () => {
    const response = await unbuilt.app.inject({ method: 'GET', url: '/console/' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toContain('npm run build');
  });
});

describe('GET /', () => {
  it('sends a browser to the console and gives a program the service\'s links', async () => {
    const browser = await built.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/console/');
    const program = await built.app.inject({ method: 'GET', url: '/' });
    expect(program.statusCode).toBe(200);
    expect(program.json()).toMatchObject({ name: 'Agent Execution API', links: { console: '/console/', openapi: '/api/openapi.json' } });
  });
});
