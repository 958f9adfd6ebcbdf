import fc from 'fast-check';
import { headerJunk, percentJunk } from './hostile-text.ts';

/** Request targets: real routes, odd forms of them, and junk. */
const targets = fc.oneof(
  fc.constantFrom('/healthz', '/api/agents', '/api/agents/summarize', '/api/free/run', '/api/webhooks/trigger', '/api/playbooks/runs/pbr_x/events', '/docs/', '/metrics', '*', 'http://localhost/healthz', '//healthz', '/healthz?', '/healthz#x', '/../../etc/passwd', '/api/agents/%E0%A4%A', '/api/agents/a b', '/api/agents/\u00e9'),
  percentJunk.map((junk) => `/api/agents/${junk}`),
  fc.integer({ min: 1, max: 9_000 }).map((length) => `/api/agents/${'a'.repeat(length)}`),
);

const methods = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'LOCK', 'M-SEARCH', 'get', 'G ET', 'PRI', 'FOO', '');
const versions = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', 'HTTP/0.9', 'http/1.1', '');

/** Header lines of every kind: sane, duplicated, malformed, contradictory framing, oversized. */
const headerLines = fc.array(
  fc.oneof(
    fc.constantFrom('Accept: application/json', 'Content-Type: application/json', 'Content-Type: application/x-www-form-urlencoded', 'Host: localhost', 'Host: a, b', 'Expect: 100-continue', 'Expect: nonsense', 'Transfer-Encoding: gzip', 'Transfer-Encoding: chunked, identity', 'Content-Length: -1', 'Content-Length: 1, 2', 'Content-Length: 99999999999999999999', 'NoColonHere', ' folded: continuation', 'Bad Header: x', ': empty-name', 'X-Forwarded-For: ::::', 'Authorization: Bearer ak_live_x'),
    headerJunk.map((value) => `X-Junk: ${value}`),
    fc.integer({ min: 1_000, max: 20_000 }).map((length) => `X-Padding: ${'a'.repeat(length)}`),
  ),
  { maxLength: 6 },
);

/** Complete bodies, framed or misframed: nothing the server has to wait for. */
const bodies = fc.oneof(
  fc.constant({ framing: '', body: '' }),
  fc.constantFrom('{"agent":"summarize","prompt":"hi"}', '{"a":', 'a=1&a[b]=2', '\u0000\u00ff').map((body) => ({ framing: `Content-Length: ${Buffer.byteLength(body, 'latin1')}\r\n`, body })),
  fc.constantFrom('5\r\nhello\r\n0\r\n\r\n', 'zz\r\nhello\r\n0\r\n\r\n', '5;ext=1\r\nhello\r\n0\r\n\r\n', '5\r\nhelloEXTRA\r\n0\r\n\r\n', '-1\r\n\r\n', 'FFFFFFFFFFFFFFFFFF\r\n\r\n', '0\r\nTrailer: x\r\n\r\n').map((body) => ({ framing: 'Transfer-Encoding: chunked\r\n', body })),
);

/** A whole request as bytes on the wire, closing the connection after it. */
const wholeRequest = fc.tuple(methods, targets, versions, headerLines, bodies).map(([method, target, version, headers, { framing, body }]) => {
  const head = [`${method} ${target} ${version}`.trim(), ...headers, 'Connection: close'].join('\r\n');
  return Buffer.from(`${head}\r\n${framing}\r\n${body}`, 'latin1');
});

/** The request cut into up to 4 parts at random places, to be sent a little apart as a slow client would. */
export const rawRequest = fc.tuple(wholeRequest, fc.uniqueArray(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 })).map(([bytes, cuts]) => {
  const offsets = [0, ...cuts.map((cut) => Math.floor(cut * bytes.length)).sort((a, b) => a - b), bytes.length];
  return offsets.slice(1).map((end, index) => bytes.subarray(offsets[index], end)).filter((part) => part.length > 0);
});
