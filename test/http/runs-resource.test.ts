import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventStream, pollRun } from '../support/playbook-runs.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/**
 * The run resource: a direct agent run, a background agent run and a playbook run are all runs, with one
 * id scheme, one shape, one list, one event stream, one cancel and one resume (see
 * docs/decisions/0049-one-run-resource.md).
 */
let testApp: TestApp;
let key: string;
const started: Record<'direct' | 'background' | 'playbook', string> = { direct: '', background: '', playbook: '' };

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { SAFETY_CRITIC: 'rubric' } });
  key = await testApp.createKey('runs-owner');
  const direct = await post('/api/agents/summarize', { prompt: 'Summarize: the meeting moved to Tuesday at 10.' });
  expect(direct.statusCode).toBe(200);
  started.direct = direct.json().meta.runId as string;
  const background = await post('/api/webhooks/trigger', { agent: 'summarize', prompt: 'Summarize: the launch slipped a week.' });
  expect(background.statusCode).toBe(202);
  started.background = background.json().runId as string;
  const playbook = await post('/api/playbooks/run', { playbook_id: 'lead-blitz', inputs: { niche: 'dentists', location: 'Leeds', product: 'booking software' }, confirmed: true });
  expect(playbook.statusCode).toBe(202);
  started.playbook = playbook.json().runId as string;
  for (const runId of [started.background, started.playbook]) await pollRun(get, `/api/runs/${runId}`);
});
afterAll(async () => testApp.close());

/** A run without what only its own page shows: its executions' details (and its steps'). */
function withoutExecutions(run: Record<string, unknown>): Record<string, unknown> {
  const { usage: _usage, safety: _safety, modelAttempts: _attempts, routing: _routing, steps, ...rest } = run;
  const bareSteps = (steps as Record<string, unknown>[]).map(({ input: _input, usage: _u, safety: _s, modelAttempts: _a, routing: _r, ...step }) => step);
  return { ...rest, steps: bareSteps };
}

