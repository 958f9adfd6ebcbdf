import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { fillPath, patternMatches, registeredRoutes, type RegisteredRoute } from '../support/app-routes.ts';
import { asServiceError } from '../support/openai-error-shape.ts';
import { factsOf, takesBody, type RouteFacts } from '../support/route-facts.ts';
import { ordinaryParameters, ownedIdsOfKind, sweepRequest, unknownApiKey } from '../support/sweep-requests.ts';
import { adminToken, startTwoAccountApp } from '../support/two-account-app.ts';

/**
 * One security sweep over every route the app registers, driven by test/support/route-facts.ts: a route
 * registered without facts fails here, so every new route gets swept.
 */
const fixture = await startTwoAccountApp();
afterAll(async () => fixture.close());
const { app, container } = fixture.testApp;
const { owner, other } = fixture;
const routes = registeredRoutes(app);
const bodyLimit = container.httpOptions.bodyLimitBytes;
const expiredJwt = await fixture.identityProvider.token({ subject: owner.id, expiresIn: '-1m' });

function described(route: RegisteredRoute): RouteFacts {
  const facts = factsOf(route);
  if (!facts) throw new Error(`${route.method} ${route.url} has no entry in test/support/route-facts.ts`);
  return facts;
}

function call(route: RegisteredRoute, headers: Record<string, string>, options: { parameters?: Record<string, string>; body?: string } = {}): Promise<LightMyRequestResponse> {
  return app.inject(sweepRequest(route, options.parameters ?? ordinaryParameters(route, owner.owned, fixture.spareKeyPrefix), headers, options.body));
}

/** An error's body as the service's envelope: on the `/v1` surface, OpenAI's error object read as one. */
function errorBodyOf(route: RegisteredRoute, response: LightMyRequestResponse): unknown {
  // Any method of the path: a method it does not have is answered in the path's shape.
  const openAi = routes.some((candidate) => candidate.url === route.url && factsOf(candidate)?.errors === 'openai');
  return openAi ? asServiceError(response.json(), response.headers['x-request-id']) : response.json();
}

/** The error answer of the contract, with its status and code (a HEAD answer has only the status). */
function expectError(route: RegisteredRoute, response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, `${route.method} ${route.url}: ${response.body}`).toBe(status);
  if (route.method === 'HEAD') return;
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(errorBodyOf(route, response)).toMatchObject({ success: false, code, error: expect.any(String), requestId: response.headers['x-request-id'] });
}

/** An answer as a caller could compare two of them: status and body, without the request id and with the asked id blanked. */
function comparable(response: LightMyRequestResponse, askedId: string): { status: number; body: string } {
  return { status: response.statusCode, body: response.body.replaceAll(response.headers['x-request-id'] as string, '<request>').replaceAll(askedId, '<id>') };
}

/** Credentials that must not get in: none, unknown, junk, expired, revoked. */
const refusedCredentials: Record<string, Record<string, string>> = {
  missing: {},
  'an unknown key': { authorization: `Bearer ${unknownApiKey()}` },
  'a junk scheme': { authorization: 'Basic b3duZXI6cGFzcw==' },
  'a junk token': { authorization: 'Bearer %%%not-a-token%%%' },
  'an expired JWT': { authorization: `Bearer ${expiredJwt}` },
  'a revoked key': { authorization: `Bearer ${fixture.revokedKey}` },
};

/** Credentials that get in, by the kind of route. */
function admittedCredentials(facts: RouteFacts): Record<string, string> {
  return facts.auth === 'admin' ? { authorization: `Bearer ${adminToken}` } : facts.auth === 'public' || facts.auth === 'anonymous' ? {} : { authorization: `Bearer ${owner.key}` };
}

const needsCredentials = (facts: RouteFacts) => facts.auth !== 'public' && facts.auth !== 'anonymous';
// Beyond the usual ones, methods Node's parser takes that no route uses (WebDAV's), which must get the same 405.
const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'LOCK', 'SEARCH'];

describe('the route facts table', () => {
  it('describes every registered route, and only those', () => {
    const undescribed = routes.filter((route) => !factsOf(route)).map((route) => `${route.method} ${route.url}`);
    expect(undescribed, 'add these routes to test/support/route-facts.ts').toEqual([]);
    expect(routes.length).toBeGreaterThan(30);
  });
});

