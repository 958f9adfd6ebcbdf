import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** SAFETY_MAX_SCREENED_CHARACTERS through the real app: past it, 413 before anything is screened, counted or stored. */
const limit = 100_000;
let testApp: TestApp;
let key: string;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { SAFETY_MAX_SCREENED_CHARACTERS: String(limit) } });
  key = await testApp.createKey('screening-limit-user', { apiPlan: 'starter' });
});
afterAll(async () => {
  await testApp.close();
});

function freeRun(body: unknown) {
  return testApp.app.inject({ method: 'POST', url: '/api/free/run', remoteAddress: '198.51.100.90', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

function keyedPost(url: string, body: unknown) {
  return testApp.app.inject({ method: 'POST', url, headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

/** 413 with the limit, and the account's quota and the stored runs as they were. */
async function expectRefusedUncounted(response: { statusCode: number; json: () => unknown }): Promise<void> {
  expect(response.statusCode).toBe(413);
  expect(response.json()).toMatchObject({ code: 'payload_too_large', limitCharacters: limit });
  const usage = await testApp.app.inject({ method: 'GET', url: '/api/usage', headers: bearer(key) });
  expect(usage.json()).toMatchObject({ data: { api: { used: 0 } } });
  expect(await storedRuns()).toBe(0);
}

async function storedRuns(): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*) as count from runs`.execute(testApp.container.database.db);
  return Number(rows[0]?.count);
}

describe('the screening limit — errors', () => {
  it('refuses an anonymous run whose text is one character over it with 413, quickly, not counted and not stored', async () => {
    const started = performance.now();
    const response = await freeRun({ agent: 'summarize', text: 'word '.repeat(limit / 5) + 'x' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large', limitCharacters: limit });
    expect(response.headers['x-free-remaining']).toBe('3');
    expect(await storedRuns()).toBe(0);
  });

  it('counts every string the screen reads: the prompt and the fields together', async () => {
    await expectRefusedUncounted(await keyedPost('/api/agents/summarize', { prompt: 'a'.repeat(40_000), text: 'b'.repeat(limit - 40_000 + 1) }));
  });

  it('refuses a playbook whose inputs are longer than it together with 413, before any unit is taken', async () => {
    const inputs = { product: 'a'.repeat(50_000), audience: 'b'.repeat(50_000), platform: 'Google' };
    await expectRefusedUncounted(await keyedPost('/api/playbooks/run', { playbook_id: 'ad-campaign', inputs, confirmed: true }));
  });
});

describe('the screening limit — happy paths', () => {
  it('runs a request whose text is exactly at it', async () => {
    const response = await freeRun({ agent: 'summarize', text: 'word '.repeat(limit / 5) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-free-remaining']).toBe('2');
    expect(await storedRuns()).toBe(1);
  });
});
