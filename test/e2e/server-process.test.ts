import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/adapters/db/migrations/index.ts';
import { openDatabase } from '../../src/adapters/db/open-database.ts';
import { KyselyRunRepository } from '../../src/adapters/db/repositories/run-repository.ts';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshPostgresUrl, freshSqliteUrl } from '../support/test-databases.ts';
import { waitFor } from '../support/wait-for.ts';

const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.stop('SIGKILL')));
});

async function serve(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(env);
  started.push(server);
  return server;
}

async function createKey(env: Record<string, string>, user: string): Promise<string> {
  const result = await runCli(['keys', 'create', '--user', user, '--json'], env);
  expect(result.code, result.stderr).toBe(0);
  const created = JSON.parse(result.stdout) as { key: string; prefix: string; user: string };
  expect(created).toMatchObject({ user, prefix: created.key.slice(0, 20) });
  return created.key;
}

function post(server: ServerProcess, path: string, key: string | undefined, body: unknown) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify(body),
  });
}

describe('a new user on the embedded SQLite default, without provider keys', () => {
  it('starts, announces the sandbox, runs agents on both surfaces, and keeps runs across a restart', async () => {
    const env = { DATABASE_URL: freshSqliteUrl() };
    let server = await serve(env);
    expect(server.output()).toContain('No model provider is configured');

    const key = await createKey(env, 'u1');
    const leads = await post(server, '/api/agents/leads', key, { prompt: 'fintech startups in Berlin', confirmed: true });
    expect(leads.status).toBe(200);
    const leadsBody = (await leads.json()) as { data: { leads: unknown[]; count: number }; meta: { provider: string; runId: string } };
    expect(leadsBody.data).toMatchObject({ count: leadsBody.data.leads.length, model: 'sandbox/deterministic' });
    expect(leadsBody.meta.provider).toBe('sandbox');

    const blog = await post(server, '/api/v1/agents/blog-gen', key, { prompt: 'how to choose a CRM' });
    expect(blog.status).toBe(200);

    expect(await server.stop()).toBe(0);
    server = await serve(env);
    // The key and the run history survived the restart.
    expect((await post(server, '/api/v1/agents/blog-gen', key, { prompt: 'again' })).status).toBe(200);
    await server.stop();
    const database = await openDatabase(env.DATABASE_URL);
    try {
      const stored = await new KyselyRunRepository(database.db).findById(leadsBody.meta.runId);
      expect(stored).toMatchObject({ accountId: 'u1', surface: 'api', agent: 'leads', status: 'succeeded', model: 'sandbox/deterministic' });
    } finally {
      await database.close();
    }
  });

  it('writes one log line per request with the request id and no key or prompt', async () => {
    const env = { DATABASE_URL: freshSqliteUrl() };
    const server = await serve(env);
    const key = await createKey(env, 'logger');
    const response = await post(server, '/api/v1/agents/blog-gen', key, { prompt: 'secret plans for project nightingale' });
    const requestId = response.headers.get('x-request-id');
    await server.stop();
    const line = server.output().split('\n').find((entry) => entry.includes(`"requestId":"${requestId}"`));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ msg: 'request', status: 200, route: '/api/v1/agents/:agent', account: 'logger', agent: 'blog-gen', model: 'sandbox/deterministic' });
    expect(server.output()).not.toContain(key);
    expect(server.output()).not.toContain('nightingale');
  });
});

