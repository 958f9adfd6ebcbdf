import { startLocalIdentityProvider, type LocalIdentityProvider } from './local-identity-provider.ts';
import { pollRun } from './playbook-runs.ts';
import { bearer, startTestApp, type TestApp } from './test-app.ts';
import { freshSqliteUrl } from './test-databases.ts';

export const adminToken = 'admin-token-for-route-sweeps-0123456789';

/** What one account owns, by kind: another account asking for any of it must get 404. */
export interface OwnedIds {
  playbookRun: string;
  agentRun: string;
  triggerRun: string;
}

export interface TwoAccountApp {
  testApp: TestApp;
  identityProvider: LocalIdentityProvider;
  /** The account that owns the resources. */
  owner: { id: string; key: string; owned: OwnedIds };
  /** Another account, with its own key and nothing of the owner's. */
  other: { id: string; key: string };
  /** A key that was revoked. */
  revokedKey: string;
  /** The prefix of a key nobody else uses, for admin routes that act on a key. */
  spareKeyPrefix: string;
  close(): Promise<void>;
}

/** The real app on a fresh database (SQLite unless told) with an admin token, a local identity provider, and two accounts: one owning a finished playbook run, an agent run and a trigger run. */
export async function startTwoAccountApp(databaseUrl = freshSqliteUrl()): Promise<TwoAccountApp> {
  const identityProvider = await startLocalIdentityProvider();
  const testApp = await startTestApp({ databaseUrl, env: { ADMIN_TOKEN: adminToken, ...identityProvider.env } });
  const { app, container } = testApp;
  const ownerKey = await testApp.createKey('owner-account');
  const otherKey = await testApp.createKey('other-account');
  const revokedKey = await testApp.createKey('revoked-account');
  await container.services.accounts.revokeKey(revokedKey.slice(0, 20));
  const spareKeyPrefix = (await testApp.createKey('spare-account')).slice(0, 20);

  const post = async (url: string, body: unknown) => {
    const response = await app.inject({ method: 'POST', url, headers: { ...bearer(ownerKey), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json() as { data: { runId?: string; id?: string }; meta?: { runId?: string } };
  };
  const playbookRun = (await post('/api/playbooks/run', { playbookId: 'content-machine', inputs: { topic: 'Choosing a CRM', tone: 'casual' }, async: false })).data.id;
  const agentRun = (await post('/api/agents/blog-gen', { prompt: 'choosing a CRM for a small agency' })).meta?.runId;
  const triggerRun = (await post('/api/webhooks/trigger', { agent: 'blog-gen', prompt: 'choosing a CRM' })).data.runId;
  if (!playbookRun || !agentRun || !triggerRun) throw new Error('the owner account could not start its runs');
  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(ownerKey) });
  await pollRun(get, `/api/playbooks/runs/${playbookRun}`);
  await pollRun(get, `/api/runs/${triggerRun}`);

  return {
    testApp,
    identityProvider,
    owner: { id: 'owner-account', key: ownerKey, owned: { playbookRun, agentRun, triggerRun } },
    other: { id: 'other-account', key: otherKey },
    revokedKey,
    spareKeyPrefix,
    async close() {
      await testApp.close();
      await identityProvider.close();
    },
  };
}
