import type { Logger } from 'pino';
import { systemClock } from '../adapters/system-clock.ts';
import type { AppConfig } from '../config/app-config.ts';
import { AgentRunner } from '../domain/agents/agent-runner.ts';
import { EmbeddingService } from '../domain/embeddings/embedding-service.ts';
import { PlaybookRunFollower } from '../domain/playbooks/playbook-run-follower.ts';
import { PlaybookService } from '../domain/playbooks/playbook-service.ts';
import { PlaybookStepExecutor } from '../domain/playbooks/playbook-step-executor.ts';
import { startedStepPrompts } from '../domain/playbooks/playbook-step-prompt.ts';
import { BackgroundAgentRuns } from '../domain/runs/background-agent-runs.ts';
import { RunLauncher } from '../domain/runs/run-launcher.ts';
import { RunDirectory } from '../domain/runs/run-directory.ts';
import { StoredText } from '../domain/runs/stored-text.ts';
import type { Storage } from './build-storage.ts';
import type { Providers } from './build-providers.ts';
import type { Usage } from './build-usage.ts';
import type { Webhooks } from './build-webhooks.ts';
import type { Catalogs } from './load-catalogs.ts';

/** Everything that executes runs: agent runs now, playbook and background runs later, and the views of both. */
export interface Runs {
  runner: AgentRunner;
  /** Embedding requests (POST /v1/embeddings), counted and recorded as runs. */
  embeddings: EmbeddingService;
  executor: PlaybookStepExecutor;
  playbookRuns: PlaybookService;
  backgroundRuns: BackgroundAgentRuns;
  follower: PlaybookRunFollower;
  directory: RunDirectory;
  /** What idempotent replays and stored run bodies keep: text with PII as the models see it. */
  storedText: StoredText;
}

export function buildRuns(
  config: AppConfig,
  logger: Logger,
  parts: { catalogs: Catalogs; storage: Storage; providers: Providers; usage: Usage; webhooks: Webhooks; processOwner: string },
): Runs {
  const { catalogs, storage, providers, usage, webhooks } = parts;
  const runner = new AgentRunner({
    catalog: catalogs.agents,
    router: providers.router,
    gateway: providers.gateway,
    breaker: providers.breaker,
    runs: storage.runLog,
    recordability: storage.database.availability,
    safety: providers.safety,
    tools: providers.tools,
    clock: systemClock,
    options: { upstreamTimeoutMs: config.upstreamTimeoutMs, upstreamDeadlineMs: config.upstreamDeadlineMs },
    telemetry: providers.telemetry,
  });
  const executor = new PlaybookStepExecutor({
    playbooks: catalogs.playbooks,
    runs: storage.playbookRuns,
    runner,
    runLog: storage.runLog,
    queue: storage.queue,
    events: storage.events,
    planSettingsOf: (accountId) => usage.runContexts.planSettingsOf(accountId),
    clock: systemClock,
    options: { owner: parts.processOwner, leaseMs: config.playbooks.leaseMs, accountConcurrency: config.playbooks.accountConcurrency },
    callbacks: webhooks.outbox,
    onError: (error, nudge) => logger.error({ err: error, runId: nudge.runId, stepIndex: nudge.stepIndex }, 'playbook step could not be handled'),
  });
  const launcher = new RunLauncher({ runs: storage.playbookRuns, queue: storage.queue, quotas: usage.quotas, clock: systemClock, callbacks: webhooks.callbacks });
  const storedText = new StoredText(providers.safety);
  const embeddings = new EmbeddingService({
    registry: catalogs.registry,
    gateway: providers.gateway,
    safety: providers.safety,
    runs: storage.runLog,
    recordability: storage.database.availability,
    telemetry: providers.telemetry,
    clock: systemClock,
    options: { timeoutMs: config.upstreamTimeoutMs },
  });
  return {
    runner,
    embeddings,
    executor,
    playbookRuns: new PlaybookService({
      playbooks: catalogs.playbooks,
      agents: catalogs.agents,
      runs: storage.playbookRuns,
      queue: storage.queue,
      events: storage.events,
      quotas: usage.quotas,
      executor,
      clock: systemClock,
      launcher,
      storedText,
      contexts: usage.runContexts,
    }),
    backgroundRuns: new BackgroundAgentRuns({ runner, launcher, storedText, contexts: usage.runContexts }),
    follower: new PlaybookRunFollower({ runs: storage.playbookRuns, events: storage.events, pollMs: 1000, limits: config.playbooks.followers }),
    directory: new RunDirectory({
      durableRuns: storage.playbookRuns,
      loggedRuns: storage.runLog,
      clock: systemClock,
      stepPrompts: (run) => startedStepPrompts(catalogs.playbooks, run),
    }),
    storedText,
  };
}
