import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { packageVersion, parseConfig } from '../../src/config/load-config.ts';
import { buildContainer } from '../../src/container.ts';
import { buildApp } from '../../src/http/build-app.ts';

/** The OpenAPI document exactly as `GET /api/openapi.json` serves it, from the app on a throwaway SQLite file. */
export async function servedOpenApiDocument(): Promise<Record<string, unknown>> {
  const folder = mkdtempSync(join(tmpdir(), 'agentapi-openapi-'));
  const parsed = parseConfig({ DATABASE_URL: `sqlite:${join(folder, 'openapi.db')}`, LOG_LEVEL: 'silent', WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const container = await buildContainer(parsed.config, pino({ level: 'silent' }));
  try {
    const app = await buildApp(container.services, { ...container.httpOptions, version: packageVersion }, container.logger);
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    await app.close();
    if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}: ${response.body}`);
    return response.json() as Record<string, unknown>;
  } finally {
    await container.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
