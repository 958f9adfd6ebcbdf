import type pg from 'pg';

/**
 * The quota units an account's stored work keeps on one UTC day of the /api surface, read from the database
 * alone (docs/decisions/0040-what-a-run-spends.md, 0048-quota-holds.md):
 * - an agent run of the run log keeps one unit when it succeeded, or when it failed after a model answered
 *   (it recorded output tokens), unless the chain was exhausted (`upstream_unavailable` keeps nothing);
 * - a playbook run keeps what it reserved less what it gave back (while it runs, that includes the units
 *   of steps still to come, which the counter holds too).
 * The run log's rows of playbook steps carry their playbook run's request id and are counted by the run, not
 * one by one.
 */
export async function spentAccordingToStoredRuns(database: pg.ClientBase | pg.Pool, accountId: string, day: string): Promise<number> {
  const agentRuns = await database.query<{ kept: string }>(
    `SELECT COUNT(*) AS kept FROM runs
      WHERE account_id = $1 AND surface = 'api' AND created_at LIKE $2
        AND (status = 'succeeded' OR (output_tokens > 0 AND COALESCE(error_code, '') <> 'upstream_unavailable'))
        AND COALESCE(request_id, '') NOT IN (SELECT COALESCE(request_id, id) FROM playbook_runs WHERE account_id = $1)`,
    [accountId, `${day}%`],
  );
  const playbookRuns = await database.query<{ kept: string | null }>(
    'SELECT SUM(units_reserved - units_refunded) AS kept FROM playbook_runs WHERE account_id = $1 AND quota_day = $2',
    [accountId, day],
  );
  return Number(agentRuns.rows[0]?.kept ?? 0) + Number(playbookRuns.rows[0]?.kept ?? 0);
}

/** Quota holds still stored for an account's counters: after the work settles there must be none. */
export async function holdsLeft(database: pg.ClientBase | pg.Pool, accountId: string): Promise<number> {
  const { rows } = await database.query<{ n: string }>('SELECT COUNT(*) AS n FROM usage_holds WHERE counter_key LIKE $1', [`usage:%:${accountId}`]);
  return Number(rows[0]?.n ?? 0);
}
