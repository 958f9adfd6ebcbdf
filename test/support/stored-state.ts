import { sql } from 'kysely';
import type { Database } from '../../src/adapters/db/open-database.ts';

/**
 * What a request could change in the database, read as one comparable text: rows that matter by their
 * content (accounts and plans, keys and revocations, secrets, playbook run states, quota units, free-tier
 * windows) and the rest by count. Kept idempotency responses are left out: refusals are kept on purpose.
 */
const queries: Readonly<Record<string, string>> = {
  accounts: 'select id, api_plan, v1_plan from accounts order by id',
  apiKeys: 'select prefix, account_id, revoked_at from api_keys order by prefix',
  webhookSecrets: 'select account_id, ciphertext from webhook_secrets order by account_id',
  playbookRuns: 'select id, status from playbook_runs order by id',
  playbookSteps: 'select count(*) as n from playbook_steps',
  playbookEvents: 'select count(*) as n from playbook_events',
  runs: 'select count(*) as n from runs',
  runRollups: 'select sum(requests) as n from run_rollups',
  usageUnits: 'select sum(count) as n from usage_counters',
  usageHolds: 'select count(*) as n from usage_holds',
  freeTierWindows: 'select key, hits from rate_windows order by key',
  webhookDeliveries: 'select count(*) as n from webhook_deliveries',
  conversations: 'select count(*) as n from conversations',
};

/** Tables that may change on a refusal because the refusal itself is recorded: a safety block is a run in the log. */
const recordedRefusals: Readonly<Record<string, readonly string[]>> = {
  safety_blocked: ['runs', 'runRollups', 'conversations'],
  output_blocked: ['runs', 'runRollups', 'conversations'],
};

export type StoredState = Record<string, string>;

export async function storedState(database: Database): Promise<StoredState> {
  const read = Object.entries(queries).map(async ([name, query]) => [name, JSON.stringify((await sql.raw(query).execute(database.db)).rows)] as const);
  return Object.fromEntries(await Promise.all(read));
}

/** The parts of the stored state that changed between two snapshots and should not have, for a refusal with this code. */
export function unexpectedChanges(before: StoredState, after: StoredState, refusalCode: string): string[] {
  const allowed = recordedRefusals[refusalCode] ?? [];
  return Object.keys(before).filter((name) => !allowed.includes(name) && before[name] !== after[name]).map((name) => `${name}: ${before[name]} → ${after[name]}`);
}
