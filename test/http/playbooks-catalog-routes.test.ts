import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** The playbook catalog as loaded by the service: every file validated against the agent catalog at start. */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl() });
});
afterAll(async () => testApp.close());

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('GET /api/playbooks', () => {
  it('lists at least 20 playbooks, including the ones clients already run', async () => {
    const body = (await get('/api/playbooks')).json();
    expect(body.count).toBeGreaterThanOrEqual(20);
    expect(body.data.map((playbook: { id: string }) => playbook.id)).toEqual(expect.arrayContaining(['lead-blitz', 'content-machine', 'competitor-takedown', 'seo-domination', 'proposal-blaster', 'weekly-report']));
  });

  it('describes one playbook: its inputs and its steps in order, never the prompts behind them', async () => {
    const response = await get('/api/playbooks/lead-blitz');
    expect(response.statusCode).toBe(200);
    const playbook = response.json().data;
    expect(playbook.steps.map((step: { agent: string }) => step.agent)).toEqual(['leads', 'email-sequence']);
    expect(playbook.fields.filter((field: { required: boolean }) => field.required).map((field: { key: string }) => field.key)).toEqual(['niche', 'location', 'product']);
    expect(JSON.stringify(playbook)).not.toContain('{{');
  });

  it('answers 404 playbook_not_found with every valid id for an unknown one', async () => {
    const response = await get('/api/playbooks/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'playbook_not_found', available: testApp.container.services.playbooks.ids(), suggestions: [] });
  });

  it('names the closest playbooks in suggestions for a misspelt id', async () => {
    const response = await get('/api/playbooks/lead-blits');
    expect(response.statusCode).toBe(404);
    expect(response.json().suggestions[0]).toBe('lead-blitz');
  });
});
