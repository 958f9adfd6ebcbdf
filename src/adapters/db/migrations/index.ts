import type { Migration, MigrationProvider } from 'kysely/migration';
import * as initial from './0001-initial.ts';
import * as conversations from './0002-conversations.ts';
import * as usageCounters from './0003-usage-counters.ts';
import * as playbookRuns from './0004-playbook-runs.ts';
import * as webhookSecrets from './0005-webhook-secrets.ts';
import * as webhookDeliveries from './0006-webhook-deliveries.ts';
import * as playbookCallbacks from './0007-playbook-callbacks.ts';
import * as runKinds from './0008-run-kinds.ts';
import * as idempotencyKeys from './0009-idempotency-keys.ts';
import * as runRollups from './0010-run-rollups.ts';
import * as unitsSpent from './0011-units-spent.ts';
import * as usageHolds from './0012-usage-holds.ts';
import * as stepAnswers from './0013-step-answers.ts';
import * as runParents from './0014-run-parents.ts';
import * as safetyVerdictRollups from './0015-safety-verdict-rollups.ts';
import * as runTraces from './0016-run-traces.ts';
import * as stepAnswerUsage from './0017-step-answer-usage.ts';

/** Every migration, in order. Static so that bundling and tests see exactly the same list. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-conversations': conversations,
  '0003-usage-counters': usageCounters,
  '0004-playbook-runs': playbookRuns,
  '0005-webhook-secrets': webhookSecrets,
  '0006-webhook-deliveries': webhookDeliveries,
  '0007-playbook-callbacks': playbookCallbacks,
  '0008-run-kinds': runKinds,
  '0009-idempotency-keys': idempotencyKeys,
  '0010-run-rollups': runRollups,
  '0011-units-spent': unitsSpent,
  '0012-usage-holds': usageHolds,
  '0013-step-answers': stepAnswers,
  '0014-run-parents': runParents,
  '0015-safety-verdict-rollups': safetyVerdictRollups,
  '0016-run-traces': runTraces,
  '0017-step-answer-usage': stepAnswerUsage,
};

export const staticMigrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
