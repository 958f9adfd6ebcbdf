import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { KyselyPlaybookRunRepository } from '../../src/adapters/db/repositories/playbook-run-repository.ts';
import { runToRow, stepToRow } from '../../src/adapters/db/repositories/playbook-run-rows.ts';
import { SqlQuotaLedger } from '../../src/adapters/db/repositories/sql-quota-ledger.ts';
import { counterKey } from '../../src/domain/quotas/counter-key.ts';
import type { NewPlaybookEvent, PlaybookEventType, PlaybookRunRecord, PlaybookStepRecord } from '../../src/ports/playbook-run-repository.ts';
import { pendingStep as newPendingStep } from '../../src/domain/playbooks/new-playbook-run.ts';
import { at, newDelivery, type NewDelivery } from '../support/contract-records.ts';
import { dialects, ensureTestAccount, freshDatabaseUrl, freshMigratedDatabase, migrateTo } from '../support/test-databases.ts';

function event(type: PlaybookEventType, data: Record<string, unknown> = {}): NewPlaybookEvent {
  return { type, data };
}

function pendingStep(stepIndex: number, optional = false): PlaybookStepRecord {
  return newPendingStep(stepIndex, { agent: `agent-${stepIndex}`, reason: `reason ${stepIndex}`, optional });
}

/** A new queued run with `steps` pending steps and one unit reserved per step. */
function newRun(id: string, accountId: string, options: { steps?: number; createdAt?: string; optional?: number[] } = {}): PlaybookRunRecord {
  const steps = options.steps ?? 3;
  const createdAt = options.createdAt ?? at(0);
  return {
    id,
    accountId,
    kind: 'playbook',
    playbookId: 'lead-research',
    playbookName: 'Lead research',
    status: 'queued',
    inputs: { company: 'Acme' },
    requestId: null,
    unitsReserved: steps,
    unitsRefunded: 0,
    unitsSpent: 0,
    quotaDay: '2026-01-01',
    error: null,
    callbackUrl: null,
    eventCount: 0,
    createdAt,
    startedAt: null,
    completedAt: null,
    updatedAt: createdAt,
    steps: Array.from({ length: steps }, (_, index) => pendingStep(index, options.optional?.includes(index) ?? false)),
  };
}

const succeeded = (completedAt: string) => ({
  status: 'done' as const,
  result: '{"summary":"ok","model":"openai/gpt-5-mini"}',
  error: null,
  model: 'openai/gpt-5-mini',
  agentRunId: 'run_agent_ok',
  durationMs: 12.5,
  completedAt,
});

const failedOutcome = (completedAt: string) => ({
  status: 'failed' as const,
  result: null,
  error: { code: 'upstream_unavailable', message: 'Every model failed' },
  model: null,
  agentRunId: 'run_agent_failed',
  durationMs: 3,
  completedAt,
});

type StepOutcome = Parameters<KyselyPlaybookRunRepository['finishStep']>[3];

/** A callback delivery for a finished run, as the dispatcher would prepare it. */
function callbackDelivery(run: PlaybookRunRecord): NewDelivery {
  return newDelivery(`msg_${run.id}`, run.accountId, { eventType: `playbook.${run.status === 'done' ? 'completed' : 'failed'}`, runId: run.id });
}

function deliveryRow(id: string, accountId: string) {
  return { id, account_id: accountId, url: 'https://hooks.example.com/in', event_type: 'seeded', payload: '{}', run_id: id.slice(4), status: 'pending', attempt_count: 0, next_attempt_at: at(0), lease_owner: null, lease_expires_at: null, created_at: at(0), completed_at: null };
}

