import { afterEach, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { startTestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';
import { waitFor } from '../support/wait-for.ts';

/** Stopping the playbook worker while Redis is away ends within the queue's 5 s bound. */
let proxy: TcpProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

describe('stopping the playbook worker during a Redis outage — errors', () => {
  it('closes within the bound instead of waiting for Redis', async () => {
    const redis = new URL(testRedisUrl);
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    const viaProxy = new URL(testRedisUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { REDIS_URL: viaProxy.toString(), REDIS_KEY_PREFIX: freshRedisPrefix() } });
    const readiness = async () => (await testApp.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
    await waitFor(async () => (await readiness()) === 200, { what: 'the process using Redis' });
    proxy.cut();
    // Stopped once the process has seen Redis go, as it would be in an outage, not in the instant of the cut.
    await waitFor(async () => (await readiness()) === 503, { intervalMs: 100, what: 'the process seeing Redis gone' });

    const started = performance.now();
    // The worker the app started: stopping it closes the BullMQ worker and queue.
    await testApp.container.startPlaybookWorker().stop();
    const tookMs = performance.now() - started;
    console.info(`playbook worker stopped ${Math.round(tookMs)} ms after it was asked to, Redis away`);
    expect(tookMs).toBeLessThan(6_000);
    await testApp.close();
  }, 30_000);
});
