import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../adapters/db/open-database.ts';
import { migrateToLatest } from '../../adapters/db/migrator.ts';
import { KyselyPlaybookRunRepository } from '../../adapters/db/repositories/playbook-run-repository.ts';
import { InMemoryRunEventBus } from '../../adapters/events/in-memory-run-event-bus.ts';
import type { PlaybookQueue } from '../../ports/playbook-queue.ts';
import type { PlaybookRunRecord, StepNudge } from '../../ports/playbook-run-repository.ts';
import type { AgentRunner, AgentRunSuccess, RunAgentCommand } from '../agents/agent-runner.ts';
import { DatabaseUnavailableError } from '../database-unavailable.ts';
import { AppError } from '../errors.ts';
import { newPlaybookRun } from './new-playbook-run.ts';
import { PlaybookCatalog } from './playbook-catalog.ts';
import { PlaybookStepExecutor } from './playbook-step-executor.ts';

/**
 * The executor's decisions, on a real SQLite database: what it does with each nudge, including the states
 * a process leaves behind when it dies between two writes.
 */
const playbooks = new PlaybookCatalog([
  {
    id: 'two-steps',
    name: 'Two steps',
    description: 'A playbook of two steps for the executor tests.',
    category: 'content',
    fields: [{ key: 'topic', label: 'Topic', type: 'text', required: true }],
    steps: [
      { agent: 'writer', reason: 'Writes the first draft of the text.', prompt: 'Write about {{inputs.topic}}.', optional: false },
      { agent: 'editor', reason: 'Edits the draft from the first step.', prompt: 'Edit this draft:\n{{steps.0.output}}', optional: false },
    ],
  },
]);

let database: Database;
let runs: KyselyPlaybookRunRepository;
let nudges: StepNudge[];
let calls: RunAgentCommand[];
let answer: (command: RunAgentCommand) => Record<string, unknown> | Promise<Record<string, unknown>>;
let errors: unknown[];
let now: Date;

const queue: PlaybookQueue = {
  enqueue: async (nudge) => {
    nudges.push(nudge);
  },
  consume: () => undefined,
  close: async () => undefined,
};

const runner: Pick<AgentRunner, 'run'> = {
  run: async (command) => {
    calls.push(command);
    const runId = `run_${calls.length}`;
    const data = { ...(await answer(command)), model: 'sandbox/deterministic' };
    // As AgentRunner does: the answer is handed over before the run is recorded, and refused when unwanted.
    if ((await command.onAnswer?.({ runId, data, model: 'sandbox/deterministic' })) === false) throw new AppError('conflict', 'The answer was discarded', { runId });
    return { runId, data, model: { id: 'sandbox/deterministic' } } as unknown as AgentRunSuccess;
  },
};

function executor(owner = 'this-process', repository: KyselyPlaybookRunRepository = runs): PlaybookStepExecutor {
  return new PlaybookStepExecutor({
    playbooks,
    runs: repository,
    runner,
    queue,
    events: new InMemoryRunEventBus(),
    planPolicyOf: async () => undefined,
    clock: { now: () => now },
    options: { owner, leaseMs: 1000, accountConcurrency: 2 },
    onError: (error) => errors.push(error),
  });
}

async function createRun(id: string): Promise<PlaybookRunRecord> {
  const run = newPlaybookRun({
    id,
    accountId: 'account-1',
    playbook: playbooks.find('two-steps')!,
    inputs: { topic: 'tide pools' },
    requestId: null,
    quotaDay: now.toISOString().slice(0, 10),
    callbackUrl: null,
    now,
  });
  await runs.create(run);
  return run;
}

async function eventTypes(runId: string): Promise<string[]> {
  return (await runs.listEvents(runId, 0, 100)).map((event) => event.type);
}

beforeEach(async () => {
  database = await openDatabase('sqlite::memory:');
  await migrateToLatest(database);
  runs = new KyselyPlaybookRunRepository(database.db);
  nudges = [];
  calls = [];
  errors = [];
  answer = () => ({ text: 'A draft about tide pools.' });
  now = new Date('2026-06-01T12:00:00.000Z');
});
afterEach(async () => {
  await database.close();
});

