import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl() });
});
afterAll(async () => testApp.close());

const get = (url: string) => testApp.app.inject({ method: 'GET', url });

describe('GET /api/agents — happy paths', () => {
  it('lists every agent, sorted, with its flags', async () => {
    const response = await get('/api/agents');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(testApp.container.services.catalog.size);
    expect(body.data.map((agent: { id: string }) => agent.id)).toEqual(testApp.container.services.catalog.ids('api'));
    expect(body.data.find((agent: { id: string }) => agent.id === 'leads')).toMatchObject({
      category: 'sales',
      readOnly: false,
      requiresConfirmation: true,
      v1: true,
    });
  });

  it('filters by category and searches by words', async () => {
    const sales = (await get('/api/agents?category=sales')).json();
    expect(sales.data.length).toBeGreaterThan(0);
    expect(sales.data.every((agent: { category: string }) => agent.category === 'sales')).toBe(true);
    const search = (await get('/api/agents?search=blog%20post')).json();
    expect(search.data.map((agent: { id: string }) => agent.id)).toContain('blog-gen');
  });
});

describe('GET /api/agents/{agent} — happy paths', () => {
  it('describes an agent with its input and output JSON Schemas', async () => {
    const response = await get('/api/agents/leads');
    expect(response.statusCode).toBe(200);
    const agent = response.json().data;
    expect(agent.inputSchema.properties.niche).toBeDefined();
    expect(agent.outputSchema.properties).toMatchObject({ leads: expect.any(Object), count: expect.any(Object), model: { type: 'string' } });
    expect(agent.outputSchema.required).toContain('model');
  });
});

describe('agent catalog routes — errors', () => {
  it('404s an unknown agent with the available ids', async () => {
    const response = await get('/api/agents/nope');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'agent_not_found', available: expect.arrayContaining(['leads', 'blog-gen']) });
  });

  it('400s an unknown category', async () => {
    const response = await get('/api/agents?category=astrology');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_request', issues: [{ path: 'querystring.category' }] });
  });
});

describe('agent catalog routes — security', () => {
  it('are public and reveal no account data', async () => {
    const response = await get('/api/agents');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/ak_live_|"hash"|accountId|"user"/);
  });
});

describe('GET /api/agents?search= — words, prefixes and typos', () => {
  const idsFor = async (search: string) => ((await get(`/api/agents?search=${encodeURIComponent(search)}`)).json().data as { id: string }[]).map((agent) => agent.id);

  it('finds agents by the start of a word and despite a typo, best matches first', async () => {
    expect(await idsFor('summ')).toContain('summarize');
    expect(await idsFor('sumarize')).toContain('summarize');
    expect((await idsFor('blog post'))[0]).toBe('blog-gen');
    expect(await idsFor('blgo post')).toContain('blog-gen');
    // Words that match the id or name rank above the same words found only in a description.
    expect((await idsFor('emial sequnce'))[0]).toBe('email-sequence');
    expect((await idsFor('invoce'))[0]).toBe('invoice-drafter');
  });

  it('needs every word, so an unrelated word finds nothing', async () => {
    expect(await idsFor('blog zzzzqqq')).toEqual([]);
  });
});

describe('unknown agents — did you mean', () => {
  it('answers 404 with the closest ids in suggestions', async () => {
    const response = await get('/api/agents/summarise');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'agent_not_found', suggestions: ['summarize'] });
    expect(response.json().error).toContain('did you mean "summarize"?');
  });
});
