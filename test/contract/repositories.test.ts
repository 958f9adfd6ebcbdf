import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/adapters/db/migrations/index.ts';
import { BatchingRunRepository } from '../../src/adapters/db/repositories/batching-run-repository.ts';
import { KyselyConversationRepository } from '../../src/adapters/db/repositories/conversation-repository.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { MigrationSchemaInspector, migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { KyselyAccountRepository } from '../../src/adapters/db/repositories/account-repository.ts';
import { KyselyApiKeyRepository } from '../../src/adapters/db/repositories/api-key-repository.ts';
import { KyselyRunRepository } from '../../src/adapters/db/repositories/run-repository.ts';
import type { RunRecord } from '../../src/ports/run-repository.ts';
import { dialects, freshDatabaseUrl } from '../support/test-databases.ts';

/** The repository contract: every database implementation must pass the same cases. */
describe.each(dialects)('repositories on %s', (dialect) => {
  let database: Database;
  let url: string;

  beforeAll(async () => {
    url = await freshDatabaseUrl(dialect);
    database = await openDatabase(url);
  });
  afterAll(async () => {
    await database.close();
  });

  describe('schema', () => {
    it('reports pending migrations before migrating, and none after', async () => {
      const before = await new MigrationSchemaInspector(database).inspect();
      expect(before).toMatchObject({ current: false, pending: Object.keys(migrations) });
      const report = await migrateToLatest(database);
      expect(report).toEqual({ applied: Object.keys(migrations), alreadyCurrent: false });
      expect(await new MigrationSchemaInspector(database).inspect()).toEqual({ current: true, pending: [] });
    });

    it('asks again about a schema behind only once the recheck interval has passed', async () => {
      const behind = await openDatabase(await freshDatabaseUrl(dialect));
      try {
        let nowMs = 0;
        const inspector = new MigrationSchemaInspector(behind, { recheckMs: 1000, now: () => nowMs });
        expect(await inspector.inspect()).toMatchObject({ current: false });
        await migrateToLatest(behind);
        nowMs = 999;
        expect(await inspector.inspect()).toMatchObject({ current: false });
        nowMs = 1000;
        expect(await inspector.inspect()).toEqual({ current: true, pending: [] });
      } finally {
        await behind.close();
      }
    });

    it('migrates idempotently', async () => {
      expect(await migrateToLatest(database)).toEqual({ applied: [], alreadyCurrent: true });
    });
  });

  describe('accounts', () => {
    it('ensure inserts once and returns the stored account afterwards', async () => {
      const accounts = new KyselyAccountRepository(database.db);
      const first = await accounts.ensure({ id: 'acct-1', apiPlan: 'growth', v1Plan: 'pro', createdAt: '2026-01-01T00:00:00.000Z' });
      const second = await accounts.ensure({ id: 'acct-1', apiPlan: 'free', v1Plan: 'free', createdAt: '2026-02-01T00:00:00.000Z' });
      expect(first).toEqual({ id: 'acct-1', apiPlan: 'growth', v1Plan: 'pro', createdAt: '2026-01-01T00:00:00.000Z' });
      expect(second).toEqual(first);
    });

    it('concurrent ensure of one id creates one account', async () => {
      const accounts = new KyselyAccountRepository(database.db);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => accounts.ensure({ id: 'acct-race', apiPlan: 'free', v1Plan: 'free', createdAt: new Date().toISOString() })),
      );
      expect(new Set(results.map((account) => account.createdAt)).size).toBe(1);
    });

    it('updates plans and leaves unspecified ones alone', async () => {
      const accounts = new KyselyAccountRepository(database.db);
      await accounts.ensure({ id: 'acct-plans', apiPlan: 'free', v1Plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' });
      expect(await accounts.updatePlans('acct-plans', { v1Plan: 'enterprise' })).toMatchObject({ apiPlan: 'free', v1Plan: 'enterprise' });
      expect(await accounts.updatePlans('missing', { apiPlan: 'growth' })).toBeUndefined();
      expect(await accounts.findById('missing')).toBeUndefined();
    });
  });

  describe('api keys', () => {
    it('stores, finds, lists, touches and revokes keys', async () => {
      const accounts = new KyselyAccountRepository(database.db);
      const keys = new KyselyApiKeyRepository(database.db);
      await accounts.ensure({ id: 'key-owner', apiPlan: 'free', v1Plan: 'free', createdAt: '2026-01-01T00:00:00.000Z' });
      const record = {
        prefix: 'ak_live_AAAAAAAAAAAA',
        accountId: 'key-owner',
        hash: 'a'.repeat(64),
        name: 'ci',
        createdAt: '2026-01-01T00:00:00.000Z',
        revokedAt: null,
        lastUsedAt: null,
      };
      await keys.insert(record);
      await keys.insert({ ...record, prefix: 'ak_live_BBBBBBBBBBBB', name: null, createdAt: '2026-01-02T00:00:00.000Z' });
      expect(await keys.findByPrefix('ak_live_AAAAAAAAAAAA')).toEqual(record);
      expect((await keys.list({ accountId: 'key-owner' })).map((key) => key.prefix)).toEqual(['ak_live_BBBBBBBBBBBB', 'ak_live_AAAAAAAAAAAA']);
      await keys.touch('ak_live_AAAAAAAAAAAA', '2026-03-01T00:00:00.000Z');
      expect((await keys.findByPrefix('ak_live_AAAAAAAAAAAA'))?.lastUsedAt).toBe('2026-03-01T00:00:00.000Z');
      expect(await keys.revoke('ak_live_AAAAAAAAAAAA', '2026-04-01T00:00:00.000Z')).toBe(true);
      expect(await keys.revoke('ak_live_AAAAAAAAAAAA', '2026-05-01T00:00:00.000Z')).toBe(false);
      expect((await keys.findByPrefix('ak_live_AAAAAAAAAAAA'))?.revokedAt).toBe('2026-04-01T00:00:00.000Z');
      expect(await keys.revoke('ak_live_CCCCCCCCCCCC', '2026-04-01T00:00:00.000Z')).toBe(false);
    });

    it('refuses a key for an account that does not exist', async () => {
      const keys = new KyselyApiKeyRepository(database.db);
      await expect(
        keys.insert({ prefix: 'ak_live_DDDDDDDDDDDD', accountId: 'ghost', hash: 'b'.repeat(64), name: null, createdAt: '2026-01-01T00:00:00.000Z', revokedAt: null, lastUsedAt: null }),
      ).rejects.toThrow();
    });
  });

  describe('conversations', () => {
    const owner = { id: 'conv_1', accountId: 'acct-1', agent: 'voice-chat' };

    it('creates a conversation on its first turns and keeps them in order', async () => {
      const conversations = new KyselyConversationRepository(database.db);
      expect(await conversations.find('conv_1')).toBeUndefined();
      expect(await conversations.appendTurns(owner, [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello!' }], '2026-01-01T00:00:00.000Z')).toBe(2);
      expect(await conversations.appendTurns(owner, [{ role: 'user', content: 'Price?' }, { role: 'assistant', content: '€10' }], '2026-01-01T00:01:00.000Z')).toBe(4);
      expect(await conversations.find('conv_1')).toEqual({ ...owner, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:01:00.000Z', turnCount: 4 });
      expect((await conversations.recentTurns('conv_1', 3)).map((turn) => turn.content)).toEqual(['Hello!', 'Price?', '€10']);
    });

    it('gives every concurrent append its own indices', async () => {
      const conversations = new KyselyConversationRepository(database.db);
      const owner2 = { ...owner, id: 'conv_race' };
      const counts = await Promise.all(
        Array.from({ length: 8 }, (_, index) => conversations.appendTurns(owner2, [{ role: 'user', content: `q${index}` }, { role: 'assistant', content: `a${index}` }], '2026-01-01T00:00:00.000Z')),
      );
      expect(counts.sort((left, right) => left - right)).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
      const turns = await conversations.recentTurns('conv_race', 100);
      expect(turns).toHaveLength(16);
      // Each question is directly followed by its own answer.
      for (let index = 0; index < turns.length; index += 2) expect(turns[index + 1]?.content).toBe(turns[index]?.content.replace('q', 'a'));
    });
  });

  describe('runs', () => {
    const run: RunRecord = {
      id: 'run_0001',
      accountId: 'acct-1',
      surface: 'api',
      agent: 'leads',
      model: 'openai/gpt-5-mini',
      provider: 'openai',
      status: 'succeeded',
      errorCode: null,
      latencyMs: 812.5,
      inputTokens: 1200,
      outputTokens: 340,
      costUsd: 0.00098,
      output: '{"leads":[],"count":0}',
      requestId: 'req_1',
      createdAt: '2026-01-01T10:00:00.000Z',
      completedAt: '2026-01-01T10:00:00.812Z',
      parentRunId: null,
      trace: {
        safety: [
          { layer: 'jailbreak', stage: 'input', verdict: 'pass', score: 0.02, categories: [], ms: 1.2 },
          { layer: 'pii', stage: 'input', verdict: 'redact', score: 1, categories: ['card'], findings: { card: 1 }, ms: 0.4 },
          { layer: 'critic', stage: 'output', verdict: 'pass', score: 1, categories: [], reviewer: 'rubric', ms: 0.1 },
        ],
        attempts: [
          { model: 'groq/llama', provider: 'groq', outcome: 'error', status: 503, error: 'upstream_unavailable', ms: 120 },
          { model: 'openai/gpt-5-mini', provider: 'openai', outcome: 'ok', ms: 640.5 },
        ],
        routing: { category: 'research', policy: 'quality', reason: 'research task: best quality first' },
      },
    };

    it('round-trips every field, numbers as numbers', async () => {
      const runs = new KyselyRunRepository(database.db, database.dialect);
      await runs.insert(run);
      await runs.insert({ ...run, accountId: 'acct-steps', id: 'run_step', parentRunId: 'run_parent' });
      expect(await runs.findById('run_0001')).toEqual(run);
      expect(await runs.findById('run_step')).toEqual({ ...run, accountId: 'acct-steps', id: 'run_step', parentRunId: 'run_parent' });
      expect(await runs.findById('run_missing')).toBeUndefined();
    });

    it('stores a large output deflated and reads it back exactly, a small one as it is', async () => {
      const runs = new KyselyRunRepository(database.db, database.dialect);
      const large = JSON.stringify({ leads: Array.from({ length: 400 }, (_, index) => ({ name: `Dentist ${index} — Leeds`, score: index % 7 })) });
      await runs.insert({ ...run, id: 'run_large', accountId: 'acct-large', output: large });
      const stored = await database.db.selectFrom('runs').select(['id', 'output']).where('id', 'in', ['run_large', 'run_0001']).execute();
      expect(stored.find((row) => row.id === 'run_0001')?.output).toBe(run.output);
      expect(stored.find((row) => row.id === 'run_large')?.output?.length).toBeLessThan(large.length / 4);
      expect((await runs.findById('run_large'))?.output).toBe(large);
      expect((await runs.listByAccount('acct-large', { limit: 5 }))[0]?.output).toBe(large);
    });

    it('reads a run stored without a trace as having none', async () => {
      const runs = new KyselyRunRepository(database.db, database.dialect);
      const { trace: _trace, ...untraced } = run;
      await runs.insert({ ...untraced, id: 'run_untraced', accountId: 'acct-untraced' });
      expect((await runs.findById('run_untraced'))?.trace).toBeNull();
    });

    it('lists by agent, stored status, creation time and cursor, and only runs started on their own when asked', async () => {
      const runs = new KyselyRunRepository(database.db, database.dialect);
      const at = (day: number) => `2026-01-0${day}T10:00:00.000Z`;
      await runs.insert({ ...run, accountId: 'acct-filters', id: 'run_fa', createdAt: at(1) });
      await runs.insert({ ...run, accountId: 'acct-filters', id: 'run_fb', createdAt: at(2), agent: 'summarize', status: 'blocked', errorCode: 'safety_blocked', output: null });
      await runs.insert({ ...run, accountId: 'acct-filters', id: 'run_fc', createdAt: at(3), parentRunId: 'run_parent' });
      await runs.insert({ ...run, accountId: 'acct-filters', id: 'run_fd', createdAt: at(4), status: 'failed', errorCode: 'agent_failed', output: null });
      const ids = async (query: Parameters<typeof runs.listByAccount>[1]) => (await runs.listByAccount('acct-filters', query)).map((entry) => entry.id);
      expect(await ids({ limit: 10 })).toEqual(['run_fd', 'run_fc', 'run_fb', 'run_fa']);
      expect(await ids({ limit: 10, topLevel: true })).toEqual(['run_fd', 'run_fb', 'run_fa']);
      expect(await ids({ limit: 10, agent: 'summarize' })).toEqual(['run_fb']);
      expect(await ids({ limit: 10, statuses: ['failed', 'blocked'] })).toEqual(['run_fd', 'run_fb']);
      expect(await ids({ limit: 10, since: at(2), until: at(4) })).toEqual(['run_fc', 'run_fb']);
      expect(await ids({ limit: 2, topLevel: true, after: { createdAt: at(4), id: 'run_fd' } })).toEqual(['run_fb', 'run_fa']);
    });

    it('lists an account’s runs newest first, limited', async () => {
      const runs = new KyselyRunRepository(database.db, database.dialect);
      await runs.insert({ ...run, id: 'run_0002', createdAt: '2026-01-02T10:00:00.000Z', status: 'failed', errorCode: 'upstream_unavailable', output: null });
      await runs.insert({ ...run, id: 'run_0003', accountId: 'someone-else', createdAt: '2026-01-03T10:00:00.000Z' });
      const listed = await runs.listByAccount('acct-1', { limit: 10 });
      expect(listed.map((entry) => entry.id)).toEqual(['run_0002', 'run_0001']);
      expect(await runs.listByAccount('acct-1', { limit: 1 })).toHaveLength(1);
    });

    it('writes concurrent inserts together, each caller waiting for its own row, and isolates a bad row', async () => {
      const runs = new BatchingRunRepository(new KyselyRunRepository(database.db, database.dialect));
      const ids = Array.from({ length: 50 }, (_, index) => `run_batch_${index}`);
      await Promise.all(ids.map((id) => runs.insert({ ...run, id })));
      for (const id of ids) expect((await runs.findById(id))?.id).toBe(id);
      const outcomes = await Promise.allSettled([runs.insert({ ...run, id: 'run_batch_new' }), runs.insert({ ...run, id: 'run_batch_0' })]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected']);
      expect(await runs.findById('run_batch_new')).toBeDefined();
    });

    it('keeps runs across a reconnect', async () => {
      await database.close();
      database = await openDatabase(url);
      expect((await new KyselyRunRepository(database.db, database.dialect).findById('run_0001'))?.costUsd).toBe(0.00098);
    });
  });
});