describe('PostgreSQL', () => {
  it('answers 503 not_migrated until `agentapi migrate`, then serves', async () => {
    const env = { DATABASE_URL: await freshPostgresUrl() };
    const server = await serve(env);
    const before = await post(server, '/api/v1/agents/blog-gen', `ak_live_${'A'.repeat(44)}`, { prompt: 'x' });
    expect(before.status).toBe(503);
    expect(((await before.json()) as { code: string }).code).toBe('not_migrated');
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);

    const keyBeforeMigrate = await runCli(['keys', 'create', '--user', 'pg-user', '--json'], env);
    expect(keyBeforeMigrate.code).toBe(3);
    expect(keyBeforeMigrate.stderr).toContain('agentapi migrate');

    const migrated = await runCli(['migrate'], env);
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stderr).toContain(`applied ${Object.keys(migrations).join(', ')}`);
    expect((await runCli(['migrate'], env)).stderr).toContain('already at the latest migration');

    const key = await createKey(env, 'pg-user');
    // The server learns of the migration when its last answer about the schema is a second old.
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200, { what: 'a ready /readyz' });
    const after = await post(server, '/api/v1/agents/blog-gen', key, { prompt: 'x' });
    expect(after.status).toBe(200);
  });
});

describe('PostgreSQL not migrated — the logs', () => {
  it('logs the failure of a poll that runs every 100 ms once, not at every poll', async () => {
    const server = await serve({ DATABASE_URL: await freshPostgresUrl(), WEBHOOK_POLL_MS: '100' });
    const failure = 'relation \\"webhook_deliveries\\" does not exist';
    await waitFor(() => server.output().includes(failure), { what: 'the first failed poll logged' });
    // The subject is repetition over time: about twenty more polls fail meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(server.output().split('\n').filter((line) => line.includes(failure))).toHaveLength(1);
  });
});

describe('startup failures', () => {
  it('lists every configuration problem and exits 1', async () => {
    const result = await runCli(['serve'], { PORT: 'abc', DATABASE_URL: 'mysql://db', ADMIN_TOKEN: 'short', AUTO_MIGRATE: 'maybe' });
    expect(result.code).toBe(1);
    for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_TOKEN', 'AUTO_MIGRATE']) expect(result.stderr).toContain(name);
    expect(result.stderr).not.toContain('short');
  });

  it('refuses an invalid plan in keys create with the valid ones', async () => {
    const result = await runCli(['keys', 'create', '--user', 'u', '--plan', 'gold'], { DATABASE_URL: freshSqliteUrl() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('free, starter, growth, node, enterprise');
  });

  it('explains CLI usage mistakes with exit code 2', async () => {
    expect((await runCli(['keys', 'create'], { DATABASE_URL: freshSqliteUrl() })).code).toBe(2);
    expect((await runCli(['keys', 'create', '--user', 'u', '--bogus'], { DATABASE_URL: freshSqliteUrl() })).code).toBe(2);
    expect((await runCli(['launch-rockets'], {})).code).toBe(2);
  });

  it('changes an account’s plan from the CLI', async () => {
    const env = { DATABASE_URL: freshSqliteUrl() };
    await createKey(env, 'plan-user');
    const changed = await runCli(['keys', 'set-plan', '--user', 'plan-user', '--plan', 'growth', '--v1-plan', 'pro'], env);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stderr).toContain('/api plan growth, /api/v1 plan pro');
    expect((await runCli(['keys', 'set-plan', '--user', 'plan-user', '--plan', 'platinum'], env)).code).toBe(1);
    expect((await runCli(['keys', 'set-plan', '--user', 'nobody', '--plan', 'growth'], env)).stderr).toContain('does not exist');
  });

  it('lists, then revokes, keys from the CLI', async () => {
    const env = { DATABASE_URL: freshSqliteUrl() };
    await createKey(env, 'cli-user');
    const listed = await runCli(['keys', 'list', '--json'], env);
    const [summary] = JSON.parse(listed.stdout) as { prefix: string; revokedAt: string | null }[];
    expect(summary?.revokedAt).toBeNull();
    expect((await runCli(['keys', 'revoke', summary?.prefix ?? ''], env)).code).toBe(0);
    const after = JSON.parse((await runCli(['keys', 'list', '--json'], env)).stdout) as { revokedAt: string | null }[];
    expect(after[0]?.revokedAt).toEqual(expect.any(String));
    expect((await runCli(['keys', 'revoke', summary?.prefix ?? ''], env)).code).toBe(1);
  });
});
