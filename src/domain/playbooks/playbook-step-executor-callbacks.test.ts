import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../adapters/db/open-database.ts';
import { migrateToLatest } from '../../adapters/db/migrator.ts';
import { KyselyPlaybookRunRepository } from '../../adapters/db/repositories/playbook-run-repository.ts';
import { KyselyRunRepository } from '../../adapters/db/repositories/run-repository.ts';
import { KyselyWebhookDeliveryRepository } from '../../adapters/db/repositories/webhook-delivery-repository.ts';
import { InMemoryRunEventBus } from '../../adapters/events/in-memory-run-event-bus.ts';
import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';
import type { WebhookDeliveryRecord } from '../../ports/webhook-delivery-repository.ts';
import type { AgentRunSuccess, RunAgentCommand } from '../agents/agent-runner.ts';
import { newPlaybookRun } from './new-playbook-run.ts';
import { PlaybookCatalog } from './playbook-catalog.ts';
import { PlaybookStepExecutor } from './playbook-step-executor.ts';

/**
 * What the executor hands the run's end: the callback delivery the outbox builds from the run as finished,
 * stored with it, and the plan's routing policy read for each step.
 */
const playbooks = new PlaybookCatalog([
  {
    id: 'one-step',
    name: 'One step',
    description: 'A playbook of one step for the callback tests.',
    category: 'content',
    fields: [{ key: 'topic', label: 'Topic', type: 'text', required: true }],
    steps: [{ agent: 'writer', reason: 'Writes the text.', prompt: 'Write about {{inputs.topic}}.', optional: false }],
  },
]);
const now = new Date('2026-06-01T12:00:00.000Z');

let database: Database;
let runs: KyselyPlaybookRunRepository;
let calls: RunAgentCommand[];
let finishedRuns: PlaybookRunRecord[];
let policyReads: string[];

function executor(): PlaybookStepExecutor {
  return new PlaybookStepExecutor({
    playbooks,
    runs,
    runLog: new KyselyRunRepository(database.db, database.dialect),
    runner: {
      run: async (command) => {
        calls.push(command);
        await command.onAnswer?.({ runId: 'run_1', data: { text: 'Tide pools.', model: 'sandbox/deterministic' }, model: 'sandbox/deterministic', provider: 'sandbox', usage: { inputTokens: 1, outputTokens: 1, costUsd: 0 } });
        return { runId: 'run_1', data: { text: 'Tide pools.', model: 'sandbox/deterministic' }, model: { id: 'sandbox/deterministic' } } as unknown as AgentRunSuccess;
      },
    },
    queue: { enqueue: async () => undefined, consume: () => undefined, close: async () => undefined },
    events: new InMemoryRunEventBus(),
    planSettingsOf: async (accountId) => {
      policyReads.push(accountId);
      return { planPolicy: 'quality', planSafety: { jailbreak: { mode: 'flag' } } };
    },
    clock: { now: () => now },
    options: { owner: 'this-process', leaseMs: 1000, accountConcurrency: 2 },
    callbacks: {
      deliveryFor: (finished): Omit<WebhookDeliveryRecord, 'attempts'> => {
        finishedRuns.push(finished);
        return {
          id: `msg_${finished.id}`,
          accountId: finished.accountId,
          url: finished.callbackUrl ?? '',
          eventType: `playbook.${finished.status === 'done' ? 'completed' : 'failed'}`,
          payload: '{}',
          runId: finished.id,
          status: 'pending',
          attemptCount: 0,
          nextAttemptAt: now.toISOString(),
          leaseOwner: null,
          leaseExpiresAt: null,
          createdAt: now.toISOString(),
          completedAt: null,
        };
      },
    },
  });
}

async function createRun(id: string, callbackUrl: string | null): Promise<void> {
  await runs.create(
    newPlaybookRun({ id, accountId: 'account-1', playbook: playbooks.find('one-step')!, inputs: { topic: 'tide pools' }, requestId: null, quotaDay: '2026-06-01', callbackUrl, now }),
  );
}

beforeEach(async () => {
  database = await openDatabase('sqlite::memory:');
  await migrateToLatest(database);
  runs = new KyselyPlaybookRunRepository(database.db);
  calls = [];
  finishedRuns = [];
  policyReads = [];
});
afterEach(async () => {
  await database.close();
});

describe('PlaybookStepExecutor, at the end of a run', () => {
  it("stores the outbox's delivery for a run that asked for a callback, built from the run as finished", async () => {
    await createRun('pbr_cb', 'https://hooks.example.com/in');
    await executor().handle({ runId: 'pbr_cb', stepIndex: 0 });
    expect(finishedRuns.map((run) => [run.id, run.status])).toEqual([['pbr_cb', 'done']]);
    const stored = await new KyselyWebhookDeliveryRepository(database.db).listByAccount('account-1', { limit: 10 });
    expect(stored.map((delivery) => [delivery.id, delivery.eventType, delivery.url])).toEqual([['msg_pbr_cb', 'playbook.completed', 'https://hooks.example.com/in']]);
  });

  it('asks the outbox nothing for a run without a callback address', async () => {
    await createRun('pbr_quiet', null);
    await executor().handle({ runId: 'pbr_quiet', stepIndex: 0 });
    expect((await runs.findById('pbr_quiet'))?.status).toBe('done');
    expect(finishedRuns).toEqual([]);
    expect(await new KyselyWebhookDeliveryRepository(database.db).listByAccount('account-1', { limit: 10 })).toEqual([]);
  });

  it("runs each step with the account's plan policy and safety settings, read once when the step runs", async () => {
    await createRun('pbr_policy', null);
    await executor().handle({ runId: 'pbr_policy', stepIndex: 0 });
    expect(policyReads).toEqual(['account-1']);
    expect(calls.map((command) => [command.surface, command.accountId, command.planPolicy, command.planSafety])).toEqual([['api', 'account-1', 'quality', { jailbreak: { mode: 'flag' } }]]);
  });
});
