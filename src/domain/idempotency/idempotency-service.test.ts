import { describe, expect, it } from 'vitest';
import type { IdempotencyClaim, IdempotencyStore, StoredResponse } from '../../ports/idempotency-store.ts';
import { testSafetyPipeline } from '../../../test/support/safety-fixtures.ts';
import { AppError } from '../errors.ts';
import { StoredText } from '../runs/stored-text.ts';
import { IdempotencyService, requestFingerprint, validIdempotencyKey } from './idempotency-service.ts';

interface MemoryRecord {
  fingerprint: string;
  createdAt: string;
  expiresAt: string;
  response?: StoredResponse;
}

/** The store's contract in a map; the database implementations are tested in test/contract. */
class MemoryIdempotencyStore implements IdempotencyStore {
  readonly records = new Map<string, MemoryRecord>();
  readonly claims: Parameters<IdempotencyStore['claim']>[0][] = [];

  async claim(request: Parameters<IdempotencyStore['claim']>[0]): Promise<IdempotencyClaim> {
    this.claims.push(request);
    const id = `${request.accountId}\n${request.key}`;
    const record = this.records.get(id);
    const replaceable = record && (record.expiresAt <= request.now || (!record.response && record.createdAt < request.staleBefore));
    if (!record || replaceable) {
      this.records.set(id, { fingerprint: request.fingerprint, createdAt: request.now, expiresAt: request.expiresAt });
      return { outcome: 'started' };
    }
    if (record.fingerprint !== request.fingerprint) return { outcome: 'mismatch' };
    return record.response ? { outcome: 'completed', response: record.response } : { outcome: 'in_flight' };
  }

  async complete(accountId: string, key: string, response: StoredResponse): Promise<void> {
    const record = this.records.get(`${accountId}\n${key}`);
    if (record && !record.response) record.response = response;
  }

  async release(accountId: string, key: string): Promise<void> {
    const id = `${accountId}\n${key}`;
    if (!this.records.get(id)?.response) this.records.delete(id);
  }

  async purgeExpired(now: string): Promise<number> {
    let purged = 0;
    for (const [id, record] of this.records) {
      if (record.expiresAt <= now) {
        this.records.delete(id);
        purged += 1;
      }
    }
    return purged;
  }
}

const hour = 3_600_000;
const response: StoredResponse = { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"success":true}' };

const storedText = new StoredText(testSafetyPipeline());

