import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../database-unavailable.ts';
import { AppError } from '../errors.ts';
import { createRun, eventTypes, executor, useExecutorWorld } from '../../../test/support/playbook-step-executor-world.ts';

/**
 * The executor's decisions on a run as it goes, on a real SQLite database: a step per nudge, a failed step,
 * a step the database could not record, and a run waiting for a free slot of its account.
 */
const world = useExecutorWorld();

describe('PlaybookStepExecutor', () => {
  it('runs one step per nudge, passes the output on, and closes the run after the last', async () => {
    await createRun('pbr_1');
    await executor().handle({ runId: 'pbr_1', stepIndex: 0 });
    expect(world.nudges).toEqual([{ runId: 'pbr_1', stepIndex: 1, attempt: 0 }]);
    expect(world.calls[0]?.body).toEqual({ prompt: 'Write about tide pools.', confirmed: true });

    await executor().handle({ runId: 'pbr_1', stepIndex: 1 });
    expect(world.calls[1]?.body.prompt).toContain('"text": "A draft about tide pools."');
    expect(world.calls[1]?.body.prompt).not.toContain('sandbox/deterministic');
    const run = await world.runs.findById('pbr_1');
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
    world.answer = () => {
      throw new AppError('upstream_unavailable', 'Every model in the failover chain failed', { runId: 'run_failed' });
    };
    await executor().handle({ runId: 'pbr_2', stepIndex: 0 });
    const run = await world.runs.findById('pbr_2');
    expect(run).toMatchObject({ status: 'failed', error: { code: 'upstream_unavailable' } });
    expect(run?.steps.map((step) => [step.status, step.agentRunId])).toEqual([
      ['failed', 'run_failed'],
      ['skipped', null],
    ]);
    expect(run?.unitsRefunded).toBe(2);
    expect(world.nudges).toEqual([]);
  });

  it('leaves a step the database could not record running, for the sweep to hand out again, instead of failing the run', async () => {
    await createRun('pbr_outage');
    world.answer = () => {
      throw new DatabaseUnavailableError();
    };
    await executor().handle({ runId: 'pbr_outage', stepIndex: 0 });
    const run = await world.runs.findById('pbr_outage');
    expect(run).toMatchObject({ status: 'running', error: null });
    expect(run?.steps.map((step) => step.status)).toEqual(['running', 'pending']);
    expect(world.nudges).toEqual([]);

    world.now = new Date(world.now.getTime() + 2500);
    expect(await executor().sweep({ aheadMs: 500 })).toBe(1);
    world.answer = () => ({ text: 'A draft about tide pools.' });
    await executor().handle({ runId: 'pbr_outage', stepIndex: 0 });
    expect((await world.runs.findById('pbr_outage'))?.steps.map((step) => step.status)).toEqual(['done', 'pending']);
  });

  it('keeps a run queued while its account has no free slot, and starts it when one frees', async () => {
    for (const id of ['pbr_a', 'pbr_b', 'pbr_c']) await createRun(id);
    await world.runs.startRun('pbr_a', { accountLimit: 2, now: world.now.toISOString(), events: [] });
    await world.runs.startRun('pbr_b', { accountLimit: 2, now: world.now.toISOString(), events: [] });
    await executor().handle({ runId: 'pbr_c', stepIndex: 0 });
    expect((await world.runs.findById('pbr_c'))?.status).toBe('queued');
    expect(world.calls).toHaveLength(0);

    await executor().handle({ runId: 'pbr_a', stepIndex: 0 });
    await executor().handle({ runId: 'pbr_a', stepIndex: 1 });
    expect((await world.runs.findById('pbr_a'))?.status).toBe('done');
    expect(world.nudges).toContainEqual(expect.objectContaining({ runId: 'pbr_c', stepIndex: 0 }));
  });
});