describe.each(routes.map((route) => ({ ...route, name: `${route.method} ${route.url}` })))('security sweep: $name', (route) => {
  it('refuses missing, unknown, junk, expired and revoked credentials with 401 before reading the body; or, on public routes, answers as without them', async () => {
    const facts = described(route);
    // A body that would be refused for itself (too big, not JSON): credentials are checked first.
    const hostileBody = takesBody(route.method) ? 'x'.repeat(bodyLimit + 1) : undefined;
    const baseline = await call(route, {});
    for (const [what, headers] of Object.entries(refusedCredentials)) {
      const response = await call(route, { ...headers, 'content-type': 'text/plain' }, hostileBody === undefined ? {} : { body: hostileBody });
      if (needsCredentials(facts)) {
        expectError(route, response, 401, 'unauthorized');
        expect(response.headers['www-authenticate'], what).toBe(facts.challenge ?? 'Bearer');
      } else {
        const again = await call(route, headers);
        expect(again.statusCode, `${what} on a route that needs none`).toBe(baseline.statusCode);
      }
    }
  });

  it('refuses the credentials of the other kind: an API key on admin routes, the admin token on account routes', async () => {
    const facts = described(route);
    const wrongKind = facts.auth === 'admin' ? owner.key : facts.auth === 'apiKey' || facts.auth === 'apiKeyOrSignature' ? adminToken : undefined;
    if (wrongKind === undefined) return;
    expectError(route, await call(route, { authorization: `Bearer ${wrongKind}` }), 401, 'unauthorized');
  });

  it('answers 404 not_found to another account asking for the owner’s things, and shows none of them', async () => {
    const facts = described(route);
    for (const [parameter, kind] of Object.entries(facts.owned ?? {})) {
      for (const id of ownedIdsOfKind(kind, owner.owned)) {
        const parameters = { ...ordinaryParameters(route, owner.owned, fixture.spareKeyPrefix), [parameter]: id };
        const mine = await call(route, { authorization: `Bearer ${owner.key}` }, { parameters });
        expect(mine.statusCode, `the owner asking for ${id}: ${mine.body}`).not.toBe(404);
        const theirs = await call(route, { authorization: `Bearer ${other.key}` }, { parameters });
        expectError(route, theirs, 404, 'not_found');
        expect(theirs.body).not.toContain(owner.id);
        // The same answer as for an id nobody has: nothing tells that this one exists.
        const madeUp = `${id.slice(0, -1)}${id.endsWith('a') ? 'b' : 'a'}`;
        const nobodys = await call(route, { authorization: `Bearer ${other.key}` }, { parameters: { ...parameters, [parameter]: madeUp } });
        expect(comparable(theirs, id)).toEqual(comparable(nobodys, madeUp));
      }
    }
  });

  it('answers a method the path does not have with 405 method_not_allowed and Allow, and OPTIONS with 204 and Allow', async () => {
    const path = fillPath(route.url, ordinaryParameters(route, owner.owned, fixture.spareKeyPrefix));
    // A method another route answers on this path (GET /api/playbooks/run is GET /api/playbooks/:playbook) is that route's business.
    const answered = new Set(routes.filter((candidate) => patternMatches(candidate.url, path)).map((candidate) => candidate.method));
    const allow = [...[...answered].sort(), 'OPTIONS'].join(', ');
    for (const method of otherMethods.filter((name) => !answered.has(name))) {
      const response = await call({ ...route, method }, admittedCredentials(described(route)));
      if (method === 'OPTIONS') {
        expect(response.statusCode, `OPTIONS ${path}: ${response.body}`).toBe(204);
      } else {
        expectError({ ...route, method }, response, 405, 'method_not_allowed');
        // On the OpenAI-compatible surface the service's details ride inside OpenAI's error object.
        const body = response.json() as { allowed?: string[]; error?: { allowed?: string[] } };
        expect(body.allowed ?? body.error?.allowed).toEqual(allow.split(', '));
      }
      expect(response.headers.allow, `${method} ${path}`).toBe(allow);
    }
  });

  // Routes without a body (GET, HEAD) have no such case: defined only where it applies, never skipped.
  if (takesBody(route.method)) {
    it('refuses a body over the limit with 413 payload_too_large and the limit, once the caller is let in', async () => {
      const facts = described(route);
      const response = await call(route, admittedCredentials(facts), { body: JSON.stringify({ prompt: 'x'.repeat(bodyLimit) }) });
      expectError(route, response, 413, 'payload_too_large');
      expect(errorBodyOf(route, response)).toMatchObject({ limitBytes: bodyLimit });
    });
  }
});
