import type pg from 'pg';

/** How long after its worker was killed another process claimed a step (or the step ended otherwise). */
export interface Takeover {
  runId: string;
  stepIndex: number;
  /** Undefined when nobody claimed it within the watch. */
  ms: number | undefined;
}

interface ClaimedStep {
  run_id: string;
  step_index: number;
  attempts: number;
}

/** The steps a worker process holds a claim on: its owner id is `<host>:<pid>:<random>`. */
export async function stepsClaimedBy(pool: pg.Pool, pid: number): Promise<ClaimedStep[]> {
  const { rows } = await pool.query<ClaimedStep>("SELECT run_id, step_index, attempts FROM playbook_steps WHERE status = 'running' AND lease_owner LIKE $1", [`%:${pid}:%`]);
  return rows;
}

/**
 * Polls, from the moment of the kill, until each step is claimed again (its attempts rise) or has ended
 * (the run was canceled, say), for at most `watchMs`.
 */
export async function watchTakeovers(pool: pg.Pool, steps: readonly ClaimedStep[], killedAt: number, watchMs: number): Promise<Takeover[]> {
  const pending = new Map(steps.map((step) => [`${step.run_id}/${step.step_index}`, step]));
  const takeovers: Takeover[] = [];
  while (pending.size > 0 && performance.now() - killedAt < watchMs) {
    const { rows } = await pool.query<{ run_id: string; step_index: number; attempts: number; status: string }>(
      'SELECT run_id, step_index, attempts, status FROM playbook_steps WHERE run_id = ANY($1)',
      [[...new Set(steps.map((step) => step.run_id))]],
    );
    const now = performance.now();
    for (const row of rows) {
      const key = `${row.run_id}/${row.step_index}`;
      const before = pending.get(key);
      if (before && (row.attempts > before.attempts || row.status !== 'running')) {
        takeovers.push({ runId: row.run_id, stepIndex: row.step_index, ms: now - killedAt });
        pending.delete(key);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  for (const step of pending.values()) takeovers.push({ runId: step.run_id, stepIndex: step.step_index, ms: undefined });
  return takeovers;
}
