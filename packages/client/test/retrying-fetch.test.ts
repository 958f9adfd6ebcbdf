import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterMs, retryingFetch } from '../src/retrying-fetch.ts';
import { requestBody, startLocalTestServer, type LocalTestServer } from '../../../test/support/local-test-server.ts';

/** A server answering each request with the next scripted status (and Retry-After), then 200. */
async function scriptedServer(script: Array<{ status: number; retryAfter?: string }>): Promise<{ server: LocalTestServer; bodies: string[] }> {
  const bodies: string[] = [];
  const server = await startLocalTestServer(async (request, response) => {
    bodies.push(await requestBody(request));
    const next = script.shift() ?? { status: 200 };
    if (next.retryAfter !== undefined) response.setHeader('retry-after', next.retryAfter);
    response.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify({ attempt: bodies.length }));
  });
  return { server, bodies };
}

describe('retryingFetch — happy paths', () => {
  let server: LocalTestServer | undefined;
  afterEach(async () => server?.close());

  it("waits the answer's Retry-After, then sends the same request again, body included", async () => {
    const scripted = await scriptedServer([{ status: 503, retryAfter: '2' }, { status: 429, retryAfter: '1' }]);
    server = scripted.server;
    const waits: number[] = [];
    const send = retryingFetch(fetch, { sleep: async (ms) => void waits.push(ms) });
    const response = await send(`${server.origin}/api/agents/summarize`, { method: 'POST', body: '{"prompt":"hi"}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ attempt: 3 });
    expect(waits).toEqual([2000, 1000]);
    expect(scripted.bodies).toEqual(['{"prompt":"hi"}', '{"prompt":"hi"}', '{"prompt":"hi"}']);
  });

  it('backs off exponentially when there is no Retry-After, and retries 502 too', async () => {
    const scripted = await scriptedServer([{ status: 502 }, { status: 502 }, { status: 503 }]);
    server = scripted.server;
    const waits: number[] = [];
    const send = retryingFetch(fetch, { baseDelayMs: 100, random: () => 0.5, sleep: async (ms) => void waits.push(ms) });
    expect((await send(server.origin)).status).toBe(200);
    expect(waits).toEqual([75, 150, 300]);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('retryingFetch — bounds', () => {
  let server: LocalTestServer | undefined;
  afterEach(async () => server?.close());

  it('gives up after maxRetries and returns the last refusal', async () => {
    const scripted = await scriptedServer(Array.from({ length: 10 }, () => ({ status: 429, retryAfter: '0' })));
    server = scripted.server;
    const response = await retryingFetch(fetch, { maxRetries: 2, sleep: async () => undefined })(server.origin);
    expect(response.status).toBe(429);
    expect(scripted.bodies).toHaveLength(3);
  });

  it('does not wait a Retry-After beyond maxDelayMs, and never retries other statuses', async () => {
    const scripted = await scriptedServer([{ status: 503, retryAfter: '3600' }, { status: 500 }]);
    server = scripted.server;
    const waits: number[] = [];
    const send = retryingFetch(fetch, { maxDelayMs: 10_000, sleep: async (ms) => void waits.push(ms) });
    expect((await send(server.origin)).status).toBe(503);
    expect((await send(server.origin)).status).toBe(500);
    expect(scripted.bodies).toHaveLength(2);
    expect(waits).toEqual([]);
  });
});
