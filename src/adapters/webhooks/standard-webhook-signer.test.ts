import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WebhookVerificationError, type WebhookSignatureHeaders, type WebhookVerificationFailure } from '../../ports/webhook-signer.ts';
import { StandardWebhookSigner } from './standard-webhook-signer.ts';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const signer = new StandardWebhookSigner();
const sentAt = new Date('2026-06-01T12:00:00.000Z');
const payload = '{"type":"playbook.run.completed","data":{"runId":"pbr_1"}}';
const tolerance = { now: sentAt, toleranceSeconds: 300 };

/** The same three headers as a plain object type, which (unlike the interface) is a header record. */
type SentHeaders = { [Name in keyof WebhookSignatureHeaders]: string };

/** Headers as a Standard Webhooks sender built with the reference library would send them. */
function signedByLibrary(options: { secret?: string; body?: string; at?: Date; id?: string } = {}): SentHeaders {
  const at = options.at ?? sentAt;
  const id = options.id ?? 'msg_1';
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(options.secret ?? secret).sign(id, at, options.body ?? payload),
  };
}

function reasonOf(check: () => void): WebhookVerificationFailure | 'passed' {
  try {
    check();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return 'passed';
}

describe('StandardWebhookSigner.verify', () => {
  it('accepts a message signed by the standardwebhooks library', () => {
    expect(reasonOf(() => signer.verify(secret, payload, signedByLibrary(), tolerance))).toBe('passed');
  });

  it('reads header names in any case', () => {
    const headers = Object.fromEntries(Object.entries(signedByLibrary()).map(([name, value]) => [name.toUpperCase(), value]));
    expect(reasonOf(() => signer.verify(secret, payload, headers, tolerance))).toBe('passed');
  });

  it('rejects a tampered payload', () => {
    expect(reasonOf(() => signer.verify(secret, payload.replace('pbr_1', 'pbr_2'), signedByLibrary(), tolerance))).toBe('invalid_signature');
  });

  it('rejects a message signed with another secret', () => {
    const other = `whsec_${randomBytes(24).toString('base64')}`;
    expect(reasonOf(() => signer.verify(secret, payload, signedByLibrary({ secret: other }), tolerance))).toBe('invalid_signature');
  });

  it('rejects a signed id or timestamp that was changed afterwards', () => {
    const headers = signedByLibrary();
    expect(reasonOf(() => signer.verify(secret, payload, { ...headers, 'webhook-id': 'msg_2' }, tolerance))).toBe('invalid_signature');
    const oneSecondLater = String(Number(headers['webhook-timestamp']) + 1);
    expect(reasonOf(() => signer.verify(secret, payload, { ...headers, 'webhook-timestamp': oneSecondLater }, tolerance))).toBe('invalid_signature');
  });

  it('rejects timestamps six minutes old or six minutes ahead, measured against the given now', () => {
    const sixMinutesMs = 6 * 60_000;
    const stale = signedByLibrary({ at: new Date(sentAt.getTime() - sixMinutesMs) });
    const future = signedByLibrary({ at: new Date(sentAt.getTime() + sixMinutesMs) });
    expect(reasonOf(() => signer.verify(secret, payload, stale, tolerance))).toBe('timestamp_out_of_tolerance');
    expect(reasonOf(() => signer.verify(secret, payload, future, tolerance))).toBe('timestamp_out_of_tolerance');
    expect(reasonOf(() => signer.verify(secret, payload, stale, { now: sentAt, toleranceSeconds: 400 }))).toBe('passed');
  });

  it('accepts a timestamp exactly at the edge of the tolerance', () => {
    const edge = signedByLibrary({ at: new Date(sentAt.getTime() - 300_000) });
    expect(reasonOf(() => signer.verify(secret, payload, edge, tolerance))).toBe('passed');
  });

  it('rejects missing headers, each one', () => {
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      const headers: Record<string, string | undefined> = { ...signedByLibrary(), [name]: undefined };
      expect(reasonOf(() => signer.verify(secret, payload, headers, tolerance))).toBe('missing_headers');
    }
    expect(reasonOf(() => signer.verify(secret, payload, {}, tolerance))).toBe('missing_headers');
  });

  it('rejects a timestamp that is not whole seconds', () => {
    for (const timestamp of ['soon', '1780315200abc', '1780315200.5', '-1']) {
      const headers = { ...signedByLibrary(), 'webhook-timestamp': timestamp };
      expect(reasonOf(() => signer.verify(secret, payload, headers, tolerance))).toBe('invalid_timestamp');
    }
  });

  it('passes when one of several signatures is valid, as during a secret rotation', () => {
    const oldSecret = `whsec_${randomBytes(24).toString('base64')}`;
    const headers = signedByLibrary();
    const oldSignature = signedByLibrary({ secret: oldSecret })['webhook-signature'];
    const several = { ...headers, 'webhook-signature': `v1a,bm90LXN1cHBvcnRlZA== ${oldSignature} ${headers['webhook-signature']}` };
    expect(reasonOf(() => signer.verify(secret, payload, several, tolerance))).toBe('passed');
    expect(reasonOf(() => signer.verify(oldSecret, payload, several, tolerance))).toBe('passed');
  });

  it('ignores signatures of other versions even when their value matches', () => {
    const headers = signedByLibrary();
    const v2 = { ...headers, 'webhook-signature': headers['webhook-signature'].replace(/^v1,/, 'v2,') };
    expect(reasonOf(() => signer.verify(secret, payload, v2, tolerance))).toBe('invalid_signature');
  });
});

describe('StandardWebhookSigner.sign', () => {
  it('produces headers the standardwebhooks library verifies', () => {
    const now = new Date();
    const headers = signer.sign(secret, { id: 'msg_interop', timestamp: now, payload });
    expect(headers['webhook-id']).toBe('msg_interop');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
    // The library checks the timestamp against the wall clock, hence a message signed just now.
    expect(new Webhook(secret).verify(payload, { ...headers })).toEqual(JSON.parse(payload));
    expect(() => new Webhook(secret).verify(`${payload} `, { ...headers })).toThrow();
  });

  it('verifies its own signatures', () => {
    const headers = signer.sign(secret, { id: 'msg_self', timestamp: sentAt, payload });
    expect(reasonOf(() => signer.verify(secret, payload, { ...headers }, tolerance))).toBe('passed');
  });
});
