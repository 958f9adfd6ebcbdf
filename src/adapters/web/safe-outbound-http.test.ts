import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, type OutboundFailureKind } from '../../ports/outbound-http.ts';
import type { HostLookup } from './destination-resolver.ts';
import { requestBody, startLocalTestServer, type LocalTestServer } from '../../../test/support/local-test-server.ts';
import { signal } from '../../../test/support/signal.ts';
import { SafeOutboundHttp, type SafeOutboundHttpOptions } from './safe-outbound-http.ts';

/**
 * The outbound client against real local servers: what it refuses, how it follows redirects, and how it
 * bounds time and size. Literal private addresses are refused before any connection is tried.
 */

let server: LocalTestServer;
let other: LocalTestServer;
/** Fired when a request reaches /stall. */
let stallReached = signal();
/** Whether the endless response saw its connection closed by the client. */
let endlessClosed: Promise<void> = Promise.resolve();

function echo(request: IncomingMessage, response: ServerResponse, body: string): void {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body }));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://local');
  const body = await requestBody(request);
  const redirect = (status: number, location: string): void => {
    response.writeHead(status, { location });
    response.end('redirect body that must not be read');
  };
  const chain = /^\/r\/(\d+)$/.exec(url.pathname);
  if (chain !== null) {
    const left = Number(chain[1]);
    if (left === 0) response.end('done');
    else redirect(302, `/r/${left - 1}`);
    return;
  }
  switch (url.pathname) {
    case '/hello':
      response.writeHead(200, { 'content-type': 'text/plain', 'X-Custom-Header': 'Value' });
      response.end('hello');
      return;
    case '/echo':
      echo(request, response, body);
      return;
    case '/to-metadata':
      return redirect(302, 'http://169.254.169.254/latest/meta-data/');
    case '/to-private':
      return redirect(301, 'http://10.1.2.3/');
    case '/to-localhost-name':
      return redirect(302, `http://localhost:${server.port}/hello`);
    case '/to-file':
      return redirect(302, 'file:///etc/passwd');
    case '/to-other-origin':
      return redirect(307, `http://localhost:${other.port}/echo`);
    case '/see-other':
      return redirect(303, '/echo');
    case '/moved':
      return redirect(301, '/echo');
    case '/found':
      return redirect(302, '/echo');
    case '/temporary':
      return redirect(307, '/echo');
    case '/permanent':
      return redirect(308, '/echo');
    case '/absolute':
      return redirect(302, `${server.origin}/hello`);
    case '/stall':
      stallReached.fire();
      return; // never answers
    case '/stall-body':
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('first part');
      return; // never finishes
    case '/delay':
      // A slow upstream on purpose: the client's measure of the time taken is what is under test.
      setTimeout(() => response.end('late'), 60);
      return;
    case '/big':
      response.end('a'.repeat(Number(url.searchParams.get('bytes'))));
      return;
    case '/endless':
      endlessClosed = new Promise((resolve) => response.on('close', resolve));
      writeForever(response);
      return;
    case '/latin1':
      response.writeHead(200, { 'content-type': 'text/plain; charset=ISO-8859-1' });
      response.end(Buffer.from([0x63, 0x61, 0x66, 0xe9])); // "café"
      return;
    case '/unknown-charset':
      response.writeHead(200, { 'content-type': 'text/plain; charset=no-such-charset' });
      response.end('héllo');
      return;
    case '/utf8':
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('éééé'); // two bytes each
      return;
    case '/drop':
      response.writeHead(200, { 'content-length': '1000' });
      // Dropped once the first part is on its way, well short of the promised length.
      response.write('SECRET-PARTIAL', () => response.socket?.destroy());
      return;
    case '/status':
      response.writeHead(Number(url.searchParams.get('code')));
      response.end('status body');
      return;
    default:
      response.writeHead(404);
      response.end('not found');
  }
}

function writeForever(response: ServerResponse): void {
  const chunk = Buffer.alloc(16 * 1024, 'x');
  const pump = (): void => {
    while (!response.destroyed && response.write(chunk)) {
      // keep writing until the socket pushes back
    }
    if (!response.destroyed) response.once('drain', pump);
  };
  pump();
}

beforeAll(async () => {
  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch(() => response.destroy());
  };
  server = await startLocalTestServer(handler);
  other = await startLocalTestServer(handler);
});

afterAll(async () => {
  await server.close();
  await other.close();
});

