import { afterEach, beforeEach } from 'vitest';
import { openDatabase, type Database } from '../../src/adapters/db/open-database.ts';
import { migrateToLatest } from '../../src/adapters/db/migrator.ts';
import { KyselyPlaybookRunRepository } from '../../src/adapters/db/repositories/playbook-run-repository.ts';
import { KyselyRunRepository } from '../../src/adapters/db/repositories/run-repository.ts';
import { DatabaseUnavailableError } from '../../src/domain/database-unavailable.ts';
import { InMemoryRunEventBus } from '../../src/adapters/events/in-memory-run-event-bus.ts';
import type { PlaybookQueue } from '../../src/ports/playbook-queue.ts';
import type { PlaybookRunRecord, StepNudge } from '../../src/ports/playbook-run-repository.ts';
import type { AgentRunner, AgentRunSuccess, RunAgentCommand } from '../../src/domain/agents/agent-runner.ts';
import { AppError } from '../../src/domain/errors.ts';
import { newPlaybookRun } from '../../src/domain/playbooks/new-playbook-run.ts';
import { PlaybookCatalog } from '../../src/domain/playbooks/playbook-catalog.ts';
import { PlaybookStepExecutor } from '../../src/domain/playbooks/playbook-step-executor.ts';

/** What the executor's tests share: a playbook of two steps, a real SQLite database, a queue and a runner that record what they are given. */
const playbooks = new PlaybookCatalog([
  {
    id: 'two-steps',
    name: 'Two steps',
    description: 'A playbook of two steps for the executor tests.',
    category: 'content',
    fields: [{ key: 'topic', label: 'Topic', type: 'text', required: true }],
    steps: [
      { agent: 'writer', reason: 'Writes the first draft of the text.', prompt: 'Write about {{inputs.topic}}.', optional: false },
      { agent: 'editor', reason: 'Edits the draft from the first step.', prompt: 'Edit this draft:\n{{steps.0.output}}', optional: false },
    ],
  },
]);

/** One test's database, clock, and what the queue and the runner were given, made afresh before each test. */
export interface ExecutorWorld {
  database: Database;
  runs: KyselyPlaybookRunRepository;
  /** The run log the runner writes after handing the answer over, as AgentRunner does. */
  runLog: KyselyRunRepository;
  /** When set, the runner's run-log write fails as in a database outage (after the answer was handed over). */
  runLogDown: boolean;
  nudges: StepNudge[];
  calls: RunAgentCommand[];
  answer: (command: RunAgentCommand) => Record<string, unknown> | Promise<Record<string, unknown>>;
  errors: unknown[];
  now: Date;
}

const world = {} as ExecutorWorld;

const queue: PlaybookQueue = {
  enqueue: async (nudge) => {
    world.nudges.push(nudge);
  },
  consume: () => undefined,
  close: async () => undefined,
};

const runner: Pick<AgentRunner, 'run'> = {
  run: async (command) => {
    world.calls.push(command);
    const runId = `run_${world.calls.length}`;
    const data = { ...(await world.answer(command)), model: 'sandbox/deterministic' };
    // As AgentRunner does: the answer is handed over before the run is recorded, and refused when unwanted.
    const usage = { inputTokens: 10, outputTokens: 5, costUsd: 0.0001 };
    if ((await command.onAnswer?.({ runId, data, model: 'sandbox/deterministic', provider: 'sandbox', usage })) === false) throw new AppError('conflict', 'The answer was discarded', { runId });
    if (world.runLogDown) throw new DatabaseUnavailableError({ cause: new Error('connection terminated') });
    const at = world.now.toISOString();
    await world.runLog.insert({
      id: runId,
      accountId: command.accountId,
      surface: command.surface,
      agent: command.agentId,
      model: 'sandbox/deterministic',
      provider: 'sandbox',
      status: 'succeeded',
      errorCode: null,
      latencyMs: 5,
      ...usage,
      output: JSON.stringify(data),
      requestId: command.requestId,
      parentRunId: command.parentRunId ?? null,
      createdAt: at,
      completedAt: at,
    });
    return { runId, data, model: { id: 'sandbox/deterministic' } } as unknown as AgentRunSuccess;
  },
};

/** Gives each test of the calling file a fresh world, and closes its database after it. */
export function useExecutorWorld(): ExecutorWorld {
  beforeEach(async () => {
    world.database = await openDatabase('sqlite::memory:');
    await migrateToLatest(world.database);
    world.runs = new KyselyPlaybookRunRepository(world.database.db);
    world.runLog = new KyselyRunRepository(world.database.db, world.database.dialect);
    world.runLogDown = false;
    world.nudges = [];
    world.calls = [];
    world.errors = [];
    world.answer = () => ({ text: 'A draft about tide pools.' });
    world.now = new Date('2026-06-01T12:00:00.000Z');
  });
  afterEach(async () => {
    await world.database.close();
  });
  return world;
}

export function executor(owner = 'this-process', repository: KyselyPlaybookRunRepository = world.runs): PlaybookStepExecutor {
  return new PlaybookStepExecutor({
    playbooks,
    runs: repository,
    runner,
    runLog: world.runLog,
    queue,
    events: new InMemoryRunEventBus(),
    planSettingsOf: async () => ({ planPolicy: undefined, planSafety: undefined }),
    clock: { now: () => world.now },
    options: { owner, leaseMs: 1000, accountConcurrency: 2 },
    onError: (error) => world.errors.push(error),
  });
}

export async function createRun(id: string): Promise<PlaybookRunRecord> {
  const run = newPlaybookRun({
    id,
    accountId: 'account-1',
    playbook: playbooks.find('two-steps')!,
    inputs: { topic: 'tide pools' },
    requestId: null,
    quotaDay: world.now.toISOString().slice(0, 10),
    callbackUrl: null,
    now: world.now,
  });
  await world.runs.create(run);
  return run;
}

export async function eventTypes(runId: string): Promise<string[]> {
  return (await world.runs.listEvents(runId, 0, 100)).map((event) => event.type);
}
