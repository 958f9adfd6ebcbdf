import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: { WEBHOOK_SECRET_KEY: randomBytes(32).toString('base64') } });
});
afterAll(async () => testApp.close());

function rotate(headers: Record<string, string>) {
  return testApp.app.inject({ method: 'POST', url: '/api/webhooks/secret', headers });
}

async function storedRow(accountId: string) {
  return testApp.container.database.db
    .selectFrom('webhook_secrets')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

describe('webhook secret routes — happy paths', () => {
  it('creates a secret once, then rotates it: the new one is what deliveries are signed with', async () => {
    const key = await testApp.createKey('hooks-owner');
    const created = await rotate(bearer(key));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      success: true,
      data: { secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/), createdAt: expect.any(String), rotated: false },
    });
    const first = created.json().data.secret as string;
    expect(await testApp.container.services.webhookSecrets.secretOf('hooks-owner')).toBe(first);

    const rotated = await rotate(bearer(key));
    expect(rotated.statusCode).toBe(201);
    expect(rotated.json().data).toMatchObject({ rotated: true });
    const second = rotated.json().data.secret as string;
    expect(second).not.toBe(first);
    expect(await testApp.container.services.webhookSecrets.secretOf('hooks-owner')).toBe(second);
  });

  it('hands out a secret Standard Webhooks libraries accept', async () => {
    const secret = (await rotate(bearer(await testApp.createKey('hooks-interop')))).json().data.secret as string;
    const signature = new Webhook(secret).sign('msg_1', new Date(), '{}');
    expect(signature).toMatch(/^v1,/);
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/webhooks/secret'].post.responses).toHaveProperty('201');
  });
});

describe('webhook secret routes — errors', () => {
  it('401s without a bearer token or with a wrong one', async () => {
    expect((await rotate({})).statusCode).toBe(401);
    const wrong = await rotate(bearer('ak_live_AAAAAAAAAAAAnot-a-real-key-at-all-000000'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('unauthorized');
  });

  it('has no way to read a secret back', async () => {
    const key = await testApp.createKey('hooks-reader');
    await rotate(bearer(key));
    const read = await testApp.app.inject({ method: 'GET', url: '/api/webhooks/secret', headers: bearer(key) });
    expect(read.statusCode).toBe(405);
    expect(read.headers.allow).toBe('POST, OPTIONS');
    expect(read.body).not.toContain('whsec_');
  });
});

describe('webhook secret routes — security', () => {
  it('stores the secret encrypted, never in the clear', async () => {
    const secret = (await rotate(bearer(await testApp.createKey('hooks-at-rest')))).json().data.secret as string;
    const row = await storedRow('hooks-at-rest');
    expect(row?.ciphertext).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));
  });

  it('keeps accounts apart: one account rotating leaves another’s secret alone', async () => {
    const one = (await rotate(bearer(await testApp.createKey('hooks-tenant-one')))).json().data.secret as string;
    await rotate(bearer(await testApp.createKey('hooks-tenant-two')));
    expect(await testApp.container.services.webhookSecrets.secretOf('hooks-tenant-one')).toBe(one);
    expect(await testApp.container.services.webhookSecrets.secretOf('hooks-tenant-two')).not.toBe(one);
  });
});