function client(options: Partial<SafeOutboundHttpOptions> = {}): SafeOutboundHttp {
  return new SafeOutboundHttp({ allowHosts: ['127.0.0.1'], timeoutMs: 5_000, maxBytes: 1_000_000, userAgent: 'agentapi-test/1.0', ...options });
}

async function failureOf(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboundError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

async function expectFailure(promise: Promise<unknown>, kind: OutboundFailureKind): Promise<OutboundError> {
  const error = await failureOf(promise);
  expect(error.kind, error.message).toBe(kind);
  return error;
}

describe('SafeOutboundHttp: address policy', () => {
  const closedPort = 9; // nothing listens there; a refused address never gets as far as connecting
  it.each([
    `http://127.0.0.1:${closedPort}/`,
    `http://localhost:${closedPort}/`,
    `http://[::1]:${closedPort}/`,
    `http://[::ffff:127.0.0.1]:${closedPort}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'https://192.168.0.1/',
    'http://[fd00::1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://0x7f.1/', // 127.0.0.1 written in hex
    'http://2130706433/', // 127.0.0.1 written as one number
    'http://0.0.0.0/',
    'http://0/', // 0.0.0.0 as one number
    'http://0177.0.0.1/', // 127.0.0.1 in octal
    'http://127.1/', // 127.0.0.1 shortened
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::ffff:0:7f00:1]/', // IPv4-translated loopback
    'http://[64:ff9b:1::a9fe:a9fe]/', // local-use NAT64 of the metadata service
    'http://[2002:a9fe:a9fe::1]/', // 6to4 of the metadata service
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', // Teredo
  ])('refuses %s without the allow list', async (url) => {
    const error = await expectFailure(client({ allowHosts: [] }).request({ url }), 'refused_address');
    expect(error.message).toMatch(/private, local or reserved address/);
  });

  it('fetches 127.0.0.1 when it is on the allow list', async () => {
    const response = await client({ allowHosts: ['127.0.0.1'] }).request({ url: `${server.origin}/hello` });
    expect(response.status).toBe(200);
    expect(response.body).toBe('hello');
  });

  it('fetches localhost when it is on the allow list, in any case', async () => {
    const response = await client({ allowHosts: ['LocalHost'] }).request({ url: `http://localhost:${server.port}/hello` });
    expect(response.body).toBe('hello');
  });

  it('allows exactly the listed host: localhost on the list does not open 127.0.0.1', async () => {
    await expectFailure(client({ allowHosts: ['localhost'] }).request({ url: `${server.origin}/hello` }), 'refused_address');
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const lookupHost: HostLookup = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    const error = await expectFailure(client({ allowHosts: [], lookupHost }).request({ url: 'http://mixed.example/' }), 'refused_address');
    expect(error.message).toContain('mixed.example');
    expect(error.message).not.toContain('10.0.0.5');
  });

  it.each(['::ffff:a9fe:a9fe', '::ffff:0:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '2002:a9fe:a9fe::1', 'fec0::1'])('refuses a name resolving to %s', async (address) => {
    const lookupHost: HostLookup = async () => [{ address, family: 6 }];
    await expectFailure(client({ allowHosts: [], lookupHost }).request({ url: 'http://rebound.example/' }), 'refused_address');
  });

  it('connects to the address it resolved and checked, once, and keeps the host name in the Host header', async () => {
    // pinned.example does not exist in real DNS: a second lookup at connect time would fail.
    const asked: string[] = [];
    const lookupHost: HostLookup = async (hostname) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const response = await client({ allowHosts: ['pinned.example'], lookupHost }).request({ url: `http://pinned.example:${server.port}/echo` });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).headers.host).toBe(`pinned.example:${server.port}`);
    expect(asked).toEqual(['pinned.example']);
  });

  it('reports a host that does not exist as dns_failed', async () => {
    const error = await expectFailure(client({ allowHosts: [] }).request({ url: 'http://no-such-host.invalid/' }), 'dns_failed');
    expect(error.message).toContain('no-such-host.invalid');
  });

  it('reports a name with no addresses as dns_failed', async () => {
    await expectFailure(client({ allowHosts: [], lookupHost: async () => [] }).request({ url: 'http://empty.example/' }), 'dns_failed');
  });
});

