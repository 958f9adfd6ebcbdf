import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamSimulator, type UpstreamSimulator } from '../../tools/upstream-simulator/simulator-server.ts';
import { allProvidersAt } from '../support/all-providers.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/**
 * Promises to the request through every real provider adapter, against the local upstream simulator: the
 * narrowed schema travels each provider's wire protocol (Anthropic and Gemini rewrite schemas their own way)
 * and the answer comes back honouring the fields.
 */
/** The providers the simulator speaks for (ollama runs locally and is not configured here). */
const providerNames = { openai: 1, anthropic: 1, google: 1, groq: 1, mistral: 1, nvidia: 1 };
let simulator: UpstreamSimulator;
let testApp: TestApp;
let key: string;

beforeAll(async () => {
  simulator = await startUpstreamSimulator();
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { ...allProvidersAt(simulator), SAFETY_CRITIC: 'rubric' } });
  key = await testApp.createKey('promises-providers');
});
afterAll(async () => {
  await testApp.close();
  await simulator.close();
});

async function run(agent: string, body: Record<string, unknown>) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/api/agents/${agent}`,
    headers: { ...bearer(key), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json() };
}

describe('promises kept on every provider', () => {
  it('one model of each provider answers as many emails as steps, in order, and the priority asked for', async () => {
    const models = (await testApp.app.inject({ method: 'GET', url: '/api/models', headers: bearer(key) })).json().data as { id: string; provider: string }[];
    const configured = models.filter((model) => model.provider in providerNames);
    const oneEach = [...new Map(configured.map((model) => [model.provider, model.id])).values()];
    expect(oneEach.length).toBeGreaterThanOrEqual(6);
    for (const model of oneEach) {
      const sequence = await run('email-sequence', { product: 'A bookkeeping app for freelancers', steps: 4, model });
      expect(sequence.status, `${model}: ${JSON.stringify(sequence.body).slice(0, 300)}`).toBe(200);
      expect(sequence.body.meta.model).toBe(model);
      // One call: the provider's model kept the count from the schema it was sent, no repair was asked.
      expect(sequence.body.meta.attempts).toHaveLength(1);
      const emails = sequence.body.data.emails as { step: number; sendDay: number }[];
      expect(emails.map((email) => email.step)).toEqual([1, 2, 3, 4]);
      expect(emails.map((email) => email.sendDay)).toEqual([...emails.map((email) => email.sendDay)].sort((left, right) => left - right));
      const router = await run('smart-router', { task_type: 'Classify support tickets', priority: 'speed', model });
      expect(router.body.data.priority, model).toBe('speed');
    }
  });
});