function post(url: string, body: unknown, credential = key) {
  return testApp.app.inject({ method: 'POST', url, headers: { ...bearer(credential), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

function get(url: string, credential = key, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers: { ...bearer(credential), ...headers } });
}

async function list(query = ''): Promise<{ data: Record<string, unknown>[]; meta: { nextCursor: string | null } }> {
  const response = await get(`/api/runs${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/runs', () => {
  it('lists the three kinds of run newest first, in one shape, with run_ ids', async () => {
    const { data } = await list();
    expect(data.map((run) => run.id)).toEqual([started.playbook, started.background, started.direct]);
    expect(data.map((run) => run.kind)).toEqual(['playbook', 'agent', 'agent']);
    const keys = Object.keys(data[0] ?? {}).sort();
    for (const run of data) {
      expect(Object.keys(run).sort()).toEqual(keys);
      expect(run.id).toMatch(/^run_/);
      expect(run).toMatchObject({ status: 'done', done: true, statusUrl: `/api/runs/${run.id}`, eventsUrl: `/api/runs/${run.id}/events`, parentRunId: null });
    }
    // The list and GET /api/runs/{id} agree; a durable run's page adds its steps' executions, which lists leave out.
    for (const run of data) {
      const detail = (await get(`/api/runs/${run.id as string}`)).json().data as Record<string, unknown>;
      if (run.id === started.direct) expect(detail).toEqual(run);
      else expect(withoutExecutions(detail)).toEqual(withoutExecutions(run));
    }
  });

  it("shows on a run's page what each step went through: its task, safety layers, model calls, routing and cost", async () => {
    const listed = (await list('?kind=playbook')).data[0] as { usage: unknown; steps: { input: unknown; safety: unknown }[] };
    expect(listed.usage).toBeNull();
    expect(listed.steps.every((step) => step.input === null && step.safety === null)).toBe(true);
    const run = (await get(`/api/runs/${started.playbook}`)).json().data as {
      usage: { inputTokens: number; costUsd: number };
      steps: { agentRunId: string; input: { prompt: string }; safety: { layer: string; stage: string }[]; modelAttempts: { model: string; outcome: string }[]; routing: { category: string }; usage: { inputTokens: number } }[];
    };
    const [first] = run.steps;
    expect(first?.input.prompt).toContain('dentists');
    expect(first?.input.prompt).toContain('Leeds');
    expect(first?.safety.map((layer) => `${layer.layer}/${layer.stage}`)).toEqual(expect.arrayContaining(['jailbreak/input', 'pii/input', 'content/input', 'critic/output']));
    expect(first?.modelAttempts).toEqual([expect.objectContaining({ model: 'sandbox/deterministic', outcome: 'ok' })]);
    expect(first?.routing).toMatchObject({ category: expect.any(String) });
    // The run's usage is its steps' executions added up, as each step's own run reports it.
    const executions = await Promise.all(run.steps.map(async (step) => (await get(`/api/runs/${step.agentRunId}`)).json().data as { usage: { inputTokens: number } }));
    expect(run.usage.inputTokens).toBe(executions.reduce((sum, execution) => sum + execution.usage.inputTokens, 0));
    expect(run.usage.inputTokens).toBeGreaterThan(0);
    expect(run.steps.map((step) => step.usage.inputTokens)).toEqual(executions.map((execution) => execution.usage.inputTokens));
    const background = (await get(`/api/runs/${started.background}`)).json().data as { safety: unknown[]; usage: { inputTokens: number } };
    expect(background.safety.length).toBeGreaterThan(0);
    expect(background.usage.inputTokens).toBeGreaterThan(0);
  });

  it("shows a playbook's step executions inside it, each a run of its own that names its parent", async () => {
    const playbook = (await get(`/api/runs/${started.playbook}`)).json().data;
    expect(playbook.steps).toHaveLength(2);
    for (const step of playbook.steps as { agentRunId: string; result: unknown }[]) {
      const execution = (await get(`/api/runs/${step.agentRunId}`)).json().data;
      expect(execution).toMatchObject({ id: step.agentRunId, kind: 'agent', parentRunId: started.playbook, status: 'done', result: step.result });
    }
    const background = (await get(`/api/runs/${started.background}`)).json().data;
    const execution = (await get(`/api/runs/${background.agentRunId as string}`)).json().data;
    expect(execution).toMatchObject({ parentRunId: started.background, result: background.result });
    expect(background.result).toMatchObject({ summary: expect.any(String) });
  });

  it("stores a step's answer once, with its run: the run log rows of the executions hold no copy", async () => {
    const rows = await testApp.container.database.db.selectFrom('runs').select(['id', 'parent_run_id', 'output']).execute();
    const executions = rows.filter((row) => row.parent_run_id !== null);
    expect(executions).toHaveLength(3);
    for (const row of executions) expect(row.output).toBeNull();
    expect(rows.find((row) => row.id === started.direct)?.output).toContain('"summary"');
  });

  it('filters by kind, agent, playbook, status and creation time, and pages with a cursor', async () => {
    expect((await list('?kind=playbook')).data.map((run) => run.id)).toEqual([started.playbook]);
    expect((await list('?kind=agent')).data.map((run) => run.id)).toEqual([started.background, started.direct]);
    expect((await list('?agent=summarize')).data.map((run) => run.id)).toEqual([started.background, started.direct]);
    expect((await list('?agent=leads')).data).toEqual([]);
    expect((await list('?playbook=lead-blitz')).data.map((run) => run.id)).toEqual([started.playbook]);
    expect((await list('?status=failed')).data).toEqual([]);
    expect((await list('?status=done&kind=agent')).data).toHaveLength(2);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await list(`?since=${future}`)).data).toEqual([]);
    expect((await list(`?until=${future}`)).data).toHaveLength(3);

    const first = await list('?limit=2');
    expect(first.data.map((run) => run.id)).toEqual([started.playbook, started.background]);
    const second = await list(`?limit=2&cursor=${first.meta.nextCursor as string}`);
    expect(second.data.map((run) => run.id)).toEqual([started.direct]);
    expect(second.meta.nextCursor).toBeNull();
  });

  it('refuses a bad filter or cursor with 400, and shows nothing of another account', async () => {
    expect((await get('/api/runs?status=finished')).statusCode).toBe(400);
    expect((await get('/api/runs?since=yesterday')).statusCode).toBe(400);
    expect((await get('/api/runs?cursor=nonsense')).statusCode).toBe(400);
    const stranger = await testApp.createKey('runs-stranger');
    expect((await get('/api/runs', stranger)).json().data).toEqual([]);
    for (const runId of Object.values(started)) expect((await get(`/api/runs/${runId}`, stranger)).statusCode).toBe(404);
  });
});

describe('GET /api/runs/{id}/events', () => {
  it('follows every kind of run to its end', async () => {
    for (const runId of Object.values(started)) {
      const stream = await get(`/api/runs/${runId}/events`);
      expect(stream.statusCode).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      const events = parseEventStream(stream.body);
      expect(events[0]?.event).toBe('run.started');
      expect(events.at(-1)).toMatchObject({ event: 'run.completed', data: { runId, status: 'done', progress: 100 } });
      expect(events.map((event) => event.id)).toEqual(events.map((_, index) => String(index + 1)));
    }
  });

  it('sends only the events after Last-Event-ID, for a direct run too', async () => {
    const stream = await get(`/api/runs/${started.direct}/events`, key, { 'last-event-id': '1' });
    expect(parseEventStream(stream.body).map((event) => event.event)).toEqual(['run.completed']);
  });
});

describe('cancel and resume', () => {
  it('answer 409 for runs that ended, and for a direct run, with the state in the details', async () => {
    for (const runId of Object.values(started)) {
      const canceled = await post(`/api/runs/${runId}/cancel`, {});
      expect(canceled.statusCode).toBe(409);
      expect(canceled.json()).toMatchObject({ success: false, code: 'conflict', status: 'done' });
      expect((await post(`/api/runs/${runId}/resume`, {})).statusCode).toBe(409);
    }
  });

  it('cancel a queued background run, and resume it to the end', async () => {
    // No worker yet: the run stays queued until one starts.
    const idle = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { SAFETY_CRITIC: 'rubric' }, workers: false });
    try {
      const owner = await idle.createKey('queued-owner');
      const send = (url: string, body: unknown = {}) => idle.app.inject({ method: 'POST', url, headers: { ...bearer(owner), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      const runId = (await send('/api/webhooks/trigger', { agent: 'summarize', prompt: 'Summarize: the budget was approved.' })).json().runId as string;
      const canceled = await send(`/api/runs/${runId}/cancel`);
      expect(canceled.statusCode).toBe(200);
      expect(canceled.json().data).toMatchObject({ id: runId, kind: 'agent', status: 'canceled', done: true, progress: 0 });
      const again = await send(`/api/runs/${runId}/cancel`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ success: false, code: 'conflict', status: 'canceled', error: expect.stringContaining('already canceled') });

      const resumed = await send(`/api/runs/${runId}/resume`);
      expect(resumed.statusCode).toBe(202);
      const urls = { statusUrl: `/api/runs/${runId}`, eventsUrl: `/api/runs/${runId}/events` };
      expect(resumed.json()).toMatchObject({ runId, status: 'queued', ...urls, data: { runId, type: 'agent', status: 'queued', ...urls } });
      expect(resumed.headers.location).toBe(urls.statusUrl);
      idle.container.startPlaybookWorker();
      const run = await pollRun((url) => idle.app.inject({ method: 'GET', url, headers: bearer(owner) }), urls.statusUrl);
      expect(run).toMatchObject({ status: 'done', error: null });
    } finally {
      await idle.close();
    }
  });
});
