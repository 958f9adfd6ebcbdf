import { describe, expect, it, vi } from 'vitest';
import { KyselyPlaybookRunRepository } from '../../adapters/db/repositories/playbook-run-repository.ts';
import { createRun, executor, useExecutorWorld } from '../../../test/support/playbook-step-executor-world.ts';

/**
 * The executor's decisions on the states a process leaves behind when it dies or pauses between two writes, on a
 * real SQLite database: live and expired claims, runs left unclosed, the sweep, and answers stored but not saved.
 */
const world = useExecutorWorld();

describe('PlaybookStepExecutor', () => {
  it('leaves a step alone while another process holds a live claim on it', async () => {
    await createRun('pbr_3');
    await world.runs.startRun('pbr_3', { accountLimit: 2, now: world.now.toISOString(), events: [] });
    await world.runs.claimStep('pbr_3', 0, { owner: 'other-process', leaseExpiresAt: new Date(world.now.getTime() + 1000).toISOString(), now: world.now.toISOString(), events: [] });
    await executor().handle({ runId: 'pbr_3', stepIndex: 0 });
    expect(world.calls).toHaveLength(0);

    // The other process died: once its claim expires, the step is claimed again and run once.
    world.now = new Date(world.now.getTime() + 1500);
    await executor().handle({ runId: 'pbr_3', stepIndex: 0 });
    expect(world.calls).toHaveLength(1);
    expect((await world.runs.findById('pbr_3'))?.steps[0]).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('closes a run whose process died after its last step but before closing it', async () => {
    await createRun('pbr_4');
    const process = executor('dying-process');
    await process.handle({ runId: 'pbr_4', stepIndex: 0 });
    await world.runs.claimStep('pbr_4', 1, { owner: 'dying-process', leaseExpiresAt: new Date(world.now.getTime() + 1000).toISOString(), now: world.now.toISOString(), events: [] });
    await world.runs.finishStep('pbr_4', 1, { owner: 'dying-process', attempt: 1 }, { status: 'done', result: '{"text":"edited"}', error: null, model: 'sandbox/deterministic', agentRunId: 'run_x', durationMs: 1, completedAt: world.now.toISOString() }, []);

    await executor().handle({ runId: 'pbr_4', stepIndex: 2 });
    expect((await world.runs.findById('pbr_4'))?.status).toBe('done');
    expect(world.calls).toHaveLength(1);
  });

  it('fails a run whose process died after storing a failed step but before closing the run', async () => {
    await createRun('pbr_5');
    await world.runs.startRun('pbr_5', { accountLimit: 2, now: world.now.toISOString(), events: [] });
    await world.runs.claimStep('pbr_5', 0, { owner: 'dying-process', leaseExpiresAt: new Date(world.now.getTime() + 1000).toISOString(), now: world.now.toISOString(), events: [] });
    const error = { code: 'agent_failed', message: 'The agent could not run' };
    await world.runs.finishStep('pbr_5', 0, { owner: 'dying-process', attempt: 1 }, { status: 'failed', result: null, error, model: null, agentRunId: null, durationMs: 1, completedAt: world.now.toISOString() }, []);

    // The sweep's nudge names the next pending step; it must not run.
    await executor().handle({ runId: 'pbr_5', stepIndex: 1 });
    expect(world.calls).toHaveLength(0);
    const run = await world.runs.findById('pbr_5');
    expect(run).toMatchObject({ status: 'failed', error });
    expect(run?.steps.map((step) => step.status)).toEqual(['failed', 'skipped']);
    expect(run?.unitsRefunded).toBe(2);
  });

  it('sweeps up runs whose claims expired', async () => {
    await createRun('pbr_6');
    await world.runs.startRun('pbr_6', { accountLimit: 2, now: world.now.toISOString(), events: [] });
    await world.runs.claimStep('pbr_6', 0, { owner: 'dead-process', leaseExpiresAt: new Date(world.now.getTime() + 1000).toISOString(), now: world.now.toISOString(), events: [] });
    expect(await executor().sweep({ aheadMs: 500 })).toBe(0);
    world.now = new Date(world.now.getTime() + 2500);
    expect(await executor().sweep({ aheadMs: 500 })).toBe(1);
    // The next attempt's nudge: a new message, not the one the dead process holds.
    expect(world.nudges).toEqual([{ runId: 'pbr_6', stepIndex: 0, attempt: 1 }]);
  });

  it('nudges a step whose lease expires before the next sweep when it expires, not a sweep later', async () => {
    await createRun('pbr_8');
    await world.runs.startRun('pbr_8', { accountLimit: 2, now: world.now.toISOString(), events: [] });
    await world.runs.claimStep('pbr_8', 0, { owner: 'dead-process', leaseExpiresAt: new Date(world.now.getTime() + 150).toISOString(), now: world.now.toISOString(), events: [] });
    // Only the timers are faked: the database's own promises run as they would.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sweeping = executor();
      expect(await sweeping.sweep({ aheadMs: 500 })).toBe(1);
      expect(world.nudges).toEqual([]);
      await vi.advanceTimersByTimeAsync(100);
      expect(world.nudges).toEqual([]);
      await vi.advanceTimersByTimeAsync(150);
      expect(world.nudges).toEqual([{ runId: 'pbr_8', stepIndex: 0, attempt: 1 }]);

      // Scheduled nudges are dropped when the process stops executing steps.
      world.nudges.length = 0;
      expect(await sweeping.sweep({ aheadMs: 500 })).toBe(1);
      sweeping.cancelScheduled();
      await vi.advanceTimersByTimeAsync(250);
      expect(world.nudges).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reuses the stored answer of a step whose save failed: the model is not called again', async () => {
    await createRun('pbr_9');
    // The database fails once, between the answer and the step's save.
    const failing = new KyselyPlaybookRunRepository(world.database.db);
    let failures = 1;
    failing.finishStep = async (...parameters) => {
      if (failures-- > 0) throw new Error('connection terminated');
      return world.runs.finishStep(...parameters);
    };
    await executor('first-process', failing).handle({ runId: 'pbr_9', stepIndex: 0 });
    expect(world.errors).toHaveLength(1);
    expect(world.calls).toHaveLength(1);
    expect(await world.runs.findStepAnswer('pbr_9', 0)).toMatchObject({ agentRunId: 'run_1', attempt: 1, model: 'sandbox/deterministic' });

    // Its lease expires; the step is claimed again and completes from the stored answer.
    world.now = new Date(world.now.getTime() + 1500);
    await executor('second-process').handle({ runId: 'pbr_9', stepIndex: 0 });
    expect(world.calls).toHaveLength(1);
    const step = (await world.runs.findById('pbr_9'))?.steps[0];
    expect(step).toMatchObject({ status: 'done', attempts: 2, agentRunId: 'run_1', model: 'sandbox/deterministic' });
    expect(JSON.parse(step?.result ?? '{}')).toEqual({ text: 'A draft about tide pools.', model: 'sandbox/deterministic' });
    expect(world.nudges).toEqual([{ runId: 'pbr_9', stepIndex: 1, attempt: 0 }]);
  });

  it('writes the run log row a database outage kept from being written after the answer, once, with what the answer cost', async () => {
    await createRun('pbr_11');
    // The database fails after the answer is stored, before the run log's row is written.
    world.runLogDown = true;
    await executor('first-process').handle({ runId: 'pbr_11', stepIndex: 0 }).catch(() => undefined);
    world.runLogDown = false;
    expect(world.calls).toHaveLength(1);
    expect(await world.runLog.findById('run_1')).toBeUndefined();

    // Taken over once its lease expired: completed from the answer, and its execution logged under its own id.
    world.now = new Date(world.now.getTime() + 1500);
    await executor('second-process').handle({ runId: 'pbr_11', stepIndex: 0 });
    expect(world.calls).toHaveLength(1);
    expect((await world.runs.findById('pbr_11'))?.steps[0]).toMatchObject({ status: 'done', agentRunId: 'run_1' });
    expect(await world.runLog.findById('run_1')).toMatchObject({
      status: 'succeeded',
      agent: 'writer',
      model: 'sandbox/deterministic',
      provider: 'sandbox',
      inputTokens: 10,
      outputTokens: 5,
      costUsd: 0.0001,
      parentRunId: 'pbr_11',
    });
    expect(await world.runLog.listByAccount('account-1', { limit: 10 })).toHaveLength(1);
  });

  it('leaves the run log alone when the answer\'s row was written and only the step\'s save failed', async () => {
    await createRun('pbr_12');
    const failing = new KyselyPlaybookRunRepository(world.database.db);
    let failures = 1;
    failing.finishStep = async (...parameters) => {
      if (failures-- > 0) throw new Error('connection terminated');
      return world.runs.finishStep(...parameters);
    };
    await executor('first-process', failing).handle({ runId: 'pbr_12', stepIndex: 0 });
    world.now = new Date(world.now.getTime() + 1500);
    await executor('second-process').handle({ runId: 'pbr_12', stepIndex: 0 });
    expect((await world.runs.findById('pbr_12'))?.steps[0]).toMatchObject({ status: 'done', agentRunId: 'run_1' });
    expect((await world.runLog.listByAccount('account-1', { limit: 10 })).map((run) => run.id)).toEqual(['run_1']);
  });

  it('stores nothing from a process that lost its claim while the model answered', async () => {
    await createRun('pbr_7');
    world.answer = async () => {
      // Paused past its lease: another process takes the step over meanwhile.
      world.now = new Date(world.now.getTime() + 1500);
      await world.runs.claimStep('pbr_7', 0, { owner: 'other-process', leaseExpiresAt: new Date(world.now.getTime() + 1000).toISOString(), now: world.now.toISOString(), events: [] });
      return { text: 'A late draft.' };
    };
    await executor('paused-process').handle({ runId: 'pbr_7', stepIndex: 0 });
    expect(world.calls).toHaveLength(1);
    expect(world.errors).toEqual([]);
    expect(world.nudges).toEqual([]);
    expect(await world.runs.findStepAnswer('pbr_7', 0)).toBeUndefined();
    expect((await world.runs.findById('pbr_7'))?.steps[0]).toMatchObject({ status: 'running', attempts: 2, leaseOwner: 'other-process' });
  });
});
