import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalIdentityProvider, type LocalIdentityProvider, type TokenOptions } from '../support/local-identity-provider.ts';
import { bearer, startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

let identityProvider: LocalIdentityProvider;
let testApp: TestApp;

beforeAll(async () => {
  identityProvider = await startLocalIdentityProvider();
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl(), env: identityProvider.env });
});
afterAll(async () => {
  await testApp.close();
  await identityProvider.close();
});

function token(options: TokenOptions = {}) {
  return identityProvider.token(options);
}

function run(authorization: Record<string, string>) {
  return testApp.app.inject({ method: 'POST', url: '/api/v1/agents/blog-gen', headers: { ...authorization, 'content-type': 'application/json' }, payload: '{"prompt":"x"}' });
}

describe('JWT bearer tokens — happy path', () => {
  it('accepts a valid token and creates the account on the free plans at first sight', async () => {
    const response = await run(bearer(await token({ subject: 'idp|alice' })));
    expect(response.statusCode).toBe(200);
    const account = await testApp.container.services.accounts.authenticate(await token({ subject: 'idp|alice' }));
    expect(account.account).toMatchObject({ id: 'idp|alice', apiPlan: 'free', v1Plan: 'free' });
  });
});

describe('JWT bearer tokens — security', () => {
  it('401s a token signed by another key', async () => {
    expect((await run(bearer(await token({ key: identityProvider.strangerKey })))).statusCode).toBe(401);
  });

  it('401s expired, not-yet-valid, wrong-issuer, wrong-audience and subject-less tokens', async () => {
    const rejected = await Promise.all([
      token({ expiresIn: '-1m' }),
      token({ notBefore: '10m' }),
      token({ issuer: 'https://evil.example/' }),
      token({ audience: 'another-api' }),
      token({ subject: '' }),
    ]);
    for (const jwt of rejected) expect((await run(bearer(jwt))).statusCode).toBe(401);
  });

  it('401s a token that never expires', async () => {
    expect((await run(bearer(await token({ subject: 'idp|forever', expiresIn: null })))).statusCode).toBe(401);
  });

  it('401s subjects in the namespace of anonymous callers, so nobody takes over their state', async () => {
    for (const subject of ['anonymous:0123456789abcdef01234567', 'anonymous:x', 'Anonymous:0123456789abcdef01234567']) {
      const response = await run(bearer(await token({ subject })));
      expect(response.statusCode, subject).toBe(401);
      expect(response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('401s subjects that are too long or hold characters an account id cannot', async () => {
    for (const subject of ['s'.repeat(201), 'user name', 'user\nname', 'üser', 'a/b']) {
      expect((await run(bearer(await token({ subject })))).statusCode, subject).toBe(401);
    }
    expect((await run(bearer(await token({ subject: 's'.repeat(200) })))).statusCode).toBe(200);
  });

  it('401s an unsigned token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'mallory', iss: identityProvider.env.AUTH_ISSUER, aud: identityProvider.env.AUTH_AUDIENCE, exp: Math.floor(Date.now() / 1000) + 300 })).toString('base64url');
    expect((await run(bearer(`${header}.${payload}.`))).statusCode).toBe(401);
  });
});
