import { describe, expect, it } from 'vitest';
import type { DurableRunQuery, PlaybookRunRecord, PlaybookStepRecord, StepAnswerRecord } from '../../ports/playbook-run-repository.ts';
import type { RunLogQuery, RunRecord } from '../../ports/run-repository.ts';
import { RunDirectory } from './run-directory.ts';

const clock = { now: () => new Date('2026-01-05T00:00:00.000Z') };

function durable(id: string, createdAt: string, kind: 'agent' | 'playbook' = 'playbook'): PlaybookRunRecord {
  return {
    id, accountId: 'acct', kind, playbookId: kind === 'agent' ? 'summarize' : 'lead-blitz', playbookName: 'x', status: 'done', inputs: {}, requestId: null,
    unitsReserved: 1, unitsRefunded: 0, unitsSpent: 1, quotaDay: '2026-01-01', error: null, callbackUrl: null, eventCount: 3,
    createdAt, startedAt: createdAt, completedAt: createdAt, updatedAt: createdAt, steps: [],
  };
}

function logged(id: string, createdAt: string, status: RunRecord['status'] = 'succeeded'): RunRecord {
  return {
    id, accountId: 'acct', surface: 'api', agent: 'summarize', model: 'sandbox/deterministic', provider: 'sandbox', status, errorCode: status === 'succeeded' ? null : 'safety_blocked',
    latencyMs: 3, inputTokens: 1, outputTokens: 1, costUsd: 0, output: status === 'succeeded' ? '{"summary":"s"}' : null, requestId: 'req', createdAt, completedAt: createdAt,
  };
}

/** A directory over stores that record every query and answer their rows in order, after the cursor. */
function directoryOver(durableRuns: PlaybookRunRecord[], loggedRuns: RunRecord[], answers: Record<string, StepAnswerRecord> = {}) {
  const queries: { durable: DurableRunQuery[]; logged: RunLogQuery[] } = { durable: [], logged: [] };
  const after = <Row extends { createdAt: string; id: string }>(rows: Row[], query: { after?: { createdAt: string; id: string } | undefined; limit: number }) =>
    rows.filter((row) => !query.after || row.createdAt < query.after.createdAt || (row.createdAt === query.after.createdAt && row.id < query.after.id)).slice(0, query.limit);
  const directory = new RunDirectory({
    clock,
    durableRuns: {
      findById: async (id) => durableRuns.find((run) => run.id === id),
      listByAccount: async (_account, query) => (queries.durable.push(query), after(durableRuns, query)),
      findStepAnswer: async (runId, stepIndex) => answers[`${runId}/${stepIndex}`],
    },
    loggedRuns: {
      findById: async (id) => loggedRuns.find((run) => run.id === id),
      listByAccount: async (_account, query) => (queries.logged.push(query), after(loggedRuns, query)),
    },
  });
  return { directory, queries };
}

/** A finished step of a durable run, naming the execution that answered it. */
function doneStep(stepIndex: number, agentRunId: string | null, result: string | null): PlaybookStepRecord {
  return {
    stepIndex, agent: 'summarize', reason: 'r', optional: false, status: result ? 'done' : 'canceled', result, error: null, model: 'sandbox/deterministic', agentRunId,
    attempts: 1, leaseOwner: null, leaseExpiresAt: null, durationMs: 1, startedAt: null, completedAt: null,
  };
}

describe('RunDirectory', () => {
  it("shows a step's execution with the answer its run keeps: the step's result, or the answer kept for a retry", async () => {
    const parent = { ...durable('run_parent', '2026-01-01T00:00:00.000Z'), steps: [doneStep(0, 'run_step_0', '{"summary":"first"}'), doneStep(1, null, null)] };
    const execution = (id: string, accountId = 'acct'): RunRecord => ({ ...logged(id, '2026-01-01T00:00:01.000Z'), accountId, output: null, parentRunId: 'run_parent' });
    const kept: StepAnswerRecord = { result: '{"summary":"second"}', model: 'sandbox/deterministic', agentRunId: 'run_step_1', attempt: 1, createdAt: '2026-01-01T00:00:02.000Z', usage: null };
    const { directory } = directoryOver([parent], [execution('run_step_0'), execution('run_step_1'), execution('run_orphan'), execution('run_other', 'acct-2')], { 'run_parent/1': kept });
    expect((await directory.find('acct', 'run_step_0')).view).toMatchObject({ result: { summary: 'first' }, parentRunId: 'run_parent' });
    expect((await directory.find('acct', 'run_step_1')).view).toMatchObject({ result: { summary: 'second' } });
    expect((await directory.find('acct', 'run_orphan')).view).toMatchObject({ result: null });
    // Another account's execution under this parent reads nothing of it.
    expect((await directory.find('acct-2', 'run_other')).view).toMatchObject({ result: null });
  });

  it('merges both stores newest first, ties by id, and pages across them with one cursor', async () => {
    const { directory } = directoryOver(
      [durable('run_p3', '2026-01-03T00:00:00.000Z'), durable('run_p1', '2026-01-01T00:00:00.000Z')],
      [logged('run_l3', '2026-01-03T00:00:00.000Z'), logged('run_l2', '2026-01-02T00:00:00.000Z')],
    );
    const first = await directory.list('acct', { limit: 2 });
    expect(first.runs.map((run) => run.id)).toEqual(['run_p3', 'run_l3']);
    const second = await directory.list('acct', { limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.runs.map((run) => run.id)).toEqual(['run_l2', 'run_p1']);
    expect(second.nextCursor).toBeNull();
  });

  it('asks each store only what it can hold: the log holds agent runs that ended, only those started on their own', async () => {
    const { directory, queries } = directoryOver([], []);
    await directory.list('acct', { limit: 5, status: 'failed', agent: 'summarize' });
    expect(queries.logged[0]).toMatchObject({ topLevel: true, agent: 'summarize', statuses: ['failed', 'blocked'] });
    expect(queries.durable[0]).toMatchObject({ kind: 'agent', playbookId: 'summarize', status: 'failed' });

    for (const query of [{ status: 'queued' as const }, { kind: 'playbook' as const }, { playbook: 'lead-blitz' }]) {
      const { directory: other, queries: asked } = directoryOver([], []);
      await other.list('acct', { limit: 5, ...query });
      expect(asked.logged).toEqual([]);
    }
    for (const query of [{ agent: 'summarize', playbook: 'lead-blitz' }, { agent: 'summarize', kind: 'playbook' as const }, { playbook: 'lead-blitz', kind: 'agent' as const }]) {
      const { directory: other, queries: asked } = directoryOver([], []);
      await other.list('acct', { limit: 5, ...query });
      expect(asked.durable).toEqual([]);
    }
  });

  it('shows a blocked run of the log as failed, with the layer’s code', async () => {
    const { directory } = directoryOver([], [logged('run_b', '2026-01-02T00:00:00.000Z', 'blocked')]);
    const found = await directory.find('acct', 'run_b');
    expect(found.view).toMatchObject({ kind: 'agent', status: 'failed', done: true, error: { code: 'safety_blocked' }, parentRunId: null });
    await expect(directory.find('someone-else', 'run_b')).rejects.toMatchObject({ code: 'not_found' });
  });
});
