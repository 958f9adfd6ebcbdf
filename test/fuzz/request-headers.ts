import fc from 'fast-check';
import { headerJunk } from './hostile-text.ts';

/** The credentials a fuzzed request may present, valid ones included so requests also get past authentication. */
export interface FuzzCredentials {
  ownerKey: string;
  otherKey: string;
  revokedKey: string;
  adminToken: string;
  expiredJwt: string;
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=latin1',
  'text/plain',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/octet-stream',
  'application/',
  ';;;',
  '',
);

function authorizations(credentials: FuzzCredentials): fc.Arbitrary<string> {
  const { ownerKey, otherKey, revokedKey, adminToken, expiredJwt } = credentials;
  return fc.oneof(
    { arbitrary: fc.constantFrom(`Bearer ${ownerKey}`, `Bearer ${ownerKey}`, `Bearer ${ownerKey}`, `Bearer ${otherKey}`, `Bearer ${adminToken}`), weight: 16 },
    { arbitrary: fc.constantFrom(`Bearer ${revokedKey}`, `Bearer ${expiredJwt}`, 'Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', `bearer  ${ownerKey}  `, `Bearer ${ownerKey.slice(0, -1)}`, 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Bearer a.b.c'), weight: 2 },
    { arbitrary: headerJunk.map((junk) => `Bearer ${junk}`), weight: 1 },
    { arbitrary: headerJunk.map((junk) => `Bearer ak_live_${junk}`), weight: 1 },
  );
}

const idempotencyKeys = fc.oneof(fc.constantFrom('', ' ', 'k'.repeat(256), 'key-1', 'key\u00e9', 'a b'), headerJunk);
const forwardedFor = fc.oneof(fc.constantFrom('1.2.3.4', '1.2.3.4:5678', '[2001:db8::1]:443', 'unknown', ', , ,', '999.999.999.999', '::ffff:127.0.0.1', '1.2.3.4, 5.6.7.8'), headerJunk);
const webhookTimestamps = fc.oneof(fc.constantFrom('0', '-1', '99999999999999999999', '1e10', 'NaN', ''), fc.integer().map(String), headerJunk);
const webhookSignatures = fc.oneof(fc.constantFrom('v1,', 'v1,AAAA', 'v2,abc', 'v1,' + 'A'.repeat(2_000), 'v1,abc v1,def', ','), headerJunk);
const accepts = fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html', 'application/xml', '', 'text/event-stream, application/json;q=0.1');

/** Optional headers: each one sent or not, with sane, odd or junk values. */
export function fuzzHeaders(credentials: FuzzCredentials): fc.Arbitrary<Record<string, string>> {
  const others = fc.record(
    {
      'content-type': fc.oneof(contentTypes, headerJunk),
      'idempotency-key': idempotencyKeys,
      'x-forwarded-for': forwardedFor,
      'x-request-id': headerJunk,
      'webhook-id': fc.oneof(fc.constantFrom('msg_1', ''), headerJunk),
      'webhook-timestamp': webhookTimestamps,
      'webhook-signature': webhookSignatures,
      'last-event-id': fc.oneof(fc.constantFrom('0', '-1', '1e3', '99999999999999999999'), headerJunk),
      accept: accepts,
    },
  );
  // Each other header in about one request of four, so most requests are not refused for the first odd one.
  const sent = fc.array(fc.nat({ max: 3 }), { minLength: 9, maxLength: 9 });
  // Credentials most of the time, so most requests get past authentication.
  return fc.tuple(others, sent, fc.option(authorizations(credentials), { freq: 5 })).map(([headers, coins, authorization]) => {
    const chosen = Object.entries(headers).filter((_entry, index) => coins[index] === 0);
    return Object.fromEntries(authorization === null ? chosen : [...chosen, ['authorization', authorization]]);
  });
}
