import pg from 'pg';
import { waitFor } from './wait-for.ts';

/** One query on a PostgreSQL database of a test, on a connection of its own. */
export async function query<Row>(databaseUrl: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** The process holding the claim on a running step, once one does. */
export async function leaseOwner(databaseUrl: string, runId: string, stepIndex: number): Promise<string> {
  return waitFor(
    async () => (await query<{ lease_owner: string | null }>(databaseUrl, 'SELECT lease_owner FROM playbook_steps WHERE run_id = $1 AND step_index = $2', [runId, stepIndex]))[0]?.lease_owner,
    { timeoutMs: 10_000, intervalMs: 20, what: 'a claim on the step' },
  );
}

/** Waits until the step's row satisfies `until`, looking every 25 ms; the time it was first seen so. */
export async function untilStep(databaseUrl: string, runId: string, stepIndex: number, until: (step: { status: string; attempts: number }) => boolean, timeoutMs = 30_000): Promise<number> {
  let last: { status: string; attempts: number } | undefined;
  await waitFor(
    async () => {
      [last] = await query<{ status: string; attempts: number }>(databaseUrl, 'SELECT status, attempts FROM playbook_steps WHERE run_id = $1 AND step_index = $2', [runId, stepIndex]);
      return last !== undefined && until(last);
    },
    { timeoutMs, intervalMs: 25, what: () => `step ${stepIndex} of ${runId} in the state waited for (it is ${JSON.stringify(last)})` },
  );
  return Date.now();
}
