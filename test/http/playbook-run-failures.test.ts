import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { parseEventStream, pollRun, twoStepRunEvents } from '../support/playbook-runs.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';
import { waitFor } from '../support/wait-for.ts';

/** Failing, resuming, canceling and queueing playbook runs, with every provider at the local simulator. */
let simulator: UpstreamSimulator;
let testApp: TestApp;

beforeAll(async () => {
  simulator = await startUpstreamSimulator({ requestLogLimit: 5000 });
  testApp = await startTestApp({
    databaseUrl: freshSqliteUrl(),
    env: {
      ...allProvidersAt(simulator),
      SAFETY_CRITIC: 'rubric',
      SAFETY_JUDGE: 'off',
      UPSTREAM_TIMEOUT_MS: '5000',
      CIRCUIT_FAILURE_THRESHOLD: '1000',
      PLAYBOOK_ACCOUNT_CONCURRENCY: '1',
    },
    http: { sseKeepAliveMs: 100 },
  });
});
beforeEach(() => simulator.reset());
afterAll(async () => {
  await testApp.close();
  await simulator.close();
});

const contentMachine = { playbook_id: 'content-machine', inputs: { topic: 'Choosing a CRM for a small agency', tone: 'casual' } };

function start(key: string, body: Record<string, unknown> = contentMachine) {
  return testApp.app.inject({ method: 'POST', url: '/api/playbooks/run', headers: { ...bearer(key), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
}

function post(key: string, url: string) {
  return testApp.app.inject({ method: 'POST', url, headers: bearer(key) });
}

function get(key: string, url: string) {
  return testApp.app.inject({ method: 'GET', url, headers: bearer(key) });
}

async function usedToday(key: string): Promise<number> {
  return (await get(key, '/api/usage')).json().data.api.used as number;
}

describe('a step that fails', () => {
  it('fails the run, skips the rest and gives their units back; resume completes it once the models recover', async () => {
    const key = await testApp.createKey('failing', { apiPlan: 'free' });
    simulator.setFaults({ default: { failureRate: 1, failWith: { type: 'http', status: 503 } } });
    const { runId } = (await start(key)).json().data;
    expect(await usedToday(key)).toBeLessThanOrEqual(2);

    const failed = await pollRun((url) => get(key, url), `/api/playbooks/runs/${runId}`);
    expect(failed).toMatchObject({ status: 'failed', done: true, stepsFailed: 1, stepsSucceeded: 0, currentStep: -1, error: { code: 'upstream_unavailable' } });
    expect(failed.steps.map((step) => step.status)).toEqual(['failed', 'skipped']);
    expect(failed.steps[0]?.error?.code).toBe('upstream_unavailable');
    expect(failed.steps[1]).toMatchObject({ attempts: 0, startedAt: null, result: null });
    // Every model of the chain was tried once for step 0; step 1 never reached a model.
    expect(simulator.requests().length).toBeGreaterThanOrEqual(2);
    expect(await usedToday(key)).toBe(0);
    const failedEvents = parseEventStream((await get(key, `/api/playbooks/runs/${runId}/events`)).body);
    expect(failedEvents.map((event) => event.event)).toEqual(['run.started', 'step.started', 'step.failed', 'run.failed']);
    expect(failedEvents[3]?.data).toMatchObject({ failedStep: 0, error: { code: 'upstream_unavailable' } });

    simulator.reset();
    const resumed = await post(key, `/api/playbooks/runs/${runId}/resume`);
    expect(resumed.statusCode).toBe(202);
    expect(resumed.json().data).toMatchObject({ runId, status: 'queued' });
    expect(resumed.headers.location).toBe(`/api/playbooks/runs/${runId}`);
    const done = await pollRun((url) => get(key, url), `/api/playbooks/runs/${runId}`);
    expect(done).toMatchObject({ status: 'done', progress: 100, stepsSucceeded: 2, stepsFailed: 0, error: null });
    // A resume starts the steps afresh: attempts count claims since, more than one only after a crash.
    expect(done.steps.map((step) => [step.status, step.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
    expect(await usedToday(key)).toBe(2);

    // The blog post of step 0 reached step 1's model inside its prompt.
    const title = (done.steps[0]?.result as { title: string }).title;
    const secondStepCalls = simulator.requests().filter((request) => JSON.stringify(request.body).includes('Which agents and model tier'));
    expect(secondStepCalls.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(secondStepCalls[0]?.body)).toContain(title);
    // Nothing of a template is left for the model to see.
    for (const request of simulator.requests()) expect(JSON.stringify(request.body)).not.toMatch(/\{\{\s*(inputs|steps)\./);

    const allEvents = parseEventStream((await get(key, `/api/playbooks/runs/${runId}/events`)).body);
    expect(allEvents.map((event) => event.id)).toEqual(allEvents.map((_, index) => String(index + 1)));
    expect(allEvents.slice(4).map((event) => event.event)).toEqual(['run.started', 'step.started', 'step.completed', 'step.started', 'step.completed', 'run.completed']);
  });
});

describe('events', () => {
  it('follow a run live, in order, with keep-alive comments while a step is running, and end with the run', async () => {
    const key = await testApp.createKey('follower');
    simulator.setFaults({ default: { latencyMs: 300 } });
    const { runId } = (await start(key)).json().data;
    // The stream opens while the run is queued or running and ends only after its last event.
    const stream = await get(key, `/api/playbooks/runs/${runId}/events`);
    expect(stream.body).toContain(': keep-alive');
    const events = parseEventStream(stream.body);
    expect(events.map((event) => [event.id, event.event])).toEqual(twoStepRunEvents);
    expect((await get(key, `/api/playbooks/runs/${runId}`)).json().data.status).toBe('done');
  });
});

describe('cancel', () => {
  it('stops a running run: unfinished steps canceled, the late result discarded; the running step keeps its unit and its model call is logged', async () => {
    const key = await testApp.createKey('canceler', { apiPlan: 'free' });
    simulator.setFaults({ default: { latencyMs: 800 } });
    const { runId } = (await start(key)).json().data;
    await pollRun((url) => get(key, url), `/api/playbooks/runs/${runId}`, (run) => run.currentStep === 0);
    const canceled = await post(key, `/api/playbooks/runs/${runId}/cancel`);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().data).toMatchObject({ status: 'canceled', done: true });
    expect(canceled.json().data.steps.map((step: { status: string }) => step.status)).toEqual(['canceled', 'canceled']);
    // Step 0 was at its model, which goes on and bills us: its unit stays counted; step 1's is given back.
    expect(await usedToday(key)).toBe(1);

    // The model answers after the cancel, and its call is logged; the step stays canceled and nothing else runs.
    const logged = await waitFor(
      async () => {
        const rows = await testApp.container.database.db.selectFrom('runs').select(['status', 'input_tokens', 'output_tokens']).where('account_id', '=', 'canceler').execute();
        return rows.length > 0 && rows;
      },
      { what: 'the late model call logged' },
    );
    expect(await usedToday(key)).toBe(1);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.input_tokens).toBeGreaterThan(0);
    expect(logged[0]?.output_tokens).toBeGreaterThan(0);
    const later = (await get(key, `/api/playbooks/runs/${runId}`)).json().data;
    expect(later.steps.map((step: { status: string; result: unknown }) => [step.status, step.result])).toEqual([
      ['canceled', null],
      ['canceled', null],
    ]);
    const events = parseEventStream((await get(key, `/api/playbooks/runs/${runId}/events`)).body);
    expect(events.map((event) => event.event)).toEqual(['run.started', 'step.started', 'run.canceled']);
    const again = await post(key, `/api/playbooks/runs/${runId}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', status: 'canceled', error: expect.stringMatching(/is already canceled/) });
  });
});

describe('per-account concurrency', () => {
  it("keeps an account's extra runs queued while another account's run goes ahead", async () => {
    const busy = await testApp.createKey('busy-account');
    const other = await testApp.createKey('other-account');
    simulator.setFaults({ default: { latencyMs: 400 } });
    const first = (await start(busy)).json().data.runId as string;
    const second = (await start(busy)).json().data.runId as string;
    const third = (await start(other)).json().data.runId as string;

    await pollRun((url) => get(busy, url), `/api/playbooks/runs/${first}`, (run) => run.status === 'running');
    // Another account's run starts although this account's second run waits.
    await pollRun((url) => get(other, url), `/api/playbooks/runs/${third}`, (run) => run.status === 'running');
    expect((await get(busy, `/api/playbooks/runs/${second}`)).json().data.status).toBe('queued');

    // Canceling the queued run never starts it; the first run's end would otherwise have.
    const canceledQueued = await post(busy, `/api/playbooks/runs/${second}/cancel`);
    expect(canceledQueued.json().data).toMatchObject({ status: 'canceled', startedAt: null });
    const fourth = (await start(busy)).json().data.runId as string;
    const firstDone = await pollRun((url) => get(busy, url), `/api/playbooks/runs/${first}`);
    expect(firstDone.status).toBe('done');
    const fourthDone = await pollRun((url) => get(busy, url), `/api/playbooks/runs/${fourth}`);
    expect(fourthDone.status).toBe('done');
    // It started only once the first had finished.
    const fourthStarted = (await get(busy, `/api/playbooks/runs/${fourth}`)).json().data.startedAt as string;
    expect(Date.parse(fourthStarted)).toBeGreaterThanOrEqual(Date.parse((await get(busy, `/api/playbooks/runs/${first}`)).json().data.completedAt as string));
  });
});
