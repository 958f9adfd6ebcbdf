import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KyselyPlaybookRunRepository } from '../../src/adapters/db/repositories/playbook-run-repository.ts';
import { newPlaybookRun } from '../../src/domain/playbooks/new-playbook-run.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * GET /api/playbooks/runs/{id}/events holds a connection for as long as the run goes on, so followers are
 * capped per run, per account and per process; a follower that leaves gives its place back.
 */
let testApp: TestApp;
let origin: string;
let keyA: string;
let keyB: string;
const open: AbortController[] = [];

beforeAll(async () => {
  testApp = await startTestApp({
    databaseUrl: freshSqliteUrl(),
    env: { PLAYBOOK_FOLLOWERS_PER_RUN: '2', PLAYBOOK_FOLLOWERS_PER_ACCOUNT: '3', PLAYBOOK_FOLLOWERS_PER_PROCESS: '4' },
  });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  keyA = await testApp.createKey('followers-a');
  keyB = await testApp.createKey('followers-b');
});
/** Closes every stream the test opened and waits until the server has given their places back. */
async function leaveAll(): Promise<void> {
  for (const controller of open.splice(0)) controller.abort();
  await waitFor(() => testApp.container.services.playbookFollower.following === 0, { what: 'every follower place given back' });
}

afterEach(leaveAll);
afterAll(async () => testApp.close());

/** A run that stays running: its step is held by another process's lease that does not expire during the test. */
async function runningRun(accountId: string): Promise<string> {
  const playbook = testApp.container.services.playbooks.find('lead-blitz');
  if (!playbook) throw new Error('lead-blitz is in the catalog');
  const now = new Date();
  const run = newPlaybookRun({ id: `pbr_followers_${accountId}_${Math.random().toString(36).slice(2)}`, accountId, requestId: null, quotaDay: now.toISOString().slice(0, 10), callbackUrl: null, now, playbook, inputs: { niche: 'dentists', location: 'Leeds', product: 'booking software' } });
  const leaseExpiresAt = new Date(now.getTime() + 3_600_000).toISOString();
  await new KyselyPlaybookRunRepository(testApp.container.database.db).create({
    ...run,
    status: 'running',
    startedAt: now.toISOString(),
    steps: run.steps.map((step, index) => (index === 0 ? { ...step, status: 'running', attempts: 1, leaseOwner: 'another-process', leaseExpiresAt, startedAt: now.toISOString() } : step)),
  });
  return run.id;
}

/** Opens the event stream; a 200 stays open (until afterEach) with its first bytes read. */
async function follow(runId: string, key: string): Promise<{ status: number; controller: AbortController; response: Response }> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/playbooks/runs/${runId}/events`, { headers: { authorization: `Bearer ${key}` }, signal: controller.signal });
  if (response.status === 200) {
    open.push(controller);
    await response.body?.getReader().read();
  }
  return { status: response.status, controller, response };
}

async function expectOverloaded(attempt: Promise<{ status: number; response: Response }>, scope: string): Promise<void> {
  const { status, response } = await attempt;
  expect(status).toBe(503);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await response.json()).toMatchObject({ success: false, code: 'overloaded', limit: { scope, max: expect.any(Number) } });
}

describe('playbook run followers — limits', () => {
  it('caps followers per run, per account and per process with 503 overloaded', async () => {
    const [first, second] = [await runningRun('followers-a'), await runningRun('followers-a')];
    expect((await follow(first, keyA)).status).toBe(200);
    expect((await follow(first, keyA)).status).toBe(200);
    await expectOverloaded(follow(first, keyA), 'run');

    expect((await follow(second, keyA)).status).toBe(200);
    await expectOverloaded(follow(second, keyA), 'account');

    const third = await runningRun('followers-b');
    expect((await follow(third, keyB)).status).toBe(200);
    await expectOverloaded(follow(third, keyB), 'process');
  });

  it('gives the place back when a follower disconnects', async () => {
    const runId = await runningRun('followers-a');
    const leaving = await follow(runId, keyA);
    expect((await follow(runId, keyA)).status).toBe(200);
    await expectOverloaded(follow(runId, keyA), 'run');

    leaving.controller.abort();
    await waitFor(() => testApp.container.services.playbookFollower.following === 1, { what: 'the place of the follower that left' });
    expect((await follow(runId, keyA)).status).toBe(200);
  });

  it('gives every place back once the followers are gone', async () => {
    const runs = [await runningRun('followers-a'), await runningRun('followers-b')];
    for (let round = 0; round < 3; round += 1) {
      const followers = [await follow(runs[0] as string, keyA), await follow(runs[0] as string, keyA), await follow(runs[1] as string, keyB), await follow(runs[1] as string, keyB)];
      expect(followers.map((follower) => follower.status)).toEqual([200, 200, 200, 200]);
      await leaveAll();
    }
  });

  it('does not take a place for a run the caller cannot see', async () => {
    const runId = await runningRun('followers-a');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await follow(runId, keyB)).status).toBe(404);
    expect((await follow(runId, keyA)).status).toBe(200);
  });
});
