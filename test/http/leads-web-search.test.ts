import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTestServer, type LocalTestServer } from '../support/local-test-server.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/** leads with a web search engine configured (a local stand-in for the Brave Search API). */
let search: LocalTestServer;
let testApp: TestApp;
const queries: string[] = [];

beforeAll(async () => {
  search = await startLocalTestServer((request, response) => {
    queries.push(new URL(request.url ?? '/', 'http://search').searchParams.get('q') ?? '');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ web: { results: [{ title: 'Solaris Pay', url: 'https://solaris-pay.example/', description: 'Berlin payments startup' }] } }));
  });
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { BRAVE_SEARCH_API_KEY: 'test-key', BRAVE_SEARCH_BASE_URL: search.origin } });
});
afterAll(async () => {
  await testApp.close();
  await search.close();
});

describe('leads with web search — happy path', () => {
  it('searches the web for the profile and lists the pages it drew on', async () => {
    const key = await testApp.createKey('searcher');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/agents/leads',
      headers: { ...bearer(key), 'content-type': 'application/json' },
      payload: JSON.stringify({ prompt: 'fintech startups in Berlin' }),
    });
    expect(response.statusCode).toBe(200);
    expect(queries).toEqual(['fintech startups in Berlin']);
    expect(response.json().data.sources).toEqual([{ title: 'Solaris Pay', url: 'https://solaris-pay.example/' }]);
  });
});