/** The contract every PlaybookRunRepository implementation must pass, on both databases. */
describe.each(dialects)('playbook run repository on %s', (dialect) => {
  let database: Database;
  let runs: KyselyPlaybookRunRepository;

  beforeAll(async () => {
    database = await freshMigratedDatabase(dialect);
    runs = new KyselyPlaybookRunRepository(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  /** Claims and finishes one step of a running run. */
  async function runStep(runId: string, stepIndex: number, outcome: StepOutcome = succeeded(at(2)), owner = 'worker-1'): Promise<void> {
    expect(await runs.claimStep(runId, stepIndex, { owner, leaseExpiresAt: at(30), now: at(1), events: [] })).toBeDefined();
    expect(await runs.finishStep(runId, stepIndex, { owner, attempt: 1 }, outcome, [])).toBe(true);
  }

  it('stores a run and reads back every field, numbers as numbers, flags as booleans, JSON as objects', async () => {
    const run: PlaybookRunRecord = {
      ...newRun('pbr_roundtrip', 'acct-roundtrip', { optional: [1] }),
      inputs: { company: 'Acme', employees: 12, b2b: true },
      requestId: 'req_42',
      unitsReserved: 5,
      unitsRefunded: 2,
      unitsSpent: 1,
      error: { code: 'upstream_unavailable', message: 'Every model failed' },
      callbackUrl: 'https://hooks.example.com/agentapi',
      eventCount: 7,
      startedAt: at(1),
      completedAt: at(2),
      updatedAt: at(3),
    };
    run.steps[0] = {
      ...pendingStep(0),
      status: 'done',
      result: '{"leads":[{"name":"Ada"}]}',
      model: 'openai/gpt-5-mini',
      agentRunId: 'run_0001',
      attempts: 2,
      durationMs: 812.5,
      startedAt: at(1),
      completedAt: at(2),
    };
    run.steps[1] = { ...pendingStep(1, true), status: 'running', attempts: 1, leaseOwner: 'host:1', leaseExpiresAt: at(9), startedAt: at(2) };
    run.steps[2] = { ...pendingStep(2), status: 'failed', error: { code: 'timeout', message: 'Too slow' }, durationMs: 0 };
    await runs.create(run);

    const stored = await runs.findById('pbr_roundtrip');
    expect(stored).toEqual(run);
    expect(typeof stored?.unitsReserved).toBe('number');
    expect(typeof stored?.steps[0]?.durationMs).toBe('number');
    expect(stored?.steps[1]?.optional).toBe(true);
    expect(stored?.steps[0]?.optional).toBe(false);
    expect(await runs.findById('pbr_missing')).toBeUndefined();
  });

  it('lists an account’s runs newest first, limited, continuing after a cursor, with their steps', async () => {
    const account = 'acct-list';
    await runs.create(newRun('pbr_list_a', account, { createdAt: at(1), steps: 1 }));
    await runs.create(newRun('pbr_list_b', account, { createdAt: at(2), steps: 2 }));
    await runs.create(newRun('pbr_list_c', account, { createdAt: at(3) }));
    // Same creation time: the id decides.
    await runs.create(newRun('pbr_list_d', account, { createdAt: at(3) }));
    await runs.create(newRun('pbr_list_e', account, { createdAt: at(4) }));
    await runs.create(newRun('pbr_list_other', 'acct-list-other', { createdAt: at(5) }));
    await runs.create({ ...newRun('agr_list_agent', account, { createdAt: at(6), steps: 1 }), kind: 'agent', inputs: { prompt: 'p', input: { tone: 'dry' } } });

    const all = await runs.listByAccount(account, { kind: 'playbook', limit: 10 });
    expect(all.map((run) => run.id)).toEqual(['pbr_list_e', 'pbr_list_d', 'pbr_list_c', 'pbr_list_b', 'pbr_list_a']);
    expect(all.map((run) => run.steps.length)).toEqual([3, 3, 3, 2, 1]);
    expect(all[3]?.steps.map((step) => step.agent)).toEqual(['agent-0', 'agent-1']);

    const pages: string[][] = [];
    let after: { createdAt: string; id: string } | undefined;
    // Bounded, so that a cursor that does not advance fails instead of looping.
    for (let count = 0; count < 5; count += 1) {
      const page = await runs.listByAccount(account, { kind: 'playbook', limit: 2, after });
      if (page.length === 0) break;
      pages.push(page.map((run) => run.id));
      const last = page.at(-1) as PlaybookRunRecord;
      after = { createdAt: last.createdAt, id: last.id };
    }
    expect(pages).toEqual([['pbr_list_e', 'pbr_list_d'], ['pbr_list_c', 'pbr_list_b'], ['pbr_list_a']]);
    expect(await runs.listByAccount('acct-list-nobody', { kind: 'playbook', limit: 10 })).toEqual([]);
    // Each kind is listed on its own; an agent run keeps its nested request body.
    const agentRuns = await runs.listByAccount(account, { kind: 'agent', limit: 10 });
    expect(agentRuns.map((run) => [run.id, run.kind, run.inputs])).toEqual([['agr_list_agent', 'agent', { prompt: 'p', input: { tone: 'dry' } }]]);
  });

  it('starts no more runs than the account limit, even when all start at once', async () => {
    const account = 'acct-slots';
    const ids = Array.from({ length: 5 }, (_, index) => `pbr_slots_${index}`);
    for (const id of ids) await runs.create(newRun(id, account));

    const started = await Promise.all(ids.map((id) => runs.startRun(id, { accountLimit: 2, now: at(1), events: [event('run.started', { id })] })));
    expect(started.filter(Boolean)).toHaveLength(2);

    for (const [index, id] of ids.entries()) {
      const run = await runs.findById(id);
      if (started[index]) {
        expect(run).toMatchObject({ status: 'running', startedAt: at(1), updatedAt: at(1), eventCount: 1 });
        expect((await runs.listEvents(id, 0, 10)).map((entry) => entry.data)).toEqual([{ id }]);
      } else {
        // The refused start wrote nothing.
        expect(run).toMatchObject({ status: 'queued', startedAt: null, updatedAt: at(0), eventCount: 0 });
        expect(await runs.listEvents(id, 0, 10)).toEqual([]);
      }
    }
    const runningId = ids[started.indexOf(true)] as string;
    expect(await runs.startRun(runningId, { accountLimit: 10, now: at(2), events: [] })).toBe(false);
    expect(await runs.startRun('pbr_missing', { accountLimit: 10, now: at(2), events: [] })).toBe(false);
  });

  it('numbers events 1, 2, 3… across state changes and pages them', async () => {
    await runs.create(newRun('pbr_events', 'acct-events', { steps: 1 }));
    expect(await runs.startRun('pbr_events', { accountLimit: 10, now: at(1), events: [event('run.started')] })).toBe(true);
    expect(await runs.claimStep('pbr_events', 0, { owner: 'w', leaseExpiresAt: at(9), now: at(2), events: [event('step.started', { stepIndex: 0 })] })).toBeDefined();
    expect(await runs.finishStep('pbr_events', 0, { owner: 'w', attempt: 1 }, succeeded(at(3)), [event('step.completed', { stepIndex: 0, model: 'm' })])).toBe(true);
    expect(await runs.finishRun('pbr_events', { status: 'done', error: null, now: at(4), events: [event('run.completed', { progress: 100 }), event('run.completed', { again: true })] })).toEqual({
      finished: true,
      refundUnits: 0,
    });

    const events = await runs.listEvents('pbr_events', 0, 100);
    expect(events.map((entry) => entry.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(events.map((entry) => entry.type)).toEqual(['run.started', 'step.started', 'step.completed', 'run.completed', 'run.completed']);
    expect(events[2]).toEqual({ runId: 'pbr_events', sequence: 3, type: 'step.completed', data: { stepIndex: 0, model: 'm' }, createdAt: at(3) });
    expect(events.map((entry) => entry.createdAt)).toEqual([at(1), at(2), at(3), at(4), at(4)]);
    expect((await runs.findById('pbr_events'))?.eventCount).toBe(5);

    expect((await runs.listEvents('pbr_events', 2, 2)).map((entry) => entry.sequence)).toEqual([3, 4]);
    expect((await runs.listEvents('pbr_events', 4, 2)).map((entry) => entry.sequence)).toEqual([5]);
    expect(await runs.listEvents('pbr_events', 5, 10)).toEqual([]);
    expect(await runs.listEvents('pbr_missing', 0, 10)).toEqual([]);
  });

  it('lets exactly one of many concurrent claims of a pending step win', async () => {
    await runs.create(newRun('pbr_claim_race', 'acct-claim'));
    expect(await runs.claimStep('pbr_claim_race', 0, { owner: 'early', leaseExpiresAt: at(9), now: at(0), events: [] })).toBeUndefined();
    expect(await runs.startRun('pbr_claim_race', { accountLimit: 10, now: at(0), events: [] })).toBe(true);

    const owners = Array.from({ length: 10 }, (_, index) => `worker-${index}`);
    const claims = await Promise.all(
      owners.map((owner) => runs.claimStep('pbr_claim_race', 0, { owner, leaseExpiresAt: at(9), now: at(1), events: [event('step.started', { owner })] })),
    );
    const winners = claims.filter((claim) => claim !== undefined);
    expect(winners).toHaveLength(1);
    const winner = winners[0] as PlaybookStepRecord;
    expect(winner).toMatchObject({ stepIndex: 0, status: 'running', attempts: 1, leaseExpiresAt: at(9), startedAt: at(1) });
    expect(owners).toContain(winner.leaseOwner);

    const run = await runs.findById('pbr_claim_race');
    expect(run?.steps[0]).toEqual(winner);
    expect(run?.eventCount).toBe(1);
    expect((await runs.listEvents('pbr_claim_race', 0, 10)).map((entry) => entry.data)).toEqual([{ owner: winner.leaseOwner }]);
    expect(await runs.claimStep('pbr_claim_race', 7, { owner: 'w', leaseExpiresAt: at(9), now: at(1), events: [] })).toBeUndefined();
  });

  it('hands a running step over only once its lease expired, and renews leases for the owner only', async () => {
    await runs.create(newRun('pbr_lease', 'acct-lease'));
    await runs.startRun('pbr_lease', { accountLimit: 10, now: at(0), events: [] });
    expect(await runs.claimStep('pbr_lease', 0, { owner: 'first', leaseExpiresAt: at(5), now: at(1), events: [] })).toMatchObject({ attempts: 1, leaseOwner: 'first' });

    expect(await runs.claimStep('pbr_lease', 0, { owner: 'second', leaseExpiresAt: at(9), now: at(4), events: [] })).toBeUndefined();
    expect(await runs.renewLease('pbr_lease', 0, { owner: 'second', attempt: 1 }, at(20))).toBe(false);
    expect(await runs.renewLease('pbr_lease', 0, { owner: 'first', attempt: 1 }, at(7))).toBe(true);
    expect((await runs.findById('pbr_lease'))?.steps[0]).toMatchObject({ leaseOwner: 'first', leaseExpiresAt: at(7) });
    // Renewed past 6: still held then.
    expect(await runs.claimStep('pbr_lease', 0, { owner: 'second', leaseExpiresAt: at(12), now: at(6), events: [] })).toBeUndefined();

    const takeover = await runs.claimStep('pbr_lease', 0, { owner: 'second', leaseExpiresAt: at(12), now: at(8), events: [] });
    expect(takeover).toMatchObject({ status: 'running', attempts: 2, leaseOwner: 'second', leaseExpiresAt: at(12), startedAt: at(8) });
    expect(await runs.renewLease('pbr_lease', 0, { owner: 'first', attempt: 1 }, at(20))).toBe(false);
    // A claim is the owner and the attempt: the same process holding an older claim of the step holds nothing.
    expect(await runs.renewLease('pbr_lease', 0, { owner: 'second', attempt: 1 }, at(15))).toBe(false);
    expect(await runs.renewLease('pbr_lease', 0, { owner: 'second', attempt: 2 }, at(15))).toBe(true);
    expect(await runs.renewLease('pbr_lease', 1, { owner: 'second', attempt: 2 }, at(15))).toBe(false);

    // The first process's late result is refused.
    expect(await runs.finishStep('pbr_lease', 0, { owner: 'first', attempt: 1 }, succeeded(at(9)), [event('step.completed')])).toBe(false);
    expect(await runs.finishStep('pbr_lease', 0, { owner: 'second', attempt: 1 }, succeeded(at(9)), [])).toBe(false);
    expect(await runs.finishStep('pbr_lease', 0, { owner: 'second', attempt: 2 }, succeeded(at(10)), [])).toBe(true);
    expect(await runs.renewLease('pbr_lease', 0, { owner: 'second', attempt: 2 }, at(20))).toBe(false);
    expect((await runs.findById('pbr_lease'))?.steps[0]).toMatchObject({ status: 'done', leaseOwner: null, leaseExpiresAt: null, completedAt: at(10), attempts: 2 });
  });

  it('refuses a step result from a non-owner and after a cancel, writing nothing', async () => {
    await runs.create(newRun('pbr_finish_step', 'acct-finish-step'));
    await runs.startRun('pbr_finish_step', { accountLimit: 10, now: at(0), events: [] });
    await runs.claimStep('pbr_finish_step', 0, { owner: 'owner', leaseExpiresAt: at(30), now: at(1), events: [] });
    const before = await runs.findById('pbr_finish_step');

    expect(await runs.finishStep('pbr_finish_step', 0, { owner: 'intruder', attempt: 1 }, succeeded(at(2)), [event('step.completed')])).toBe(false);
    expect(await runs.findById('pbr_finish_step')).toEqual(before);
    expect(await runs.listEvents('pbr_finish_step', 0, 10)).toEqual([]);

    // Step 0 was running: its unit stays spent.
    expect(await runs.cancel('pbr_finish_step', { now: at(3), events: [event('run.canceled')] })).toEqual({ canceled: true, refundUnits: 2 });
    expect(await runs.finishStep('pbr_finish_step', 0, { owner: 'owner', attempt: 1 }, succeeded(at(4)), [event('step.completed')])).toBe(false);
    expect(await runs.renewLease('pbr_finish_step', 0, { owner: 'owner', attempt: 1 }, at(40))).toBe(false);
    const after = await runs.findById('pbr_finish_step');
    expect(after?.steps[0]).toMatchObject({ status: 'canceled', result: null, model: null, completedAt: null });
    expect(after?.eventCount).toBe(1);
    expect((await runs.listEvents('pbr_finish_step', 0, 10)).map((entry) => entry.type)).toEqual(['run.canceled']);
  });

  it('stores a step’s answer for its current claim only, once, and reads it back', async () => {
    await runs.create(newRun('pbr_answer', 'acct-answer'));
    const answer = { result: '{"text":"first","model":"m"}', model: 'm', agentRunId: 'run_answer_1', createdAt: at(3), usage: { provider: 'openai', inputTokens: 120, outputTokens: 40, costUsd: 0.00021 } };
    // Before the run starts nobody holds the step.
    expect(await runs.storeStepAnswer('pbr_answer', 0, { owner: 'first', attempt: 1 }, answer)).toBe(false);
    await runs.startRun('pbr_answer', { accountLimit: 10, now: at(0), events: [] });
    await runs.claimStep('pbr_answer', 0, { owner: 'first', leaseExpiresAt: at(5), now: at(1), events: [] });
    // Paused past its lease, the first claim is taken over: it may no longer store an answer.
    await runs.claimStep('pbr_answer', 0, { owner: 'second', leaseExpiresAt: at(12), now: at(6), events: [] });
    expect(await runs.storeStepAnswer('pbr_answer', 0, { owner: 'first', attempt: 1 }, answer)).toBe(false);
    expect(await runs.storeStepAnswer('pbr_answer', 0, { owner: 'second', attempt: 1 }, answer)).toBe(false);
    expect(await runs.storeStepAnswer('pbr_answer', 1, { owner: 'second', attempt: 2 }, answer)).toBe(false);
    expect(await runs.findStepAnswer('pbr_answer', 0)).toBeUndefined();

    expect(await runs.storeStepAnswer('pbr_answer', 0, { owner: 'second', attempt: 2 }, answer)).toBe(true);
    expect(await runs.findStepAnswer('pbr_answer', 0)).toEqual({ ...answer, attempt: 2 });
    // The first answer stays.
    expect(await runs.storeStepAnswer('pbr_answer', 0, { owner: 'second', attempt: 2 }, { ...answer, result: '{"text":"second"}', agentRunId: 'run_answer_2' })).toBe(false);
    expect(await runs.findStepAnswer('pbr_answer', 0)).toMatchObject({ result: answer.result, agentRunId: 'run_answer_1' });
    expect(await runs.findStepAnswer('pbr_answer', 1)).toBeUndefined();

    // Nothing is stored once the run was canceled.
    await runs.claimStep('pbr_answer', 1, { owner: 'second', leaseExpiresAt: at(30), now: at(7), events: [] });
    await runs.cancel('pbr_answer', { now: at(8), events: [] });
    expect(await runs.storeStepAnswer('pbr_answer', 1, { owner: 'second', attempt: 1 }, answer)).toBe(false);
    expect(await runs.findStepAnswer('pbr_answer', 1)).toBeUndefined();
  });

  it('stores a large step answer and result deflated, reads both back exactly, and keeps one copy once the step is done', async () => {
    const large = JSON.stringify({ sections: Array.from({ length: 300 }, (_, index) => `Section ${index}: the launch slipped a week — ünïcode stays.`), model: 'm' });
    await runs.create(newRun('pbr_large', 'acct-large', { steps: 1 }));
    await runs.startRun('pbr_large', { accountLimit: 10, now: at(0), events: [] });
    await runs.claimStep('pbr_large', 0, { owner: 'w', leaseExpiresAt: at(30), now: at(1), events: [] });
    const answer = { result: large, model: 'm', agentRunId: 'run_large_step', createdAt: at(2), usage: null };
    expect(await runs.storeStepAnswer('pbr_large', 0, { owner: 'w', attempt: 1 }, answer)).toBe(true);
    const [storedAnswer] = await database.db.selectFrom('playbook_step_answers').select('result').where('run_id', '=', 'pbr_large').execute();
    expect(storedAnswer?.result.length).toBeLessThan(large.length / 4);
    expect((await runs.findStepAnswer('pbr_large', 0))?.result).toBe(large);

    expect(await runs.finishStep('pbr_large', 0, { owner: 'w', attempt: 1 }, { ...succeeded(at(3)), result: large }, [])).toBe(true);
    const [storedStep] = await database.db.selectFrom('playbook_steps').select('result').where('run_id', '=', 'pbr_large').execute();
    expect(storedStep?.result?.length).toBeLessThan(large.length / 4);
    expect((await runs.findById('pbr_large'))?.steps[0]?.result).toBe(large);
    expect(await runs.findStepAnswer('pbr_large', 0)).toBeUndefined();
  });

  it('keeps a step\'s answer through a finish that is not done, for the retry that reuses it', async () => {
    await runs.create(newRun('pbr_kept', 'acct-kept', { steps: 1 }));
    await runs.startRun('pbr_kept', { accountLimit: 10, now: at(0), events: [] });
    await runs.claimStep('pbr_kept', 0, { owner: 'w', leaseExpiresAt: at(30), now: at(1), events: [] });
    const answer = { result: '{"text":"kept","model":"m"}', model: 'm', agentRunId: 'run_kept_step', createdAt: at(2), usage: null };
    expect(await runs.storeStepAnswer('pbr_kept', 0, { owner: 'w', attempt: 1 }, answer)).toBe(true);
    expect(await runs.finishStep('pbr_kept', 0, { owner: 'w', attempt: 1 }, failedOutcome(at(3)), [])).toBe(true);
    expect((await runs.findStepAnswer('pbr_kept', 0))?.result).toBe(answer.result);
    // A finish refused (another claim) deletes nothing either.
    expect(await runs.finishStep('pbr_kept', 0, { owner: 'intruder', attempt: 1 }, succeeded(at(4)), [])).toBe(false);
    expect((await runs.findStepAnswer('pbr_kept', 0))?.result).toBe(answer.result);
  });

  it('finishes a failed run: pending steps skipped, slot freed, unspent units refunded once', async () => {
    const account = 'acct-finish-run';
    await runs.create(newRun('pbr_fail', account, { createdAt: at(0) }));
    await runs.create(newRun('pbr_fail_next', account, { createdAt: at(1) }));
    expect(await runs.startRun('pbr_fail', { accountLimit: 1, now: at(1), events: [] })).toBe(true);
    await runStep('pbr_fail', 0);
    await runStep('pbr_fail', 1, failedOutcome(at(3)));
    expect(await runs.startRun('pbr_fail_next', { accountLimit: 1, now: at(3), events: [] })).toBe(false);

    const error = { code: 'upstream_unavailable', message: 'Step 1 failed' };
    expect(await runs.finishRun('pbr_fail', { status: 'failed', error, now: at(4), events: [event('run.failed', { error })] })).toEqual({ finished: true, refundUnits: 2 });
    const run = await runs.findById('pbr_fail');
    expect(run).toMatchObject({ status: 'failed', error, completedAt: at(4), updatedAt: at(4), unitsReserved: 3, unitsRefunded: 2, eventCount: 1 });
    expect(run?.steps.map((step) => step.status)).toEqual(['done', 'failed', 'skipped']);
    expect(run?.steps[1]?.error).toEqual(failedOutcome(at(3)).error);

    expect(await runs.finishRun('pbr_fail', { status: 'failed', error, now: at(5), events: [event('run.failed')] })).toEqual({ finished: false, refundUnits: 0 });
    expect((await runs.findById('pbr_fail'))?.eventCount).toBe(1);
    expect(await runs.startRun('pbr_fail_next', { accountLimit: 1, now: at(5), events: [] })).toBe(true);
  });

  it('settles the quota hold with the run it creates, and takes refunds off the day counter in the transaction that ends the run', async () => {
    const ledger = new SqlQuotaLedger(database.db, database.dialect);
    const counter = counterKey('api', '2026-01-01', 'acct-quota');
    const times = { holdExpiresAt: new Date('2026-01-01T00:10:00.000Z'), counterExpiresAt: new Date('2026-01-02T00:00:00.000Z') };
    const settlement = (holdId: string, keptUnits: number) => ({ holdId, counterKey: counter, keptUnits, counterExpiresAt: times.counterExpiresAt.toISOString() });
    await ledger.hold({ id: 'hold_failing', counterKey: counter, units: 3 }, 10, times);
    await ledger.hold({ id: 'hold_canceled', counterKey: counter, units: 3 }, 10, times);
    await runs.create(newRun('pbr_quota_fail', 'acct-quota'), settlement('hold_failing', 3));
    await runs.create(newRun('pbr_quota_cancel', 'acct-quota'), settlement('hold_canceled', 3));
    // Settled: nothing is left to expire, and the counter holds both runs' units.
    expect(await ledger.reclaimExpired(new Date('2026-01-01T01:00:00.000Z'))).toBe(0);
    expect(await ledger.get(counter)).toBe(6);

    await runs.startRun('pbr_quota_fail', { accountLimit: 10, now: at(1), events: [] });
    await runStep('pbr_quota_fail', 0, failedOutcome(at(2)));
    await runs.finishRun('pbr_quota_fail', { status: 'failed', error: { code: 'upstream_unavailable', message: 'failed' }, now: at(3), events: [] });
    expect(await ledger.get(counter)).toBe(3);
    await runs.cancel('pbr_quota_cancel', { now: at(4), events: [] });
    expect(await ledger.get(counter)).toBe(0);

    await ledger.hold({ id: 'hold_resume', counterKey: counter, units: 3 }, 10, times);
    expect(await runs.resume('pbr_quota_cancel', { quotaDay: '2026-01-01', unitsReserved: 6, unitsRefunded: 3, now: at(5), quota: settlement('hold_resume', 3) })).toBe(true);
    expect(await ledger.reclaimExpired(new Date('2026-01-01T01:00:00.000Z'))).toBe(0);
    expect(await ledger.get(counter)).toBe(3);
  });

  it('finishes a done run, refunding only the units of steps that did not succeed', async () => {
    await runs.create(newRun('pbr_done', 'acct-done', { optional: [1] }));
    await runs.startRun('pbr_done', { accountLimit: 10, now: at(0), events: [] });
    await runStep('pbr_done', 0);
    await runStep('pbr_done', 1, failedOutcome(at(3)));
    await runStep('pbr_done', 2);
    expect(await runs.finishRun('pbr_done', { status: 'done', error: null, now: at(4), events: [] })).toEqual({ finished: true, refundUnits: 1 });
    expect(await runs.findById('pbr_done')).toMatchObject({ status: 'done', error: null, completedAt: at(4), unitsRefunded: 1 });
  });

  it('stores the callback a finishing run builds in the same transaction, from the run as finished', async () => {
    const account = await ensureTestAccount(database, 'acct-callback');
    const seen: PlaybookRunRecord[] = [];
    const callback = (finished: PlaybookRunRecord) => {
      seen.push(finished);
      return callbackDelivery(finished);
    };
    await runs.create(newRun('pbr_callback', account));
    await runs.startRun('pbr_callback', { accountLimit: 10, now: at(0), events: [] });
    await runStep('pbr_callback', 0, failedOutcome(at(2)));
    const error = { code: 'upstream_unavailable', message: 'Step 0 failed' };
    expect(await runs.finishRun('pbr_callback', { status: 'failed', error, now: at(3), events: [], callback })).toEqual({ finished: true, refundUnits: 3 });
    // Built from the run as stored by this change: failed, the later steps skipped.
    expect(seen.map((run) => [run.status, run.completedAt, run.steps.map((step) => step.status)])).toEqual([['failed', at(3), ['failed', 'skipped', 'skipped']]]);
    expect(await deliveriesOf('pbr_callback')).toEqual([{ id: 'msg_pbr_callback', event_type: 'playbook.failed', status: 'pending' }]);

    // Not finished again: no second callback.
    expect(await runs.finishRun('pbr_callback', { status: 'failed', error, now: at(4), events: [], callback })).toEqual({ finished: false, refundUnits: 0 });
    expect(seen).toHaveLength(1);
  });

  it('rolls the finish back when its callback cannot be stored: never one without the other', async () => {
    const account = await ensureTestAccount(database, 'acct-callback-fails');
    await runs.create(newRun('pbr_callback_fail', account, { steps: 1 }));
    await runs.startRun('pbr_callback_fail', { accountLimit: 10, now: at(0), events: [] });
    await runStep('pbr_callback_fail', 0);
    // The same delivery id twice: the second insert violates the primary key.
    await database.db.insertInto('webhook_deliveries').values(deliveryRow('msg_pbr_callback_fail', account)).execute();
    await expect(runs.finishRun('pbr_callback_fail', { status: 'done', error: null, now: at(3), events: [event('run.completed')], callback: callbackDelivery })).rejects.toThrow();
    expect(await runs.findById('pbr_callback_fail')).toMatchObject({ status: 'running', completedAt: null, eventCount: 0, unitsRefunded: 0 });
    // A run without a callback address builds none.
    expect(await runs.finishRun('pbr_callback_fail', { status: 'done', error: null, now: at(4), events: [], callback: () => undefined })).toEqual({ finished: true, refundUnits: 0 });
    expect(await deliveriesOf('pbr_callback_fail')).toEqual([{ id: 'msg_pbr_callback_fail', event_type: 'seeded', status: 'pending' }]);
  });

  function deliveriesOf(runId: string) {
    return database.db.selectFrom('webhook_deliveries').select(['id', 'event_type', 'status']).where('run_id', '=', runId).execute();
  }

  it('cancels a queued run: steps canceled, everything refunded, no slot taken back', async () => {
    const account = 'acct-cancel-queued';
    await runs.create(newRun('pbr_cq_running', account, { createdAt: at(0) }));
    await runs.create(newRun('pbr_cq_queued', account, { createdAt: at(1) }));
    await runs.create(newRun('pbr_cq_later', account, { createdAt: at(2) }));
    expect(await runs.startRun('pbr_cq_running', { accountLimit: 1, now: at(1), events: [] })).toBe(true);

    expect(await runs.cancel('pbr_cq_queued', { now: at(2), events: [event('run.canceled')] })).toEqual({ canceled: true, refundUnits: 3 });
    const run = await runs.findById('pbr_cq_queued');
    expect(run).toMatchObject({ status: 'canceled', completedAt: at(2), unitsRefunded: 3, eventCount: 1 });
    expect(run?.steps.map((step) => step.status)).toEqual(['canceled', 'canceled', 'canceled']);
    // The running run still holds the account's only slot.
    expect(await runs.startRun('pbr_cq_later', { accountLimit: 1, now: at(3), events: [] })).toBe(false);
    expect(await runs.cancel('pbr_cq_queued', { now: at(3), events: [event('run.canceled')] })).toEqual({ canceled: false, refundUnits: 0 });
  });

  it('cancels a running run: unfinished steps canceled, slot freed; the running step keeps its unit, steps never started are refunded', async () => {
    const account = 'acct-cancel-running';
    await runs.create(newRun('pbr_cr', account, { createdAt: at(0) }));
    await runs.create(newRun('pbr_cr_next', account, { createdAt: at(1) }));
    await runs.startRun('pbr_cr', { accountLimit: 1, now: at(1), events: [] });
    await runStep('pbr_cr', 0);
    await runs.claimStep('pbr_cr', 1, { owner: 'worker-1', leaseExpiresAt: at(30), now: at(3), events: [] });

    // Step 1's model call goes on after the cancel and is paid for: only step 2 is given back.
    expect(await runs.cancel('pbr_cr', { now: at(4), events: [event('run.canceled')] })).toEqual({ canceled: true, refundUnits: 1 });
    const run = await runs.findById('pbr_cr');
    expect(run).toMatchObject({ status: 'canceled', completedAt: at(4), unitsReserved: 3, unitsSpent: 2, unitsRefunded: 1 });
    expect(run?.steps.map((step) => step.status)).toEqual(['done', 'canceled', 'canceled']);
    expect(run?.steps[1]).toMatchObject({ leaseOwner: null, leaseExpiresAt: null });
    expect(await runs.startRun('pbr_cr_next', { accountLimit: 1, now: at(5), events: [] })).toBe(true);
    // The late result is refused and spends nothing more.
    expect(await runs.finishStep('pbr_cr', 1, { owner: 'worker-1', attempt: 1 }, succeeded(at(6)), [])).toBe(false);
    expect(await runs.findById('pbr_cr')).toMatchObject({ unitsSpent: 2, unitsRefunded: 1 });
  });

  it('keeps the unit of a failed step whose work was paid for, and refunds one that failed before any model answered', async () => {
    await runs.create(newRun('pbr_paid_failure', 'acct-paid-failure', { optional: [0] }));
    await runs.startRun('pbr_paid_failure', { accountLimit: 10, now: at(0), events: [] });
    await runStep('pbr_paid_failure', 0, { ...failedOutcome(at(2)), error: { code: 'output_blocked', message: 'withheld' }, unitSpent: true });
    await runStep('pbr_paid_failure', 1, failedOutcome(at(3)));
    const error = { code: 'upstream_unavailable', message: 'Step 1 failed' };
    expect(await runs.finishRun('pbr_paid_failure', { status: 'failed', error, now: at(4), events: [] })).toEqual({ finished: true, refundUnits: 2 });
    expect(await runs.findById('pbr_paid_failure')).toMatchObject({ unitsReserved: 3, unitsSpent: 1, unitsRefunded: 2 });
  });

  it('keeps what a canceled run spent through a resume: the step canceled while running counts once, its rerun once more', async () => {
    await runs.create(newRun('pbr_cancel_resume', 'acct-cancel-resume'));
    await runs.startRun('pbr_cancel_resume', { accountLimit: 10, now: at(0), events: [] });
    await runStep('pbr_cancel_resume', 0);
    await runs.claimStep('pbr_cancel_resume', 1, { owner: 'worker-1', leaseExpiresAt: at(30), now: at(3), events: [] });
    expect(await runs.cancel('pbr_cancel_resume', { now: at(4), events: [] })).toEqual({ canceled: true, refundUnits: 1 });

    // Resumed the same day: steps 1 and 2 reserved again (3 + 2).
    expect(await runs.resume('pbr_cancel_resume', { quotaDay: '2026-01-01', unitsReserved: 5, unitsRefunded: 1, now: at(5) })).toBe(true);
    expect(await runs.findById('pbr_cancel_resume')).toMatchObject({ status: 'queued', unitsSpent: 2 });
    await runs.startRun('pbr_cancel_resume', { accountLimit: 10, now: at(6), events: [] });
    await runStep('pbr_cancel_resume', 1);
    await runStep('pbr_cancel_resume', 2);
    expect(await runs.finishRun('pbr_cancel_resume', { status: 'done', error: null, now: at(7), events: [] })).toEqual({ finished: true, refundUnits: 0 });
    // Step 0, step 1 twice (canceled while running, then rerun) and step 2.
    expect(await runs.findById('pbr_cancel_resume')).toMatchObject({ unitsReserved: 5, unitsSpent: 4, unitsRefunded: 1 });
  });

  it('does not cancel a finished run', async () => {
    await runs.create(newRun('pbr_cancel_done', 'acct-cancel-done', { steps: 1 }));
    await runs.startRun('pbr_cancel_done', { accountLimit: 10, now: at(0), events: [] });
    await runStep('pbr_cancel_done', 0);
    await runs.finishRun('pbr_cancel_done', { status: 'done', error: null, now: at(3), events: [] });
    expect(await runs.cancel('pbr_cancel_done', { now: at(4), events: [event('run.canceled')] })).toEqual({ canceled: false, refundUnits: 0 });
    expect(await runs.findById('pbr_cancel_done')).toMatchObject({ status: 'done', eventCount: 0, steps: [{ status: 'done' }] });
    expect(await runs.cancel('pbr_missing', { now: at(4), events: [] })).toEqual({ canceled: false, refundUnits: 0 });
  });

  it('lets exactly one of a racing finish and cancels apply, freeing the slot once', async () => {
    const account = 'acct-end-race';
    for (const [index, id] of ['pbr_race_a', 'pbr_race_b', 'pbr_race_c', 'pbr_race_d'].entries()) await runs.create(newRun(id, account, { createdAt: at(index) }));
    expect(await runs.startRun('pbr_race_a', { accountLimit: 2, now: at(1), events: [] })).toBe(true);
    expect(await runs.startRun('pbr_race_b', { accountLimit: 2, now: at(1), events: [] })).toBe(true);
    await runStep('pbr_race_a', 0);

    const [finished, ...cancels] = await Promise.all([
      runs.finishRun('pbr_race_a', { status: 'failed', error: { code: 'x', message: 'y' }, now: at(5), events: [event('run.failed')] }),
      ...Array.from({ length: 4 }, () => runs.cancel('pbr_race_a', { now: at(5), events: [event('run.canceled')] })),
    ]);
    const outcomes = [finished?.finished, ...cancels.map((cancel) => cancel.canceled)];
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const refunds = [finished?.refundUnits, ...cancels.map((cancel) => cancel.refundUnits)];
    expect(refunds.reduce((sum = 0, units = 0) => sum + units, 0)).toBe(2);
    const run = await runs.findById('pbr_race_a');
    expect(run?.eventCount).toBe(1);
    expect(run?.unitsRefunded).toBe(2);

    // One slot came free: one more run starts, the next does not (pbr_race_b still runs).
    expect(await runs.startRun('pbr_race_c', { accountLimit: 2, now: at(6), events: [] })).toBe(true);
    expect(await runs.startRun('pbr_race_d', { accountLimit: 2, now: at(6), events: [] })).toBe(false);
  });

  it('resumes a failed run: unfinished steps reset, quota bookkeeping replaced, then it runs to the end', async () => {
    await runs.create(newRun('pbr_resume', 'acct-resume'));
    await runs.startRun('pbr_resume', { accountLimit: 1, now: at(0), events: [] });
    await runStep('pbr_resume', 0);
    await runStep('pbr_resume', 1, failedOutcome(at(3)));
    await runs.finishRun('pbr_resume', { status: 'failed', error: { code: 'upstream_unavailable', message: 'no' }, now: at(4), events: [] });
    const doneStep = (await runs.findById('pbr_resume'))?.steps[0];

    expect(await runs.resume('pbr_resume', { quotaDay: '2026-01-02', unitsReserved: 5, unitsRefunded: 2, now: at(10) })).toBe(true);
    const resumed = await runs.findById('pbr_resume');
    expect(resumed).toMatchObject({ status: 'queued', error: null, completedAt: null, quotaDay: '2026-01-02', unitsReserved: 5, unitsRefunded: 2, updatedAt: at(10) });
    expect(resumed?.steps[0]).toEqual(doneStep);
    for (const step of resumed?.steps.slice(1) ?? []) {
      expect(step).toEqual({ ...pendingStep(step.stepIndex), agent: step.agent, reason: step.reason });
    }

    expect(await runs.resume('pbr_resume', { quotaDay: '2026-01-02', unitsReserved: 9, unitsRefunded: 0, now: at(11) })).toBe(false);
    expect(await runs.startRun('pbr_resume', { accountLimit: 1, now: at(11), events: [] })).toBe(true);
    expect(await runs.resume('pbr_resume', { quotaDay: '2026-01-02', unitsReserved: 9, unitsRefunded: 0, now: at(12) })).toBe(false);
    await runStep('pbr_resume', 1);
    await runStep('pbr_resume', 2);
    expect(await runs.finishRun('pbr_resume', { status: 'done', error: null, now: at(13), events: [] })).toEqual({ finished: true, refundUnits: 0 });
    const finished = await runs.findById('pbr_resume');
    expect(finished).toMatchObject({ status: 'done', unitsReserved: 5, unitsRefunded: 2 });
    expect(finished?.steps.map((step) => step.status)).toEqual(['done', 'done', 'done']);
  });

  it('counts, for runs stored before migration 0011, their done steps as spent', async () => {
    const before = await openDatabase(await freshDatabaseUrl(dialect));
    try {
      await migrateTo(before, '0010-run-rollups');
      const run = newRun('pbr_before_0011', 'acct-before-0011');
      run.status = 'running';
      run.steps[0] = { ...run.steps[0], ...succeeded(at(2)), attempts: 1 } as PlaybookStepRecord;
      run.steps[1] = { ...run.steps[1], status: 'running', attempts: 1, leaseOwner: 'worker-1', leaseExpiresAt: at(30) } as PlaybookStepRecord;
      const { units_spent: _unknownThen, ...row } = runToRow(run);
      await before.db.insertInto('playbook_runs').values(row).execute();
      await before.db.insertInto('playbook_steps').values(run.steps.map((step) => stepToRow(run.id, step))).execute();
      await migrateToLatest(before);

      const stored = new KyselyPlaybookRunRepository(before.db);
      expect(await stored.findById(run.id)).toMatchObject({ unitsReserved: 3, unitsSpent: 1, unitsRefunded: 0 });
      // Canceled now: step 1 was running and keeps its unit; step 2 never started.
      expect(await stored.cancel(run.id, { now: at(5), events: [] })).toEqual({ canceled: true, refundUnits: 1 });
    } finally {
      await before.close();
    }
  });

  it('resumes a canceled run, and no run in another state', async () => {
    await runs.create(newRun('pbr_resume_canceled', 'acct-resume-2'));
    await runs.create(newRun('pbr_resume_queued', 'acct-resume-2'));
    await runs.cancel('pbr_resume_canceled', { now: at(1), events: [] });
    expect(await runs.resume('pbr_resume_canceled', { quotaDay: '2026-01-01', unitsReserved: 6, unitsRefunded: 3, now: at(2) })).toBe(true);
    expect(await runs.findById('pbr_resume_canceled')).toMatchObject({ status: 'queued', unitsReserved: 6, unitsRefunded: 3, steps: [{ status: 'pending' }, { status: 'pending' }, { status: 'pending' }] });
    expect(await runs.resume('pbr_resume_queued', { quotaDay: '2026-01-01', unitsReserved: 6, unitsRefunded: 0, now: at(2) })).toBe(false);
    expect(await runs.findById('pbr_resume_queued')).toMatchObject({ unitsReserved: 3 });
    expect(await runs.resume('pbr_missing', { quotaDay: '2026-01-01', unitsReserved: 6, unitsRefunded: 0, now: at(2) })).toBe(false);
  });

  describe('runs needing a worker', () => {
    // A database of their own: the sweep looks at every run.
    let sweepDatabase: Database;
    let sweep: KyselyPlaybookRunRepository;

    beforeAll(async () => {
      sweepDatabase = await freshMigratedDatabase(dialect);
      sweep = new KyselyPlaybookRunRepository(sweepDatabase.db);

      const start = async (id: string, now = at(0)) => expect(await sweep.startRun(id, { accountLimit: 10, now, events: [] })).toBe(true);
      const claim = async (id: string, stepIndex: number, leaseExpiresAt: string) =>
        expect(await sweep.claimStep(id, stepIndex, { owner: 'gone', leaseExpiresAt, now: at(0), events: [] })).toBeDefined();

      // A step whose process died: lease expired at 5.
      await sweep.create(newRun('pbr_s_expired', 'acct-s1'));
      await start('pbr_s_expired');
      await claim('pbr_s_expired', 0, at(5));
      // A next step never nudged.
      await sweep.create(newRun('pbr_s_pending', 'acct-s1'));
      await start('pbr_s_pending');
      await claim('pbr_s_pending', 0, at(5));
      expect(await sweep.finishStep('pbr_s_pending', 0, { owner: 'gone', attempt: 1 }, succeeded(at(1)), [])).toBe(true);
      // Every step finished but the run was never closed.
      await sweep.create(newRun('pbr_s_unclosed', 'acct-s1', { steps: 2 }));
      await start('pbr_s_unclosed');
      for (const index of [0, 1]) {
        await claim('pbr_s_unclosed', index, at(5));
        expect(await sweep.finishStep('pbr_s_unclosed', index, { owner: 'gone', attempt: 1 }, succeeded(at(1)), [])).toBe(true);
      }
      // A live lease, until 20.
      await sweep.create(newRun('pbr_s_live', 'acct-s1'));
      await start('pbr_s_live');
      await claim('pbr_s_live', 0, at(20));
      // Pending, but changed recently (at 9, after idleBefore).
      await sweep.create(newRun('pbr_s_recent', 'acct-s1'));
      await start('pbr_s_recent', at(9));
      // Claimed recently (at 9), its lease ending at 12.
      await sweep.create(newRun('pbr_s_soon', 'acct-s1'));
      await start('pbr_s_soon', at(9));
      expect(await sweep.claimStep('pbr_s_soon', 0, { owner: 'paused', leaseExpiresAt: at(12), now: at(9), events: [] })).toBeDefined();
      // Finished runs need nobody.
      await sweep.create(newRun('pbr_s_done', 'acct-s1', { steps: 1 }));
      await start('pbr_s_done');
      await claim('pbr_s_done', 0, at(5));
      expect(await sweep.finishStep('pbr_s_done', 0, { owner: 'gone', attempt: 1 }, succeeded(at(1)), [])).toBe(true);
      await sweep.finishRun('pbr_s_done', { status: 'done', error: null, now: at(1), events: [] });

      // Queued runs: per account, the oldest.
      await sweep.create(newRun('pbr_q_a2', 'acct-q-a', { createdAt: at(2) }));
      await sweep.create(newRun('pbr_q_a1', 'acct-q-a', { createdAt: at(1) }));
      await sweep.create(newRun('pbr_q_b1', 'acct-q-b', { createdAt: at(3) }));
    });
    afterAll(async () => {
      await sweepDatabase.close();
    });

    const byRunId = <T extends { runId: string }>(nudges: T[]) => [...nudges].sort((left, right) => left.runId.localeCompare(right.runId));

    it('finds expired leases, unnudged and unclosed runs, skipping live leases and recent changes, and each account’s oldest queued run', async () => {
      const nudges = await sweep.findStalled({ idleBefore: at(8), expiringBefore: at(10), limit: 100 });
      expect(byRunId(nudges)).toEqual([
        { runId: 'pbr_q_a1', stepIndex: 0 },
        { runId: 'pbr_q_b1', stepIndex: 0 },
        { runId: 'pbr_s_expired', stepIndex: 0, attempt: 1, leaseExpiresAt: at(5) },
        { runId: 'pbr_s_pending', stepIndex: 1, attempt: 0 },
        { runId: 'pbr_s_unclosed', stepIndex: 2 },
      ]);
    });

    it('finds a live lease once it expires before the horizon, and a recent change once it is old enough', async () => {
      const nudges = await sweep.findStalled({ idleBefore: at(10), expiringBefore: at(25), limit: 100 });
      expect(nudges).toContainEqual({ runId: 'pbr_s_live', stepIndex: 0, attempt: 1, leaseExpiresAt: at(20) });
      expect(nudges).toContainEqual({ runId: 'pbr_s_recent', stepIndex: 0, attempt: 0 });
      expect(nudges).toHaveLength(8);
    });

    it('looks ahead for leases: one expiring before the horizon is found however recent its run’s last change', async () => {
      const ahead = await sweep.findStalled({ idleBefore: at(8), expiringBefore: at(13), limit: 100 });
      expect(ahead).toContainEqual({ runId: 'pbr_s_soon', stepIndex: 0, attempt: 1, leaseExpiresAt: at(12) });
      expect(ahead.map((nudge) => nudge.runId)).not.toContain('pbr_s_recent');
      expect((await sweep.findStalled({ idleBefore: at(8), expiringBefore: at(12), limit: 100 })).map((nudge) => nudge.runId)).not.toContain('pbr_s_soon');
    });

    it('returns at most `limit` runs', async () => {
      expect(await sweep.findStalled({ idleBefore: at(8), expiringBefore: at(10), limit: 2 })).toHaveLength(2);
      expect(await sweep.findStalled({ idleBefore: at(8), expiringBefore: at(10), limit: 4 })).toHaveLength(4);
      expect(await sweep.findStalled({ idleBefore: at(8), expiringBefore: at(10), limit: 0 })).toEqual([]);
    });

    it('names an account’s oldest queued run, with its first unfinished step', async () => {
      expect(await sweep.oldestQueued('acct-q-a')).toEqual({ runId: 'pbr_q_a1', stepIndex: 0 });
      expect(await sweep.oldestQueued('acct-s1')).toBeUndefined();
      expect(await sweep.oldestQueued('acct-nobody')).toBeUndefined();

      // A resumed run continues at its first step not done.
      await sweep.create(newRun('pbr_q_c1', 'acct-q-c', { createdAt: at(4) }));
      await sweep.startRun('pbr_q_c1', { accountLimit: 1, now: at(4), events: [] });
      await sweep.claimStep('pbr_q_c1', 0, { owner: 'w', leaseExpiresAt: at(30), now: at(4), events: [] });
      await sweep.finishStep('pbr_q_c1', 0, { owner: 'w', attempt: 1 }, succeeded(at(5)), []);
      await sweep.cancel('pbr_q_c1', { now: at(6), events: [] });
      await sweep.resume('pbr_q_c1', { quotaDay: '2026-01-01', unitsReserved: 3, unitsRefunded: 0, now: at(7) });
      expect(await sweep.oldestQueued('acct-q-c')).toEqual({ runId: 'pbr_q_c1', stepIndex: 1 });

      expect(await sweep.startRun('pbr_q_a1', { accountLimit: 10, now: at(8), events: [] })).toBe(true);
      expect(await sweep.oldestQueued('acct-q-a')).toEqual({ runId: 'pbr_q_a2', stepIndex: 0 });
    });
  });
});