describe('PlaybookStepExecutor', () => {
  it('runs one step per nudge, passes the output on, and closes the run after the last', async () => {
    await createRun('pbr_1');
    await executor().handle({ runId: 'pbr_1', stepIndex: 0 });
    expect(nudges).toEqual([{ runId: 'pbr_1', stepIndex: 1, attempt: 0 }]);
    expect(calls[0]?.body).toEqual({ prompt: 'Write about tide pools.', confirmed: true });

    await executor().handle({ runId: 'pbr_1', stepIndex: 1 });
    expect(calls[1]?.body.prompt).toContain('"text": "A draft about tide pools."');
    expect(calls[1]?.body.prompt).not.toContain('sandbox/deterministic');
    const run = await runs.findById('pbr_1');
    expect(run?.status).toBe('done');
    expect(run?.steps.map((step) => [step.status, step.agentRunId])).toEqual([
      ['done', 'run_1'],
      ['done', 'run_2'],
    ]);
    expect(run?.unitsRefunded).toBe(0);
    expect(await eventTypes('pbr_1')).toEqual(['run.started', 'step.started', 'step.completed', 'step.started', 'step.completed', 'run.completed']);
  });

  it('fails the run at a failed step, skips the rest and refunds them', async () => {
    await createRun('pbr_2');
    answer = () => {
      throw new AppError('upstream_unavailable', 'Every model in the failover chain failed', { runId: 'run_failed' });
    };
    await executor().handle({ runId: 'pbr_2', stepIndex: 0 });
    const run = await runs.findById('pbr_2');
    expect(run).toMatchObject({ status: 'failed', error: { code: 'upstream_unavailable' } });
    expect(run?.steps.map((step) => [step.status, step.agentRunId])).toEqual([
      ['failed', 'run_failed'],
      ['skipped', null],
    ]);
    expect(run?.unitsRefunded).toBe(2);
    expect(nudges).toEqual([]);
  });

  it('leaves a step the database could not record running, for the sweep to hand out again, instead of failing the run', async () => {
    await createRun('pbr_outage');
    answer = () => {
      throw new DatabaseUnavailableError();
    };
    await executor().handle({ runId: 'pbr_outage', stepIndex: 0 });
    const run = await runs.findById('pbr_outage');
    expect(run).toMatchObject({ status: 'running', error: null });
    expect(run?.steps.map((step) => step.status)).toEqual(['running', 'pending']);
    expect(nudges).toEqual([]);

    now = new Date(now.getTime() + 2500);
    expect(await executor().sweep({ aheadMs: 500 })).toBe(1);
    answer = () => ({ text: 'A draft about tide pools.' });
    await executor().handle({ runId: 'pbr_outage', stepIndex: 0 });
    expect((await runs.findById('pbr_outage'))?.steps.map((step) => step.status)).toEqual(['done', 'pending']);
  });

  it('leaves a step alone while another process holds a live claim on it', async () => {
    await createRun('pbr_3');
    await runs.startRun('pbr_3', { accountLimit: 2, now: now.toISOString(), events: [] });
    await runs.claimStep('pbr_3', 0, { owner: 'other-process', leaseExpiresAt: new Date(now.getTime() + 1000).toISOString(), now: now.toISOString(), events: [] });
    await executor().handle({ runId: 'pbr_3', stepIndex: 0 });
    expect(calls).toHaveLength(0);

    // The other process died: once its claim expires, the step is claimed again and run once.
    now = new Date(now.getTime() + 1500);
    await executor().handle({ runId: 'pbr_3', stepIndex: 0 });
    expect(calls).toHaveLength(1);
    expect((await runs.findById('pbr_3'))?.steps[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('closes a run whose process died after its last step but before closing it', async () => {
    await createRun('pbr_4');
    const process = executor('dying-process');
    await process.handle({ runId: 'pbr_4', stepIndex: 0 });
    await runs.claimStep('pbr_4', 1, { owner: 'dying-process', leaseExpiresAt: new Date(now.getTime() + 1000).toISOString(), now: now.toISOString(), events: [] });
    await runs.finishStep('pbr_4', 1, { owner: 'dying-process', attempt: 1 }, { status: 'done', result: '{"text":"edited"}', error: null, model: 'sandbox/deterministic', agentRunId: 'run_x', durationMs: 1, completedAt: now.toISOString() }, []);

    await executor().handle({ runId: 'pbr_4', stepIndex: 2 });
    expect((await runs.findById('pbr_4'))?.status).toBe('done');
    expect(calls).toHaveLength(1);
  });

  it('fails a run whose process died after storing a failed step but before closing the run', async () => {
    await createRun('pbr_5');
    await runs.startRun('pbr_5', { accountLimit: 2, now: now.toISOString(), events: [] });
    await runs.claimStep('pbr_5', 0, { owner: 'dying-process', leaseExpiresAt: new Date(now.getTime() + 1000).toISOString(), now: now.toISOString(), events: [] });
    const error = { code: 'agent_failed', message: 'The agent could not run' };
    await runs.finishStep('pbr_5', 0, { owner: 'dying-process', attempt: 1 }, { status: 'failed', result: null, error, model: null, agentRunId: null, durationMs: 1, completedAt: now.toISOString() }, []);

    // The sweep's nudge names the next pending step; it must not run.
    await executor().handle({ runId: 'pbr_5', stepIndex: 1 });
    expect(calls).toHaveLength(0);
    const run = await runs.findById('pbr_5');
    expect(run).toMatchObject({ status: 'failed', error });
    expect(run?.steps.map((step) => step.status)).toEqual(['failed', 'skipped']);
    expect(run?.unitsRefunded).toBe(2);
  });

  it('keeps a run queued while its account has no free slot, and starts it when one frees', async () => {
    for (const id of ['pbr_a', 'pbr_b', 'pbr_c']) await createRun(id);
    await runs.startRun('pbr_a', { accountLimit: 2, now: now.toISOString(), events: [] });
    await runs.startRun('pbr_b', { accountLimit: 2, now: now.toISOString(), events: [] });
    await executor().handle({ runId: 'pbr_c', stepIndex: 0 });
    expect((await runs.findById('pbr_c'))?.status).toBe('queued');
    expect(calls).toHaveLength(0);

    await executor().handle({ runId: 'pbr_a', stepIndex: 0 });
    await executor().handle({ runId: 'pbr_a', stepIndex: 1 });
    expect((await runs.findById('pbr_a'))?.status).toBe('done');
    expect(nudges).toContainEqual(expect.objectContaining({ runId: 'pbr_c', stepIndex: 0 }));
  });

  it('sweeps up runs whose claims expired', async () => {
    await createRun('pbr_6');
    await runs.startRun('pbr_6', { accountLimit: 2, now: now.toISOString(), events: [] });
    await runs.claimStep('pbr_6', 0, { owner: 'dead-process', leaseExpiresAt: new Date(now.getTime() + 1000).toISOString(), now: now.toISOString(), events: [] });
    expect(await executor().sweep({ aheadMs: 500 })).toBe(0);
    now = new Date(now.getTime() + 2500);
    expect(await executor().sweep({ aheadMs: 500 })).toBe(1);
    // The next attempt's nudge: a new message, not the one the dead process holds.
    expect(nudges).toEqual([{ runId: 'pbr_6', stepIndex: 0, attempt: 1 }]);
  });

  it('nudges a step whose lease expires before the next sweep when it expires, not a sweep later', async () => {
    await createRun('pbr_8');
    await runs.startRun('pbr_8', { accountLimit: 2, now: now.toISOString(), events: [] });
    await runs.claimStep('pbr_8', 0, { owner: 'dead-process', leaseExpiresAt: new Date(now.getTime() + 150).toISOString(), now: now.toISOString(), events: [] });
    // Only the timers are faked: the database's own promises run as they would.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sweeping = executor();
      expect(await sweeping.sweep({ aheadMs: 500 })).toBe(1);
      expect(nudges).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(nudges).toEqual([]);
      await vi.advanceTimersByTimeAsync(150);
      expect(nudges).toEqual([{ runId: 'pbr_8', stepIndex: 0, attempt: 1 }]);

      // Scheduled nudges are dropped when the process stops executing steps.
      nudges.length = 0;
      expect(await sweeping.sweep({ aheadMs: 500 })).toBe(1);
      sweeping.cancelScheduled();
      await vi.advanceTimersByTimeAsync(250);
      expect(nudges).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reuses the stored answer of a step whose save failed: the model is not called again', async () => {
    await createRun('pbr_9');
    // The database fails once, between the answer and the step's save.
    const failing = new KyselyPlaybookRunRepository(database.db);
    let failures = 1;
    failing.finishStep = async (...parameters) => {
      if (failures-- > 0) throw new Error('connection terminated');
      return runs.finishStep(...parameters);
    };
    await executor('first-process', failing).handle({ runId: 'pbr_9', stepIndex: 0 });
    expect(errors).toHaveLength(1);
    expect(calls).toHaveLength(1);
    expect(await runs.findStepAnswer('pbr_9', 0)).toMatchObject({ agentRunId: 'run_1', attempt: 1, model: 'sandbox/deterministic' });

    // Its lease expires; the step is claimed again and completes from the stored answer.
    now = new Date(now.getTime() + 1500);
    await executor('second-process').handle({ runId: 'pbr_9', stepIndex: 0 });
    expect(calls).toHaveLength(1);
    const step = (await runs.findById('pbr_9'))?.steps[0];
    expect(step).toMatchObject({ status: 'done', attempts: 2, agentRunId: 'run_1', model: 'sandbox/deterministic' });
    expect(JSON.parse(step?.result ?? '{}')).toEqual({ text: 'A draft about tide pools.', model: 'sandbox/deterministic' });
    expect(nudges).toEqual([{ runId: 'pbr_9', stepIndex: 1, attempt: 0 }]);
  });

  it('stores nothing from a process that lost its claim while the model answered', async () => {
    await createRun('pbr_7');
    answer = async () => {
      // Paused past its lease: another process takes the step over meanwhile.
      now = new Date(now.getTime() + 1500);
      await runs.claimStep('pbr_7', 0, { owner: 'other-process', leaseExpiresAt: new Date(now.getTime() + 1000).toISOString(), now: now.toISOString(), events: [] });
      return { text: 'A late draft.' };
    };
    await executor('paused-process').handle({ runId: 'pbr_7', stepIndex: 0 });
    expect(calls).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(nudges).toEqual([]);
    expect(await runs.findStepAnswer('pbr_7', 0)).toBeUndefined();
    expect((await runs.findById('pbr_7'))?.steps[0]).toMatchObject({ status: 'running', attempts: 2, leaseOwner: 'other-process' });
  });
});
