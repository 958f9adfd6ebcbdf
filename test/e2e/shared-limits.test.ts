import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshPostgresUrl } from '../support/test-databases.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';

const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop('SIGKILL')));
});

describe('two server processes sharing PostgreSQL and Redis', () => {
  it('enforce one daily limit together: 70 simultaneous requests for 50 remaining give 50 successes and 20 × 429', async () => {
    const env = { DATABASE_URL: await freshPostgresUrl(), REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: freshRedisPrefix(), LOG_LEVEL: 'warn' };
    expect((await runCli(['migrate'], env)).code).toBe(0);
    const created = await runCli(['keys', 'create', '--user', 'shared', '--plan', 'free', '--json'], env);
    const { key } = JSON.parse(created.stdout) as { key: string };
    servers.push(await startServerProcess({ ...env, LOG_LEVEL: 'info' }), await startServerProcess({ ...env, LOG_LEVEL: 'info' }));

    const requests = Array.from({ length: 70 }, (_, index) =>
      fetch(`${servers[index % 2]?.url}/api/agents/blog-gen`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ prompt: `post ${index}` }),
      }),
    );
    const answers = await Promise.all((await Promise.all(requests)).map(async (response) => ({ status: response.status, body: await response.text() })));
    const statuses = answers.map((answer) => answer.status);
    // Anything but a success or a 429 is shown whole, so a failure says what went wrong.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // Each process sent 35: with only 50 successes in all, each must have served at least 15 of them.
    for (const parity of [0, 1]) expect(statuses.filter((status, index) => index % 2 === parity && status === 200).length).toBeGreaterThanOrEqual(15);

    for (const server of servers) {
      const usage = (await (await fetch(`${server.url}/api/usage`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: { api: { used: number } } };
      expect(usage.data.api.used).toBe(50);
    }
  });
});
