import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { parseEventStream, pollRun, twoStepRunEvents, type RunView } from '../support/playbook-runs.ts';

/** Playbook runs on the sandbox provider, in process, on SQLite: the embedded mode a new user starts with. */
let testApp: TestApp;
let key: string;
let otherKey: string;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { SAFETY_CRITIC: 'rubric' } });
  key = await testApp.createKey('playbook-owner', { apiPlan: 'free' });
  otherKey = await testApp.createKey('someone-else');
});
afterAll(async () => {
  await testApp.close();
});

const leadBlitz = { playbook_id: 'lead-blitz', inputs: { niche: 'dental clinics', location: 'Leeds', product: 'online booking software for clinics' }, confirmed: true };

function start(body: Record<string, unknown>, apiKey = key) {
  return testApp.app.inject({ method: 'POST', url: '/api/playbooks/run', headers: { ...bearer(apiKey), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

function get(url: string, apiKey = key, headers: Record<string, string> = {}) {
  return testApp.app.inject({ method: 'GET', url, headers: { ...bearer(apiKey), ...headers } });
}

async function usedToday(): Promise<number> {
  return (await get('/api/usage')).json().data.api.used as number;
}

describe('POST /api/playbooks/run', () => {
  it('runs lead-blitz to the end: every step done with results, progress 100, the events in order', async () => {
    const usedBefore = await usedToday();
    const started = await start(leadBlitz);
    expect(started.statusCode).toBe(202);
    const { runId, status, pollUrl, statusUrl, eventsUrl } = started.json().data;
    expect(status).toBe('queued');
    expect(runId).toMatch(/^run_/);
    expect(started.json()).toMatchObject({ runId, status, statusUrl, eventsUrl });
    expect(started.headers.location).toBe(`/api/playbooks/runs/${runId}`);
    expect(pollUrl).toBe(`/api/playbooks/runs/${runId}`);
    expect(statusUrl).toBe(`/api/runs/${runId}`);
    expect(eventsUrl).toBe(`/api/runs/${runId}/events`);
    expect(started.headers['x-ratelimit-remaining']).toBe(String(50 - usedBefore - 2));

    const run = await pollRun((url) => get(url), pollUrl);
    expect(run).toMatchObject({ id: runId, playbookId: 'lead-blitz', playbookName: 'Lead Blitz', status: 'done', done: true, progress: 100, stepCount: 2, stepsSucceeded: 2, stepsFailed: 0, currentStep: -1, error: null });
    expect(run.inputs).toEqual(leadBlitz.inputs);
    expect(run.durationMs).toBeGreaterThanOrEqual(0);
    expect(run.steps.map((step) => [step.stepIndex, step.agentName, step.status, step.attempts])).toEqual([
      [0, 'leads', 'done', 1],
      [1, 'email-sequence', 'done', 1],
    ]);
    const [leads, emails] = run.steps;
    expect(leads?.result).toMatchObject({ count: expect.any(Number), leads: expect.any(Array), model: 'sandbox/deterministic' });
    expect(emails?.result).toMatchObject({ model: 'sandbox/deterministic' });
    for (const step of run.steps) {
      expect(step).toMatchObject({ model: 'sandbox/deterministic', error: null, agentRunId: expect.stringMatching(/^run_/) });
      expect(step.durationMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(step.completedAt as string)).toBeGreaterThanOrEqual(Date.parse(step.startedAt as string));
    }
    // Both steps succeeded, so both units stay counted.
    expect(await usedToday()).toBe(usedBefore + 2);

    const stream = await get(eventsUrl);
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const events = parseEventStream(stream.body);
    expect(events.map((event) => [event.id, event.event])).toEqual(twoStepRunEvents);
    expect(events[2]?.data).toMatchObject({ runId, stepIndex: 0, agentName: 'leads', model: 'sandbox/deterministic', progress: 50 });
    expect(events[5]?.data).toMatchObject({ runId, status: 'done', progress: 100 });

    const resumed = await get(eventsUrl, key, { 'last-event-id': '4' });
    expect(parseEventStream(resumed.body).map((event) => event.id)).toEqual(['5', '6']);
    const byQuery = await get(`${eventsUrl}?lastEventId=5`);
    expect(parseEventStream(byQuery.body).map((event) => event.event)).toEqual(['run.completed']);
    // The playbook's own path serves the same stream.
    const alias = await get(`/api/playbooks/runs/${runId}/events`);
    expect(parseEventStream(alias.body)).toEqual(events);
  });

  it('accepts playbookId and waits for the end with async: false', async () => {
    const response = await start({ playbookId: 'content-machine', inputs: { topic: 'Choosing a CRM for a small agency', tone: 'casual' }, async: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ playbookId: 'content-machine', status: 'done', progress: 100, stepsSucceeded: 2 });
  });

  it('refuses a playbook with a step that acts on the world until confirmed, showing what would run', async () => {
    const { confirmed: _confirmed, ...unconfirmed } = leadBlitz;
    const response = await start(unconfirmed);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'confirmation_required', preview: { playbook: 'lead-blitz', needsConfirmation: [{ stepIndex: 0, agent: 'leads' }] } });
  });

  it('lists every problem with the inputs, and refuses unknown playbooks with the ids there are', async () => {
    const invalid = await start({ playbook_id: 'lead-blitz', inputs: { niche: '', budget: 3 }, confirmed: true });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['inputs.budget', 'inputs.location', 'inputs.niche', 'inputs.product']);
    const missingId = await start({ inputs: {} });
    expect(missingId.statusCode).toBe(400);
    expect(missingId.json().issues).toEqual([expect.objectContaining({ path: 'playbook_id' })]);
    const unknown = await start({ playbook_id: 'no-such-playbook', inputs: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'playbook_not_found', available: expect.arrayContaining(['lead-blitz', 'weekly-report']) });
  });

  it('refuses anonymous callers', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/playbooks/run', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(leadBlitz) });
    expect(response.statusCode).toBe(401);
  });
});

