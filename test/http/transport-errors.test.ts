import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../src/domain/errors.ts';
import { maxUrlLength } from '../../src/http/transport-errors.ts';
import { sendRaw as sendRawTo, type RawResponse } from '../support/raw-http.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { freshSqliteUrl } from '../support/test-databases.ts';

/**
 * Requests that fail before any route sees them — in Node's HTTP parser or Fastify's router — answered
 * with the same JSON error body as everything else. These need a real socket: inject() skips the parser.
 */
let testApp: TestApp;
let port: number;

beforeAll(async () => {
  testApp = await startTestApp({ databaseUrl: freshSqliteUrl() });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  port = (testApp.app.server.address() as AddressInfo).port;
});
afterAll(async () => testApp.close());

/** Writes `request` as is and reads the one response the server sends before closing or going quiet. */
function sendRaw(request: string): Promise<RawResponse> {
  return sendRawTo(port, request);
}

function expectEnvelope(response: RawResponse, status: number, code: string): void {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, code, error: expect.any(String), requestId: expect.any(String) });
  expect(errorCodes).toContain(body.code);
}

describe('transport errors — every answer is the JSON error body', () => {
  it('answers 414 uri_too_long for a URL over the limit, however long', async () => {
    for (const length of [maxUrlLength + 1, 12_000, 40_000]) {
      const response = await sendRaw(`GET /api/agents/${'a'.repeat(length)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expectEnvelope(response, 414, 'uri_too_long');
    }
    const query = await sendRaw(`GET /healthz?padding=${'a'.repeat(maxUrlLength)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expectEnvelope(query, 414, 'uri_too_long');
  });

  it('answers 400 invalid_request, not a 414 or 404, for a long path parameter within the URL limit', async () => {
    const response = await sendRaw(`GET /api/agents/${'a'.repeat(500)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    expectEnvelope(response, 400, 'invalid_request');
  });

  it('answers 431 headers_too_large for headers over the limit', async () => {
    const response = await sendRaw(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(response, 431, 'headers_too_large');
  });

  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n'],
    ['a header name with a space', 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nBad Header: x\r\n\r\n'],
    ['both Content-Length and chunked encoding', 'POST /api/free/run HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['a broken chunk', 'POST /api/free/run HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n'],
    ['an HTTP/1.1 request without Host', 'GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n'],
    ['a path that is not valid percent-encoding', 'GET /api/agents/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'],
    // Answered for its URL, then broken framing after it: one answer, not a second one for the framing.
    ['a bad path followed by a broken chunk', 'GET /api/agents/%E0%A4%A HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n\r\n'],
  ])('answers 400 invalid_request for %s', async (_label, request) => {
    expectEnvelope(await sendRaw(request), 400, 'invalid_request');
  });

  it.each([
    ['a path', '/api/agents/%E0%A4%A', 'url'],
    ['a path, the escape cut short at its end', '/api/agents/summarize%', 'url'],
    ['a path with an escape that is no UTF-8 (an encoded surrogate)', '/api/runs/%ED%A0%80', 'url'],
    ['a path under a wildcard route', '/docs/static/%E0%A4%A', 'url'],
    ['a path with a method it does not have', '/api/agents/%E0%A4%A', 'url', 'DELETE'],
    ['a query value', '/api/runs?status=%E0%A4%A', 'querystring'],
    ['a query key', '/api/runs?%zz=1', 'querystring'],
    ['a query on a route that reads no query', '/api/agents?x=%', 'querystring'],
    ['a query on the trigger', '/api/webhooks/trigger?account=%E0', 'querystring', 'POST'],
  ])('answers 400 invalid_request naming the part for bad percent-encoding in %s', async (_label, target, part, method = 'GET') => {
    const response = await sendRaw(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    expectEnvelope(response, 400, 'invalid_request');
    expect(JSON.parse(response.body)).toMatchObject({
      error: expect.stringContaining('is not valid percent-encoding'),
      issues: [{ path: part, message: expect.stringMatching(/^is not valid percent-encoding: each % must start a %XX escape/) }],
      requestId: response.headers['x-request-id'],
    });
  });

  it('takes query strings that decode, with plus signs and encoded characters', async () => {
    const response = await sendRaw('GET /api/agents/summarize?x=caf%C3%A9+au+lait&y=%25 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(200);
  });

  it('answers an unknown Expect value like any request, in JSON', async () => {
    const response = await sendRaw('GET /api/agents/summarize HTTP/1.1\r\nHost: localhost\r\nExpect: something-else\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ success: true });
  });

  it('answers CONNECT with 404 not_found instead of closing the connection without a word', async () => {
    expectEnvelope(await sendRaw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'), 404, 'not_found');
  });

  it.each([
    ['without a body', 'PRI /api/agents/x\r\nConnection: close\r\n\r\n'],
    ['with a chunked body', 'PRI /api/agents/%E0%A4%A\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n'],
  ])('answers PRI, a method Node takes in the HTTP/0.9 form but no router knows, with 404 not_found and its request id, %s', async (_label, request) => {
    const response = await sendRaw(request);
    expectEnvelope(response, 404, 'not_found');
    expect(JSON.parse(response.body)).toMatchObject({ requestId: response.headers['x-request-id'] });
  });

  it('keeps serving after each of them', async () => {
    const response = await sendRaw('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(response.status).toBe(200);
  });
});