function setup() {
  const store = new MemoryIdempotencyStore();
  let now = new Date('2026-06-01T12:00:00.000Z');
  const service = new IdempotencyService({ store, clock: { now: () => now }, options: { ttlMs: 24 * hour, inFlightTimeoutMs: 10 * 60_000 }, storedText });
  return { store, service, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const failure = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(AppError);
  return failure as AppError;
}

describe('IdempotencyService', () => {
  it('lets the first request proceed, with the expiry and the in-flight cut-off derived from the clock', async () => {
    const { store, service } = setup();
    expect(await service.begin('acct', 'key-1', 'f1')).toEqual({ kind: 'proceed' });
    expect(store.claims).toEqual([
      { accountId: 'acct', key: 'key-1', fingerprint: 'f1', now: '2026-06-01T12:00:00.000Z', expiresAt: '2026-06-02T12:00:00.000Z', staleBefore: '2026-06-01T11:50:00.000Z' },
    ]);
  });

  it('answers idempotency_in_flight while the first request runs', async () => {
    const { service } = setup();
    await service.begin('acct', 'key-1', 'f1');
    const failure = await failureOf(service.begin('acct', 'key-1', 'f1'));
    expect(failure.code).toBe('idempotency_in_flight');
    expect(failure.message).toMatch(/still being processed/);
  });

  it('answers idempotency_mismatch for another request with the same key, running or finished', async () => {
    const { service } = setup();
    await service.begin('acct', 'key-1', 'f1');
    expect((await failureOf(service.begin('acct', 'key-1', 'f2'))).code).toBe('idempotency_mismatch');
    await service.complete('acct', 'key-1', response);
    const failure = await failureOf(service.begin('acct', 'key-1', 'f2'));
    expect(failure.code).toBe('idempotency_mismatch');
    expect(failure.message).toMatch(/different request/);
  });

  it('keeps a refusal with placeholders for what it echoes, and a success as it was sent', async () => {
    const { store, service } = setup();
    const refusal = { statusCode: 404, headers: {}, body: JSON.stringify({ success: false, error: 'Agent "x 4111 1111 1111 1111" does not exist', code: 'agent_not_found' }) };
    await service.begin('acct', 'refused', 'f1');
    await service.complete('acct', 'refused', refusal);
    const kept = store.records.get('acct\nrefused')?.response;
    expect(kept?.statusCode).toBe(404);
    expect(kept?.body).not.toContain('4111');
    expect(JSON.parse(kept?.body ?? '{}')).toMatchObject({ error: 'Agent "x [CARD_1]" does not exist', code: 'agent_not_found' });
    const success = { ...response, body: JSON.stringify({ success: true, data: { note: 'card 4111 1111 1111 1111' } }) };
    await service.begin('acct', 'served', 'f2');
    await service.complete('acct', 'served', success);
    expect(store.records.get('acct\nserved')?.response).toEqual(success);
  });

  it('replays the stored response once the first request completed', async () => {
    const { service } = setup();
    await service.begin('acct', 'key-1', 'f1');
    await service.complete('acct', 'key-1', response);
    expect(await service.begin('acct', 'key-1', 'f1')).toEqual({ kind: 'replay', response });
  });

  it('lets the next request run after a release', async () => {
    const { service } = setup();
    await service.begin('acct', 'key-1', 'f1');
    await service.release('acct', 'key-1');
    expect(await service.begin('acct', 'key-1', 'f1')).toEqual({ kind: 'proceed' });
  });

  it('starts afresh after the time to live, and takes over a request in flight for longer than the timeout', async () => {
    const { service, advance } = setup();
    await service.begin('acct', 'done', 'f1');
    await service.complete('acct', 'done', response);
    await service.begin('acct', 'abandoned', 'f1');
    advance(11 * 60_000);
    expect(await service.begin('acct', 'abandoned', 'f1')).toEqual({ kind: 'proceed' });
    expect(await service.begin('acct', 'done', 'f1')).toEqual({ kind: 'replay', response });
    advance(24 * hour);
    expect(await service.begin('acct', 'done', 'f1')).toEqual({ kind: 'proceed' });
  });

  it('purges what has expired by the clock', async () => {
    const { service, advance } = setup();
    await service.begin('acct', 'old', 'f1');
    advance(23 * hour);
    await service.begin('acct', 'new', 'f1');
    advance(2 * hour);
    expect(await service.purgeExpired()).toBe(1);
  });
});

describe('requestFingerprint', () => {
  const base = { method: 'POST', path: '/api/agents/:agent', params: { agent: 'summarize' }, body: { prompt: 'x', input: { a: 1, b: [1, { c: 2, d: 3 }] } } };

  it('is a sha256 hex digest that ignores the order of object keys at every level', () => {
    const fingerprint = requestFingerprint(base);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const reordered = { body: { input: { b: [1, { d: 3, c: 2 }], a: 1 }, prompt: 'x' }, params: { agent: 'summarize' }, path: '/api/agents/:agent', method: 'post' };
    expect(requestFingerprint(reordered)).toBe(fingerprint);
  });

  it('tells apart the method, the route, the parameters, the body and the order of arrays', () => {
    const fingerprint = requestFingerprint(base);
    expect(requestFingerprint({ ...base, method: 'PUT' })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...base, path: '/api/v1/agents/:agent' })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...base, params: { agent: 'leads' } })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...base, body: { ...base.body, prompt: 'y' } })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...base, body: { ...base.body, input: { a: 1, b: [{ c: 2, d: 3 }, 1] } } })).not.toBe(fingerprint);
  });

  it('accepts a request without a body', () => {
    expect(requestFingerprint({ method: 'POST', path: '/api/playbooks/runs/:runId/resume', params: { runId: 'pbr_1' }, body: undefined })).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('validIdempotencyKey', () => {
  it('accepts 1 to 255 printable ASCII characters, spaces inside', () => {
    for (const key of ['a', '4b1c0c9e-7d21-4a43-9f5e-0d1f6c8b2a77', 'order 42 / retry', '~!@#$%^&*()_+{}|:"<>?', 'k'.repeat(255)]) {
      expect(validIdempotencyKey(key), key).toBe(true);
    }
  });

  it('refuses empty, too long, non-ASCII, control characters and surrounding spaces', () => {
    for (const key of ['', 'k'.repeat(256), 'clé', 'tab\there', 'new\nline', ' leading', 'trailing ', '\u007f']) {
      expect(validIdempotencyKey(key), JSON.stringify(key)).toBe(false);
    }
  });
});