describe('playbook runs of an account', () => {
  it("are the caller's only: another account's run is 404 on every route", async () => {
    const { runId } = (await start(leadBlitz)).json().data;
    await pollRun((url) => get(url), `/api/playbooks/runs/${runId}`);
    for (const url of [`/api/playbooks/runs/${runId}`, `/api/playbooks/runs/${runId}/events`]) {
      const response = await get(url, otherKey);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
    for (const action of ['cancel', 'resume']) {
      const response = await testApp.app.inject({ method: 'POST', url: `/api/playbooks/runs/${runId}/${action}`, headers: bearer(otherKey) });
      expect(response.statusCode).toBe(404);
    }
    const listed = await get('/api/playbooks/runs', otherKey);
    expect(listed.json().data.map((run: RunView) => run.id)).not.toContain(runId);
  });

  it('are listed latest first with cursor pagination', async () => {
    const lister = await testApp.createKey('lister');
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await start({ ...leadBlitz }, lister)).json().data.runId as string);
    const first = await get('/api/playbooks/runs?limit=2', lister);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((run: RunView) => run.id)).toEqual([ids[2], ids[1]]);
    const cursor = first.json().meta.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await get(`/api/playbooks/runs?limit=2&cursor=${encodeURIComponent(cursor)}`, lister);
    expect(second.json().data.map((run: RunView) => run.id)).toEqual([ids[0]]);
    expect(second.json().meta.nextCursor).toBeNull();
    const bad = await get('/api/playbooks/runs?cursor=nonsense', lister);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe('cursor');
  });

  it('cannot cancel a finished run or resume a done one (409)', async () => {
    const { runId } = (await start(leadBlitz)).json().data;
    await pollRun((url) => get(url), `/api/playbooks/runs/${runId}`);
    for (const action of ['cancel', 'resume']) {
      const response = await testApp.app.inject({ method: 'POST', url: `/api/playbooks/runs/${runId}/${action}`, headers: bearer(key) });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('conflict');
    }
    expect((await get('/api/playbooks/runs/pbr_missing')).statusCode).toBe(404);
  });
});
