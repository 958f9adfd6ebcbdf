import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { AgentApiError, createAgentApiClient, getRun, listAgents, runFreeAgent, triggerRun, type AgentApiClient, type AgentRunBody, type LeadsAgentInput, type RunEvent, type SummarizeAgentOutput } from '../src/index.ts';
import { startListeningServer, type ListeningServer } from './listening-server.ts';

describe('the client against a listening server — happy paths', () => {
  let server: ListeningServer;
  let agents: AgentApiClient;
  beforeAll(async () => {
    server = await startListeningServer();
    agents = createAgentApiClient({ baseUrl: server.baseUrl, apiKey: await server.testApp.createKey() });
  });
  afterAll(async () => server.close());

  it("runs an agent and types its data as that agent's output", async () => {
    const run = await agents.runAgent('summarize', { prompt: 'Summarize: the quarterly report shows revenue up 12% and churn down to 3%, with hiring paused until spring.' });
    expectTypeOf(run.data).toEqualTypeOf<SummarizeAgentOutput>();
    expectTypeOf(run.meta.agent).toEqualTypeOf<'summarize'>();
    expect(run.success).toBe(true);
    expect(run.meta.agent).toBe('summarize');
    expect(run.data.summary.length).toBeGreaterThanOrEqual(20);
    expect(run.data.keyPoints.length).toBeGreaterThanOrEqual(1);
    expect(run.data.model).toBe(run.meta.model);
  });

  it("types a run's input fields by the agent", () => {
    expectTypeOf<AgentRunBody<'leads'>['input']>().toEqualTypeOf<Partial<LeadsAgentInput> | undefined>();
    expectTypeOf<LeadsAgentInput['niche']>().toEqualTypeOf<string>();
  });

  it('calls any operation through the generated SDK functions with the configured client', async () => {
    const listed = await listAgents({ client: agents.client, query: { search: 'summar' } });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.data.map((agent) => agent.id)).toContain('summarize');
  });

  it("sends the key as a bearer only, never in a trigger's webhook-signature header", async () => {
    const sent: Request[] = [];
    const recording = createAgentApiClient({
      baseUrl: server.baseUrl,
      apiKey: await server.testApp.createKey(),
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(request.clone());
        return fetch(request);
      },
    });
    const started = await triggerRun({ client: recording.client, body: { agent: 'summarize', prompt: 'Summarize: the shop closes early on Friday for inventory.' } });
    expect(started.response.status).toBe(202);
    expect(sent[0]?.headers.get('authorization')).toMatch(/^Bearer ak_live_/);
    expect(sent[0]?.headers.has('webhook-signature')).toBe(false);
  });

  it('follows a background run as typed events until it ends, and resumes after a given event', async () => {
    const started = await triggerRun({ client: agents.client, body: { agent: 'summarize', prompt: 'Summarize: the new office opens in May; the lease is five years; parking is limited.' } });
    const runId = started.data?.runId;
    expect(runId).toMatch(/^run_/);
    const events: RunEvent[] = [];
    for await (const event of agents.followRun(runId!)) events.push(event);
    expect(events[0]?.event).toBe('run.started');
    expect(events.at(-1)?.event).toBe('run.completed');
    expect(events.map((event) => Number(event.id))).toEqual(events.map((_event, index) => index + 1));
    const last = events.at(-1)!;
    if (last.event === 'run.completed') expectTypeOf(last.data.status).toEqualTypeOf<'done'>();
    const afterFirst: RunEvent[] = [];
    for await (const event of agents.followRun(runId!, { lastEventId: '1' })) afterFirst.push(event);
    expect(afterFirst).toEqual(events.slice(1));
    const stored = await getRun({ client: agents.client, path: { runId: runId! } });
    expect(stored.data?.data.status).toBe('done');
  });
});

describe('the client against a listening server — errors', () => {
  let server: ListeningServer;
  beforeAll(async () => {
    server = await startListeningServer({ FREE_TIER_LIMIT: '1' });
  });
  afterAll(async () => server.close());

  it('throws AgentApiError with the error envelope on an error answer', async () => {
    const agents = createAgentApiClient({ baseUrl: server.baseUrl, apiKey: await server.testApp.createKey() });
    const refusal = await agents.runAgent('no-such-agent' as 'summarize', { prompt: 'hello there' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AgentApiError);
    expect((refusal as AgentApiError).status).toBe(404);
    expect((refusal as AgentApiError).code).toBe('agent_not_found');
    const unknownRun = agents.followRun('run_missing');
    await expect(unknownRun.next()).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('does not wait out a Retry-After longer than its bound: the 429 comes back at once', async () => {
    const waits: number[] = [];
    const anonymous = createAgentApiClient({ baseUrl: server.baseUrl, retry: { maxDelayMs: 5_000, sleep: async (ms) => void waits.push(ms) } });
    const body = { agent: 'summarize', prompt: 'Summarize: the meeting moved to Thursday at ten.' };
    expect((await runFreeAgent({ client: anonymous.client, body })).response.status).toBe(200);
    const refused = await runFreeAgent({ client: anonymous.client, body });
    expect(refused.response.status).toBe(429);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(5);
    expect(refused.error).toMatchObject({ code: 'free_limit_exceeded' });
    expect(waits).toEqual([]);
  });
});
