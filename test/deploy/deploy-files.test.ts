import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/config/load-config.ts';

// Images cannot be built where these tests run (no image registry): the files are checked as text.
const dockerfile = readFileSync(join(packageRoot, 'Dockerfile'), 'utf8');
const instructions = dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

interface ComposeService {
  build?: unknown;
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
}
const compose = load(readFileSync(join(packageRoot, 'compose.yaml'), 'utf8')) as { services: Record<string, ComposeService> };

describe('the Dockerfile', () => {
  it('builds in stages on Node 24 and runs as a user that is not root', () => {
    const stages = instructions.filter((line) => line.startsWith('FROM '));
    expect(stages).toEqual(['FROM node:24-bookworm-slim AS dependencies', 'FROM node:24-bookworm-slim AS console', 'FROM node:24-bookworm-slim AS runtime']);
    expect(instructions).toContain('RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund');
    expect(instructions).toContain('COPY --from=dependencies /app/node_modules ./node_modules');
    const runtime = instructions.slice(instructions.indexOf(stages[2] ?? ''));
    expect(runtime.filter((line) => line.startsWith('USER '))).toEqual(['USER node']);
    // Everything after USER runs unprivileged; nothing is installed or chowned after it.
    expect(runtime.slice(runtime.indexOf('USER node')).some((line) => line.startsWith('RUN '))).toBe(false);
  });

  it('ships what the package runs, and checks readiness, not just liveness', () => {
    for (const folder of ['bin', 'src', 'catalog', 'config']) expect(instructions).toContain(`COPY ${folder} ./${folder}`);
    // The console's static files, built in their own stage from the sources the build script reads.
    expect(instructions).toContain('COPY --from=console /app/dist/console ./dist/console');
    for (const source of ['console', 'scripts/console', 'packages/client/src']) expect(instructions).toContain(`COPY ${source} ./${source}`);
    const healthcheck = instructions.find((line) => line.startsWith('HEALTHCHECK '));
    expect(healthcheck).toMatch(/--interval=\d+s --timeout=\d+s/);
    expect(healthcheck).toContain('/readyz');
    expect(instructions).toContain('ENTRYPOINT ["node", "--max-semi-space-size=8", "--max-old-space-size=1024", "bin/agentapi.js"]');
    expect(instructions).toContain('CMD ["serve"]');
    expect(instructions.find((line) => line.startsWith('ENV '))).toContain('DATABASE_URL=sqlite:/data/agentapi.db');
  });

  it('keeps tests, secrets and local databases out of the build context', () => {
    const ignored = readFileSync(join(packageRoot, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', 'data', 'test', '**/*.test.ts', '.env', '*.db']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const { services } = compose;

  it('runs PostgreSQL, Redis, a migration, the API and a worker', () => {
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 'redis', 'worker']);
    expect(services.api?.command).toEqual(['serve']);
    expect(services.worker?.command).toEqual(['worker']);
    expect(services.migrate?.command).toEqual(['migrate']);
    expect(services.api?.ports).toEqual(['3000:3000']);
    for (const name of ['api', 'worker', 'migrate']) expect(services[name]?.build).toBe('.');
  });

  it('checks the health of every long-running service that can be asked', () => {
    expect(services.postgres?.healthcheck?.test?.join(' ')).toContain('pg_isready');
    expect(services.redis?.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(services.api?.healthcheck?.test?.join(' ')).toContain('/readyz');
    // The worker serves no HTTP: the image's /readyz check would call it unhealthy.
    expect(services.worker?.healthcheck).toEqual({ disable: true });
  });

  it('starts each service once what it needs is healthy, and the API and worker after the migration', () => {
    expect(services.migrate?.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const name of ['api', 'worker']) {
      expect(services[name]?.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    expect(services.worker?.depends_on?.api).toEqual({ condition: 'service_healthy' });
  });

  it('gives every agentapi process the same database, Redis and webhook key', () => {
    for (const name of ['api', 'worker', 'migrate']) {
      const environment = services[name]?.environment ?? {};
      expect(environment.DATABASE_URL).toBe('postgres://agentapi:agentapi@postgres:5432/agentapi');
      expect(environment.REDIS_URL).toBe('redis://redis:6379');
      expect(environment.WEBHOOK_SECRET_KEY).toMatch(/^\$\{WEBHOOK_SECRET_KEY:\?/);
    }
    expect(services.api?.environment?.PLAYBOOK_SERVER_WORKER).toBe('false');
  });
});
