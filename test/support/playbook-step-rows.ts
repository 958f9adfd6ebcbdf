import pg from 'pg';

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
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await query<{ lease_owner: string | null }>(databaseUrl, 'SELECT lease_owner FROM playbook_steps WHERE run_id = $1 AND step_index = $2', [runId, stepIndex]);
    const owner = rows[0]?.lease_owner;
    if (owner) return owner;
    if (Date.now() > deadline) throw new Error('the step was never claimed');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until the step's row satisfies `until`, looking every 25 ms; the time it was first seen so. */
export async function untilStep(databaseUrl: string, runId: string, stepIndex: number, until: (step: { status: string; attempts: number }) => boolean, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [step] = await query<{ status: string; attempts: number }>(databaseUrl, 'SELECT status, attempts FROM playbook_steps WHERE run_id = $1 AND step_index = $2', [runId, stepIndex]);
    if (step && until(step)) return Date.now();
    if (Date.now() > deadline) throw new Error(`step ${stepIndex} of ${runId} never reached the state waited for; it is ${JSON.stringify(step)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
