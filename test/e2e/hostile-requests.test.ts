import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/**
 * Requests that once took the whole process down or stalled it, sent to the real server the way an
 * attacker would: the process must stay up and keep answering everyone else at once.
 */
let server: ServerProcess;
let key: string;

beforeAll(async () => {
  const env = { DATABASE_URL: freshSqliteUrl() };
  server = await startServerProcess(env);
  const created = await runCli(['keys', 'create', '--user', 'hostile', '--json'], env);
  key = (JSON.parse(created.stdout) as { key: string }).key;
});
afterAll(async () => {
  await server.stop('SIGKILL');
});

function postForm(body: string, authorization?: string) {
  return fetch(`${server.url}/api/webhooks/trigger`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    body,
  });
}

async function healthLatencyMs(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/healthz`);
  expect(response.status).toBe(200);
  return performance.now() - started;
}

const deepKey = `a${'[b]'.repeat(20_000)}=1`;
const repeatedKeys = Array.from({ length: 80_000 }, () => 'x=1').join('&');

describe('hostile form bodies against a real server — security', () => {
  it('survives a 60 KB nested form key, with and without credentials', async () => {
    expect((await postForm(deepKey)).status).toBe(401);
    const authenticated = await postForm(deepKey, `Bearer ${key}`);
    expect(authenticated.status).toBe(400);
    expect(await authenticated.json()).toMatchObject({ code: 'invalid_request' });
    expect(await healthLatencyMs()).toBeLessThan(2000);
    expect(server.process.exitCode).toBeNull();
  });

  it('does not stall other requests while refusing 80,000 repeated keys', async () => {
    const [anonymous, authenticated, healthMs] = await Promise.all([postForm(repeatedKeys), postForm(repeatedKeys, `Bearer ${key}`), healthLatencyMs()]);
    expect(anonymous.status).toBe(401);
    expect(authenticated.status).toBe(400);
    expect(healthMs).toBeLessThan(2000);
  });

  it('answers a report on the last days of year 9999 with 400 instead of looping forever', async () => {
    const response = await fetch(`${server.url}/api/analytics?from=9999-12-01&to=9999-12-31`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(5000) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_request', issues: expect.any(Array) });
    expect(await healthLatencyMs()).toBeLessThan(2000);
  });
});

/** 200,000 characters without a space, two of them percent escapes: once held the event loop for 36 s. */
const longWordWithEscapes = `${'a'.repeat(100_000)}%41${'b'.repeat(99_994)}%41`;

describe('hostile text for the safety screen against a real server — security', () => {
  it('answers an anonymous run on a 200,000-character word with percent escapes at once, twice', async () => {
    expect(longWordWithEscapes).toHaveLength(200_000);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const started = performance.now();
      const response = await fetch(`${server.url}/api/free/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ agent: 'summarize', text: longWordWithEscapes }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json()) as { success?: boolean; code?: string };
      expect(response.status, JSON.stringify(body).slice(0, 300)).toBeLessThan(500);
      expect(performance.now() - started).toBeLessThan(2000);
    }
    expect(await healthLatencyMs()).toBeLessThan(2000);
    expect(server.process.exitCode).toBeNull();
  });
});

/** A body sent as a stream of `bytes` bytes, the way a client uploads a file without a Content-Length. */
function streamedBody(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = Math.min(65_536, bytes - sent);
      sent += chunk;
      controller.enqueue(new Uint8Array(chunk).fill(0x61));
    },
  });
}

describe('bodies over the limit against a real server — security', () => {
  const url = () => `${server.url}/api/agents/summarize`;
  const headers = () => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json' });

  it('answers the JSON 413 to a client that sends its whole 5 MB body before reading, with and without a Content-Length', async () => {
    const fiveMegabytes = 'a'.repeat(5_000_000);
    for (const body of [fiveMegabytes, streamedBody(5_000_000)]) {
      const response = await fetch(url(), { method: 'POST', headers: headers(), body, duplex: 'half', signal: AbortSignal.timeout(10_000) } as RequestInit);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { code: string }).code).toBe('payload_too_large');
    }
  });

  it('stops reading a refused body that goes on and on, and stays up', async () => {
    // Over a raw socket, so nothing but the server can end the upload: it writes until the server cuts it.
    const { hostname, port } = new URL(server.url);
    const started = performance.now();
    const written = await new Promise<number>((resolve) => {
      let bytes = 0;
      const chunk = Buffer.alloc(65_536, 0x61);
      const socket = connect(Number(port), hostname, () => {
        socket.write(`POST /api/agents/summarize HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 200000000\r\n\r\n`);
        const pump = () => {
          while (!socket.destroyed && bytes < 200_000_000) {
            bytes += chunk.length;
            if (!socket.write(chunk)) return void socket.once('drain', pump);
          }
        };
        pump();
      });
      socket.on('error', () => socket.destroy());
      socket.on('close', () => resolve(bytes));
      setTimeout(() => socket.destroy(), 20_000).unref();
    });
    // Cut once 16 MiB were thrown away: little more than that went out (what the socket buffers hold).
    expect(written).toBeLessThan(48 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(await healthLatencyMs()).toBeLessThan(2000);
  });
});

describe('refusals on a kept-alive connection against a real server — security', () => {
  it('answers a refused request that follows an answered one on the same connection, in JSON', async () => {
    // fetch keeps a connection open after an answer and sends the next request on it.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const tooLarge = await fetch(`${server.url}/healthz`, { headers: { 'x-large': 'a'.repeat(40_000) } });
    expect(tooLarge.status).toBe(431);
    expect(((await tooLarge.json()) as { code: string }).code).toBe('headers_too_large');
    const tooLong = await fetch(`${server.url}/api/agents/${'a'.repeat(20_000)}`);
    expect(tooLong.status).toBe(414);
    expect(((await tooLong.json()) as { code: string }).code).toBe('uri_too_long');
  });
});