describe('SafeOutboundHttp: URLs', () => {
  it.each(['ftp://example.com/file', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/plain,hi', 'gopher://example.com/'])(
    'refuses the scheme of %s',
    async (url) => {
      const error = await expectFailure(client().request({ url }), 'invalid_url');
      expect(error.message).toMatch(/only http and https/);
    },
  );

  it.each([`http://user:secret@127.0.0.1/hello`, `http://user@127.0.0.1/hello`, `https://:secret@example.com/`])('refuses credentials in %s', async (url) => {
    const error = await expectFailure(client().request({ url }), 'invalid_url');
    expect(error.message).not.toContain('secret');
  });

  it('refuses text that is not a URL', async () => {
    await expectFailure(client().request({ url: 'not a url' }), 'invalid_url');
  });
});

describe('SafeOutboundHttp: responses', () => {
  it('returns status, lowercase headers, body, final URL and timing', async () => {
    const response = await client().request({ url: `${server.origin}/hello` });
    expect(response).toMatchObject({ status: 200, body: 'hello', finalUrl: `${server.origin}/hello`, redirects: [], truncated: false });
    expect(response.headers['x-custom-header']).toBe('Value');
    expect(Object.keys(response.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(response.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('measures the time to the end of the body', async () => {
    const response = await client().request({ url: `${server.origin}/delay` });
    expect(response.body).toBe('late');
    expect(response.elapsedMs).toBeGreaterThanOrEqual(50);
  });

  it('resolves for error statuses', async () => {
    const response = await client().request({ url: `${server.origin}/status?code=503` });
    expect(response.status).toBe(503);
    expect(response.body).toBe('status body');
  });

  it('sends its user agent, asks for uncompressed bodies and passes caller headers', async () => {
    const response = await client().request({
      url: `${server.origin}/echo`,
      headers: { 'X-Trace': 'abc', 'Accept-Encoding': 'gzip', Host: 'evil.example' },
    });
    const seen = JSON.parse(response.body).headers;
    expect(seen['user-agent']).toBe('agentapi-test/1.0');
    expect(seen['accept-encoding']).toBe('identity');
    expect(seen['x-trace']).toBe('abc');
    expect(seen.host).toBe(`127.0.0.1:${server.port}`);
  });

  it('sends a POST body', async () => {
    const response = await client().request({ url: `${server.origin}/echo`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ok":true}' });
    expect(JSON.parse(response.body)).toMatchObject({ method: 'POST', body: '{"ok":true}', headers: { 'content-length': '11', 'content-type': 'application/json' } });
  });

  it('decodes the charset named in content-type', async () => {
    const response = await client().request({ url: `${server.origin}/latin1` });
    expect(response.body).toBe('café');
  });

  it('falls back to UTF-8 for an unknown charset', async () => {
    const response = await client().request({ url: `${server.origin}/unknown-charset` });
    expect(response.body).toBe('héllo');
  });

  it('reports a connection refused as network', async () => {
    const closed = await startLocalTestServer(() => undefined);
    await closed.close();
    const error = await expectFailure(client().request({ url: `${closed.origin}/` }), 'network');
    expect(error.message).toContain('refused the connection');
  });

  it('reports a connection dropped mid-body as network, without the body in the message', async () => {
    const error = await expectFailure(client().request({ url: `${server.origin}/drop` }), 'network');
    expect(error.message).toContain('127.0.0.1');
    expect(error.message).not.toContain('SECRET');
  });
});

describe('SafeOutboundHttp: redirects', () => {
  it('follows a chain and lists each URL redirected to', async () => {
    const response = await client().request({ url: `${server.origin}/r/3` });
    expect(response.status).toBe(200);
    expect(response.body).toBe('done');
    expect(response.finalUrl).toBe(`${server.origin}/r/0`);
    expect(response.redirects).toEqual([`${server.origin}/r/2`, `${server.origin}/r/1`, `${server.origin}/r/0`]);
  });

  it('follows 5 redirects by default and refuses a sixth', async () => {
    const five = await client().request({ url: `${server.origin}/r/5` });
    expect(five.redirects).toHaveLength(5);
    const error = await expectFailure(client().request({ url: `${server.origin}/r/6` }), 'too_many_redirects');
    expect(error.message).toContain('5 redirects');
  });

  it("applies the request's own limit", async () => {
    await expectFailure(client().request({ url: `${server.origin}/r/3`, maxRedirects: 2 }), 'too_many_redirects');
    const response = await client({ maxRedirects: 1 }).request({ url: `${server.origin}/r/3`, maxRedirects: 3 });
    expect(response.body).toBe('done');
  });

  it('returns the redirect itself when maxRedirects is 0', async () => {
    const response = await client().request({ url: `${server.origin}/r/1`, maxRedirects: 0 });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe('/r/0');
    expect(response.body).toBe('redirect body that must not be read');
    expect(response.redirects).toEqual([]);
    expect(response.finalUrl).toBe(`${server.origin}/r/1`);
  });

  it('follows absolute locations', async () => {
    const response = await client().request({ url: `${server.origin}/absolute` });
    expect(response.body).toBe('hello');
  });

  it('refuses a redirect from an allowed host to the metadata service', async () => {
    await expectFailure(client().request({ url: `${server.origin}/to-metadata` }), 'refused_address');
  });

  it('refuses a redirect from an allowed host to a private address', async () => {
    await expectFailure(client().request({ url: `${server.origin}/to-private` }), 'refused_address');
  });

  it('checks the host of every hop: a redirect to a name that is not allowed is refused', async () => {
    await expectFailure(client({ allowHosts: ['127.0.0.1'] }).request({ url: `${server.origin}/to-localhost-name` }), 'refused_address');
  });

  it('refuses a redirect to another scheme', async () => {
    await expectFailure(client().request({ url: `${server.origin}/to-file` }), 'invalid_url');
  });

  it.each([
    ['/see-other', 303],
    ['/moved', 301],
    ['/found', 302],
  ])('turns a POST into a GET without body after %s (%i)', async (path) => {
    const response = await client().request({ url: `${server.origin}${path}`, method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'payload' });
    const seen = JSON.parse(response.body);
    expect(seen.method).toBe('GET');
    expect(seen.body).toBe('');
    expect(seen.headers['content-type']).toBeUndefined();
    expect(seen.headers['content-length']).toBeUndefined();
  });

  it.each([
    ['/temporary', 307],
    ['/permanent', 308],
  ])('keeps method and body after %s (%i)', async (path) => {
    const response = await client().request({ url: `${server.origin}${path}`, method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'payload' });
    expect(JSON.parse(response.body)).toMatchObject({ method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } });
  });

  it('does not carry credentials to another origin', async () => {
    const response = await client({ allowHosts: ['127.0.0.1', 'localhost'] }).request({
      url: `${server.origin}/to-other-origin`,
      headers: { authorization: 'Bearer secret', 'x-kept': 'yes' },
    });
    const seen = JSON.parse(response.body).headers;
    expect(seen.authorization).toBeUndefined();
    expect(seen['x-kept']).toBe('yes');
  });
});

describe('SafeOutboundHttp: time and size limits', () => {
  it('times out a server that never answers', async () => {
    const startedAt = Date.now();
    const error = await expectFailure(client({ timeoutMs: 200 }).request({ url: `${server.origin}/stall` }), 'timeout');
    expect(error.message).toContain('200 ms');
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it('times out a body that never ends, with the request deadline overriding the default', async () => {
    const startedAt = Date.now();
    await expectFailure(client({ timeoutMs: 60_000 }).request({ url: `${server.origin}/stall-body`, timeoutMs: 200 }), 'timeout');
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });

  it("stops when the caller's signal aborts", async () => {
    const controller = new AbortController();
    stallReached = signal();
    const request = client().request({ url: `${server.origin}/stall`, signal: controller.signal });
    await stallReached.fired;
    controller.abort();
    const error = await expectFailure(request, 'timeout');
    expect(error.message).toContain('cancelled');
  });

  it('truncates a large body at maxBytes', async () => {
    const response = await client({ maxBytes: 1_000 }).request({ url: `${server.origin}/big?bytes=100000` });
    expect(response.truncated).toBe(true);
    expect(response.body).toBe('a'.repeat(1_000));
  });

  it('does not mark a body of exactly maxBytes as truncated', async () => {
    const response = await client({ maxBytes: 1_000 }).request({ url: `${server.origin}/big?bytes=1000` });
    expect(response.truncated).toBe(false);
    expect(response.body).toHaveLength(1_000);
  });

  it("applies the request's own size cap", async () => {
    const response = await client({ maxBytes: 1_000 }).request({ url: `${server.origin}/big?bytes=5000`, maxBytes: 10 });
    expect(response.body).toBe('a'.repeat(10));
    expect(response.truncated).toBe(true);
  });

  it('stops reading an endless body and closes the connection', async () => {
    const response = await client({ maxBytes: 50_000 }).request({ url: `${server.origin}/endless` });
    expect(response.truncated).toBe(true);
    expect(response.body).toHaveLength(50_000);
    await endlessClosed; // the server saw the client hang up instead of streaming forever
  });

  it('drops a character cut in half by the size cap', async () => {
    const response = await client().request({ url: `${server.origin}/utf8`, maxBytes: 5 });
    expect(response.body).toBe('éé');
    expect(response.truncated).toBe(true);
  });
});
