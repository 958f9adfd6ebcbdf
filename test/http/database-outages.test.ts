import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseTimeouts } from '../../src/adapters/db/database-timeouts.ts';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { startTcpProxy, through, type TcpProxy } from '../support/tcp-proxy.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshPostgresUrl, freshSqliteUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * PostgreSQL behind a proxy whose link is cut, then restored. During the outage every route that needs the
 * database answers 503 `overloaded` with Retry-After within 2.5 s, never a 500; no model is called (the
 * upstream simulator counts its requests); the process keeps serving and succeeds again once the database
 * is back, with usage matching the stored runs.
 */
const answerWithinMs = 2500;
const adminToken = 'admin-token-for-database-outages-0123456789';
let testApp: TestApp | undefined;
let proxy: TcpProxy | undefined;
let simulator: UpstreamSimulator | undefined;

afterEach(async () => {
  // A bound on the close, not a wait for it: a close that hangs after an outage must not hang the file.
  await Promise.race([testApp?.close(), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
  await proxy?.close();
  await simulator?.close();
  testApp = undefined;
  proxy = undefined;
  simulator = undefined;
});


interface Answer {
  status: number;
  retryAfter: string | string[] | undefined;
  body: { code?: string; success?: boolean };
  ms: number;
}

async function outagePostgresApp() {
  simulator = await startUpstreamSimulator();
  const target = new URL(await freshPostgresUrl());
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  // Redis keeps the free tier's limiter off the database: only the recordability check stands between a free run and its model call.
  testApp = await startTestApp({
    databaseUrl: through(target.toString(), proxy),
    env: { ...allProvidersAt(simulator), SAFETY_CRITIC: 'rubric', ADMIN_TOKEN: adminToken, AUTH_CACHE_SECONDS: '60', FREE_TIER_LIMIT: '100', REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: freshRedisPrefix() },
    workers: false,
  });
  const app = testApp;
  const key = await app.createKey('outage-user');
  const send = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<Answer> => {
    const started = performance.now();
    const response = await app.app.inject({ method, url, headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' }, ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }) });
    return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json(), ms: performance.now() - started };
  };
  const requests = {
    agentRun: () => send('POST', '/api/v1/agents/blog-gen', bearer(key), { prompt: 'Choosing a CRM for a small agency' }),
    freeRun: () => send('POST', '/api/free/run', {}, { agent: 'summarize', text: 'The launch moved to May; the budget stays the same.' }),
    playbookStart: () => send('POST', '/api/playbooks/run', bearer(key), { playbook_id: 'lead-blitz', inputs: { niche: 'dental clinics', location: 'Leeds', product: 'online booking' }, confirmed: true }),
    usage: () => send('GET', '/api/usage', bearer(key)),
    adminKeys: () => send('GET', '/api/admin/keys?user=outage-user', bearer(adminToken)),
    readiness: () => send('GET', '/readyz', {}),
  };
  return { app, key, requests, proxy, simulator };
}

function expectOutageAnswer(name: string, answer: Answer): void {
  expect({ name, status: answer.status, code: answer.body.code, retryAfter: answer.retryAfter }).toEqual({ name, status: 503, code: 'overloaded', retryAfter: '5' });
  expect(answer.ms, `${name} took ${Math.round(answer.ms)} ms`).toBeLessThan(answerWithinMs);
}

describe('a PostgreSQL outage — errors', () => {
  // cut: connections dropped and refused. stall: held open with no answer, so only the time limits end the wait.
  it.each(['cut', 'stall'] as const)('%s: answers 503 overloaded with Retry-After within 2.5 s on every route, calls no model, keeps serving, and succeeds again once the database is back', async (outage) => {
    const { app, requests, proxy: link, simulator: upstream } = await outagePostgresApp();
    expect((await requests.agentRun()).status).toBe(200);
    expect((await requests.freeRun()).status).toBe(200);
    expect(upstream.requests().length).toBeGreaterThan(0);

    if (outage === 'cut') link.cut();
    else link.stall();
    upstream.reset();
    const statuses: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      for (const [name, request] of Object.entries(requests)) {
        const answer = await request();
        statuses.push(answer.status);
        expectOutageAnswer(name, answer);
      }
    }
    // After more than a second with nothing learnt, the free run asks the database itself, in time. The
    // wait is the subject: what the process learnt must age on its own clock, which this test cannot drive.
    await new Promise((resolve) => setTimeout(resolve, databaseTimeouts.knownForMs + 200));
    expectOutageAnswer('free run after a quiet second', await requests.freeRun());
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(upstream.requests()).toEqual([]);

    link.restore();
    await waitFor(async () => (await requests.agentRun()).status === 200, { what: 'an agent run served again', intervalMs: 100 });
    for (const request of [requests.freeRun, requests.usage, requests.adminKeys, requests.readiness]) expect((await request()).status).toBe(200);
    expect((await requests.playbookStart()).status).toBe(202);
    expect(upstream.requests().length).toBeGreaterThan(0);

    // Usage matches what is stored: the outage neither counted units nor left holds behind.
    const stored = await sql<{ count: string | number }>`select count(*) as count from runs where account_id = ${'outage-user'} and surface = ${'v1'} and status = ${'succeeded'}`.execute(app.container.database.db);
    const usage = await requests.usage();
    expect(Number(stored.rows[0]?.count)).toBe(2);
    expect(usage.body).toMatchObject({ data: { v1: { used: 2 } } });
  });
});

describe('a PostgreSQL connection lost while in use — errors', () => {
  it('is logged instead of crashing the process, which serves again once the database is back', async () => {
    const target = new URL(await freshPostgresUrl());
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
    testApp = await startTestApp({ databaseUrl: through(target.toString(), proxy), logger, workers: false });
    const link = proxy;
    // A request holds a connection between two statements when the link goes: pg emits 'error' on the client it holds.
    await testApp.container.database.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      link.cut();
      await waitFor(() => lines.some((line) => line.includes('database connection lost')), { what: 'the lost connection logged' });
    });
    expect(lines.join('\n')).toContain('Connection terminated unexpectedly');

    link.restore();
    const served = testApp;
    await waitFor(async () => (await served.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200, { what: 'a ready /readyz', intervalMs: 100 });
  });
});

describe('a SQLite file locked by another connection — errors', () => {
  it('answers 503 overloaded with Retry-After once the lock outlasts the busy timeout, calls no model, and serves again once the lock is gone', async () => {
    simulator = await startUpstreamSimulator();
    const databaseUrl = freshSqliteUrl();
    testApp = await startTestApp({ databaseUrl, env: { ...allProvidersAt(simulator), SAFETY_CRITIC: 'rubric' }, workers: false });
    const app = testApp;
    const key = await app.createKey('locked-user');
    const run = async () => {
      const started = performance.now();
      const response = await app.app.inject({ method: 'POST', url: '/api/v1/agents/blog-gen', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify({ prompt: 'Choosing a CRM for a small agency' }) });
      return { status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json() as { code?: string }, ms: performance.now() - started };
    };
    expect((await run()).status).toBe(200);

    // Another process's connection takes the write lock and keeps it.
    const holder = new DatabaseSync(databaseUrl.slice('sqlite:'.length));
    holder.exec('begin immediate');
    simulator.reset();
    try {
      const locked = await run();
      expectOutageAnswer('agent run on a locked file', locked);
      // The busy timeout was waited for, not skipped.
      expect(locked.ms).toBeGreaterThan(1400);
      expect(simulator.requests()).toEqual([]);
    } finally {
      holder.exec('rollback');
      holder.close();
    }

    const started = performance.now();
    let back = await run();
    while (back.status !== 200 && performance.now() - started < 3000) back = await run();
    expect(back.status).toBe(200);
  });
});
