import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../src/domain/agents/agent.ts';
import type { LocalTestServer } from '../support/local-test-server.ts';
import { bearer, type TestApp } from '../support/test-app.ts';
import { startAppWithTestSite, type AppWithTestSite } from '../support/test-site.ts';

/** Every agent of the catalog, run once through the real service on the sandbox provider. */
let site: LocalTestServer;
let testApp: TestApp;
let key: string;
let environment: AppWithTestSite;

beforeAll(async () => {
  environment = await startAppWithTestSite('catalog-runner');
  ({ site, testApp, key } = environment);
});
afterAll(async () => environment.close());

function promptFor(agent: Agent): string {
  if (agent.tools.includes('page-audit')) return `Audit ${site.origin}/ for SEO issues`;
  if (agent.tools.includes('page-reader')) return `What does ${site.origin}/ offer?`;
  return `${agent.name}: please help with a realistic task for a 20-person B2B software company selling project-management tools in Germany.`;
}

describe('every agent in the catalog', () => {
  it('has at least 130 agents', () => {
    expect(testApp.container.services.catalog.size).toBeGreaterThanOrEqual(130);
  });

  it('runs on the sandbox and answers output that satisfies its own public schema', async () => {
    const failures: string[] = [];
    for (const agent of testApp.container.services.catalog.list()) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/agents/${agent.id}`,
        headers: { ...bearer(key), 'content-type': 'application/json' },
        payload: JSON.stringify({ prompt: promptFor(agent), confirmed: true }),
      });
      if (response.statusCode !== 200) {
        failures.push(`${agent.id}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        continue;
      }
      const { model, ...data } = response.json().data as Record<string, unknown>;
      expect(model).toBe('sandbox/deterministic');
      const checked = agent.publicOutputValidator.safeParse(data);
      if (!checked.success) failures.push(`${agent.id}: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
    }
    expect(failures).toEqual([]);
  });
});
