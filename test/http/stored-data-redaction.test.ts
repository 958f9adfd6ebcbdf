import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollRun } from '../support/playbook-runs.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/**
 * What the service stores and shows again later — playbook inputs, trigger bodies, step results, the run
 * log's output, error messages — holds PII as the models saw it: placeholders, never the values.
 */
let testApp: TestApp;
let key: string;

const card = '4111 1111 1111 1111';
const iban = 'DE89 3704 0044 0532 0130 00';
const ssn = '078-05-1120';
const apiKey = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const githubToken = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const sensitive = `card ${card}, IBAN ${iban}, SSN ${ssn}, API key ${apiKey}`;
/** Each value as sent, and without its spaces and dashes. */
const forbidden = [card, iban, ssn, apiKey, githubToken].flatMap((value) => [value, value.replace(/[\s-]/g, '')]);

function expectNoRawValue(text: string, where: string): void {
  for (const value of forbidden) expect(text.includes(value), `${where} holds ${value}`).toBe(false);
}

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { SAFETY_CRITIC: 'rubric' } });
  key = await testApp.createKey('stored-data');
});
afterAll(async () => testApp.close());

function post(url: string, payload: string, contentType = 'application/json') {
  return testApp.app.inject({ method: 'POST', url, headers: { ...bearer(key), 'content-type': contentType }, payload });
}

function get(url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: bearer(key) });
}

/** Every GET that shows the run again, checked; returns the run as GET /api/runs/{id} shows it. */
async function expectRunStoredWithoutValues(runId: string): Promise<Record<string, unknown>> {
  const run = (await pollRun(get, `/api/runs/${runId}`)) as unknown as Record<string, unknown>;
  expectNoRawValue(JSON.stringify(run), `GET /api/runs/${runId}`);
  if (run.kind === 'playbook') {
    expectNoRawValue((await get(`/api/playbooks/runs/${runId}`)).body, `GET /api/playbooks/runs/${runId}`);
    expectNoRawValue((await get(`/api/playbooks/runs/${runId}/events`)).body, `GET /api/playbooks/runs/${runId}/events`);
    expectNoRawValue((await get('/api/playbooks/runs?limit=50')).body, 'GET /api/playbooks/runs');
  }
  return run;
}

const formEncode = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('stored runs hold PII as the models saw it', () => {
  it('a playbook run: inputs, step results and the run as shown later carry placeholders', async () => {
    const started = await post('/api/playbooks/run', JSON.stringify({ playbook_id: 'content-machine', inputs: { topic: `Choosing a CRM (${sensitive})`, tone: 'casual', keywords: `crm, ${githubToken}` }, async: false }));
    expect(started.statusCode).toBe(200);
    expectNoRawValue(started.body, 'POST /api/playbooks/run');
    const run = await expectRunStoredWithoutValues(started.json().data.id);
    expect(run.status).toBe('done');
    expect(JSON.stringify(run.inputs)).toContain('[CARD_1]');
    expect(JSON.stringify(run.inputs)).toContain('[SECRET_');
  });

  it('a trigger with a JSON body: the stored body and the result carry placeholders', async () => {
    const response = await post('/api/webhooks/trigger', JSON.stringify({ agent: 'summarize', prompt: `Summarise the call: the client read out ${sensitive}.`, input: { notes: `token ${githubToken}` } }));
    expect(response.statusCode).toBe(202);
    const run = await expectRunStoredWithoutValues(response.json().runId);
    expect(run.status).toBe('done');
  });

  it('a trigger with a form body, for an agent and for a playbook', async () => {
    const agent = await post('/api/webhooks/trigger', formEncode({ agent: 'summarize', prompt: `Summarise: the caller gave ${sensitive}.` }), 'application/x-www-form-urlencoded');
    expect(agent.statusCode).toBe(202);
    expect((await expectRunStoredWithoutValues(agent.json().runId)).status).toBe('done');

    const playbook = await post('/api/webhooks/trigger', formEncode({ playbook_id: 'content-machine', 'inputs[topic]': `Payments (${sensitive})`, 'inputs[tone]': 'casual' }), 'application/x-www-form-urlencoded');
    expect(playbook.statusCode).toBe(202);
    expect((await expectRunStoredWithoutValues(playbook.json().runId)).status).toBe('done');
  });

  it('a direct agent run: the answer, the run log and GET /api/runs/{id}', async () => {
    const response = await post('/api/agents/summarize', JSON.stringify({ prompt: `Summarise: ${sensitive}; also ${githubToken}.` }));
    expect(response.statusCode).toBe(200);
    expectNoRawValue(response.body, 'POST /api/agents/summarize');
    await expectRunStoredWithoutValues(response.json().meta.runId);
  });

  it('an error message that would echo what was sent', async () => {
    // The conversation id is read by a tool only; the "does not exist" error names it.
    const response = await post('/api/webhooks/trigger', JSON.stringify({ agent: 'voice-chat', prompt: 'Where is my order?', conversationId: apiKey }));
    expect(response.statusCode).toBe(202);
    const run = await expectRunStoredWithoutValues(response.json().runId);
    expect(run).toMatchObject({ status: 'failed', error: { code: 'not_found' } });
  });

  it('a refusal kept for an Idempotency-Key, which echoes what was sent, is kept and replayed with placeholders', async () => {
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/agents/trigger',
        headers: { ...bearer(key), 'content-type': 'application/json', 'idempotency-key': 'refused-with-a-card' },
        payload: JSON.stringify({ agent: `summarize ${card}`, input: { text: 'x' } }),
      });
    const first = await send();
    expect(first.statusCode).toBe(404);
    expect(first.json().code).toBe('agent_not_found');
    const replay = await send();
    expect(replay.statusCode).toBe(404);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().error).toContain('[CARD_1]');
    expectNoRawValue(replay.body, 'the replayed refusal');
  });

  it('no table of the database holds a value sent in any of the runs above', async () => {
    const { db } = testApp.container.database;
    const tables = await db.introspection.getTables();
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      const rows = await db.selectFrom(table.name as never).selectAll().execute();
      expectNoRawValue(JSON.stringify(rows), `table ${table.name}`);
    }
  });
});
