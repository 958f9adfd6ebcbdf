import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstreamFetch, fetchWhole } from './upstream-fetch.ts';
import { signal } from '../../../test/support/signal.ts';

const upstreamFetch = createUpstreamFetch();

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;
const routes = new Map<string, Handler>();
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => routes.get(request.url ?? '')?.(request, body, response));
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

routes.set('/echo', (request, body, response) => {
  response.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
  response.end(JSON.stringify({ method: request.method, body: JSON.parse(body) as unknown, auth: request.headers.authorization, length: request.headers['content-length'] }));
});
routes.set('/limited', (_request, _body, response) => {
  response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '2' });
  response.end('{"error":{"message":"slow down"}}');
});
/** The second event of /events is held back until the test has read the first. */
let secondEvent = signal();
routes.set('/events', (_request, _body, response) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  response.write('data: first\n\n');
  void secondEvent.fired.then(() => response.end('data: second\n\n'));
});
routes.set('/cut', (_request, _body, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
  // Cut once the first part is on its way, well short of the promised length.
  response.write('{"partial":', () => response.socket?.destroy());
});
routes.set('/slow', (_request, _body, response) => {
  // A simulated slow upstream, far slower than the caller's 50 ms limit: the limit is what is under test.
  setTimeout(() => response.end('{}'), 2000);
});
routes.set('/gzip', (_request, _body, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  response.end(gzipSync('{"compressed":true}'));
});
routes.set('/moved', (_request, _body, response) => {
  response.writeHead(307, { location: '/echo' });
  response.end();
});
// As a forward proxy sees a request: the whole target URL.
routes.set('http://provider.invalid/v1/chat', (request, _body, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ proxiedTo: request.url }));
});
routes.set('/empty', (_request, _body, response) => {
  response.writeHead(204);
  response.end();
});

const post = (path: string, init: RequestInit = {}) =>
  upstreamFetch(`${base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer k' }, body: '{"ask":"ü"}', ...init });

routes.set('/inflating', (_request, _body, response) => {
  // 1 MB of zeros compresses to about a kilobyte: small on the wire, large once read.
  response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  response.end(gzipSync(Buffer.alloc(1024 * 1024)));
});
routes.set('/small', (_request, _body, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ text: 'x'.repeat(500) }));
});

routes.set('/many-headers', (_request, _body, response) => {
  // Repeated headers, mixed-case names, several cookies, and a body that starts with a byte order mark.
  response.setHeader('X-Trace', ['a', 'b']);
  response.setHeader('set-cookie', ['one=1', 'two=2']);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('x-Request-Id', 'req-7');
  response.writeHead(200);
  response.end('\uFEFF{"ok":"ü"}');
});

describe('the upstream fetch for provider calls', () => {
  it('sends method, headers and body and answers with status, headers and body', async () => {
    const response = await post('/echo');
    expect(response.status).toBe(201);
    expect(response.headers.get('x-upstream')).toBe('yes');
    expect(await response.json()).toEqual({ method: 'POST', body: { ask: 'ü' }, auth: 'Bearer k', length: '12' });
  });

  it('answers error statuses rather than throwing, as fetch does', async () => {
    const response = await post('/limited');
    expect([response.status, response.headers.get('retry-after'), await response.text()]).toEqual([429, '2', '{"error":{"message":"slow down"}}']);
  });

  it('streams server-sent events as they arrive', async () => {
    secondEvent = signal();
    const response = await post('/events');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // The upstream has not finished: a client that waited for the whole answer would never get here.
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: first\n\n');
    secondEvent.fire();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('data: second\n\n');
  });

  it('fails like fetch when the connection drops mid-answer or cannot be made', async () => {
    await expect(post('/cut')).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    const refused = await upstreamFetch('http://127.0.0.1:1/', { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('rejects with the signal’s reason when aborted, before or during the call', async () => {
    const timeout = post('/slow', { signal: AbortSignal.timeout(50) });
    await expect(timeout).rejects.toMatchObject({ name: 'TimeoutError' });
    const controller = new AbortController();
    controller.abort();
    await expect(post('/echo', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('decompresses, follows redirects and gives no body for 204', async () => {
    expect(await (await post('/gzip')).json()).toEqual({ compressed: true });
    expect(await (await post('/moved')).json()).toMatchObject({ method: 'POST', body: { ask: 'ü' } });
    const empty = await post('/empty');
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('fails a call whose answer grows past the limit once decompressed, and reads one within it', async () => {
    const capped = createUpstreamFetch(undefined, { maxResponseBytes: 64 * 1024 });
    const failure = await capped(`${base}/inflating`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TypeError);
    expect(((failure as TypeError).cause as Error).message).toBe('the answer is larger than 65536 bytes');
    expect(((await (await capped(`${base}/small`)).json()) as { text: string }).text).toHaveLength(500);
    // The default limit reads the same answer whole.
    expect((await (await upstreamFetch(`${base}/inflating`)).arrayBuffer()).byteLength).toBe(1024 * 1024);
  });

  it('goes through the configured proxy, except for hosts NO_PROXY names', async () => {
    const proxied = createUpstreamFetch({ HTTP_PROXY: base, NO_PROXY: '127.0.0.1' });
    const response = await proxied('http://provider.invalid/v1/chat', { method: 'POST', body: '{}' });
    expect(await response.json()).toEqual({ proxiedTo: 'http://provider.invalid/v1/chat' });
    expect(await (await proxied(`${base}/echo`, { method: 'POST', body: '{"direct":true}' })).json()).toMatchObject({ body: { direct: true } });
  });
});

describe('reading an answer whole', () => {
  const init = (extra: RequestInit = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ask":"ü"}', ...extra });

  it.each(['/echo', '/limited', '/gzip', '/moved', '/empty', '/many-headers', '/events'])(
    'gives for %s what the Response of the built-in fetch gives: status, status text, headers and text',
    async (path) => {
      secondEvent = signal();
      secondEvent.fire();
      const builtIn = await fetch(`${base}${path}`, init());
      const expected = { status: builtIn.status, statusText: builtIn.statusText, headers: Object.fromEntries(builtIn.headers), text: await builtIn.text() };
      const whole = await fetchWhole(upstreamFetch, `${base}${path}`, init());
      const { date: _date, ...headers } = whole.headers;
      const { date: _expectedDate, ...expectedHeaders } = expected.headers;
      expect({ ...whole, headers }).toEqual({ ...expected, headers: expectedHeaders });
      expect(JSON.stringify(Object.keys(whole.headers))).toBe(JSON.stringify(Object.keys(expected.headers)));
    },
  );

  it('fails as the fetch does: a dropped connection, an abort, an answer past the limit', async () => {
    await expect(fetchWhole(upstreamFetch, `${base}/cut`, init())).rejects.toMatchObject({ name: 'TypeError', message: 'fetch failed' });
    await expect(fetchWhole(upstreamFetch, `${base}/slow`, init({ signal: AbortSignal.timeout(50) }))).rejects.toMatchObject({ name: 'TimeoutError' });
    const capped = createUpstreamFetch(undefined, { maxResponseBytes: 64 * 1024 });
    const failure = await fetchWhole(capped, `${base}/inflating`, { method: 'GET' }).catch((error: unknown) => error);
    expect(((failure as TypeError).cause as Error).message).toBe('the answer is larger than 65536 bytes');
  });

  it('reads through any other fetch by its Response', async () => {
    const whole = await fetchWhole(fetch, `${base}/limited`, init());
    expect(whole).toMatchObject({ status: 429, headers: { 'retry-after': '2' }, text: '{"error":{"message":"slow down"}}' });
  });
});
