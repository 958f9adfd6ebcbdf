import type { Account } from '../../ports/account-repository.ts';
import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';
import { controlKeys, type AgentRunner } from '../agents/agent-runner.ts';
import type { AgentRunBody } from '../agents/agent-task.ts';
import { createId } from '../ids.ts';
import { newAgentRun } from '../playbooks/new-playbook-run.ts';
import type { RunLauncher } from './run-launcher.ts';
import type { RunContexts } from './run-context.ts';
import type { StoredText } from './stored-text.ts';

/** Keys that steer the run; the rest of the body is stored with PII as the agent's model will see it. */
const steeringKeys: ReadonlySet<string> = new Set(controlKeys);

export interface StartAgentRunCommand {
  account: Account;
  agentId: string;
  body: AgentRunBody;
  requestId: string;
  /** Where to POST the outcome (`run.completed` / `run.failed`), signed with the account's webhook secret. */
  callbackUrl?: string | undefined;
}

/**
 * Agent runs accepted now and executed later (a trigger answers 202 at once): stored and queued as a run of
 * one step, so they share the playbook runs' durability, per-account concurrency, quota units and callbacks,
 * and execute through the same AgentRunner as a direct call, safety screening included.
 */
export class BackgroundAgentRuns {
  readonly #runner: Pick<AgentRunner, 'checkRequest' | 'findAgent'>;
  readonly #launcher: RunLauncher;
  readonly #storedText: StoredText;
  readonly #contexts: Pick<RunContexts, 'forAccount'>;

  constructor(dependencies: { runner: Pick<AgentRunner, 'checkRequest' | 'findAgent'>; launcher: RunLauncher; storedText: StoredText; contexts: Pick<RunContexts, 'forAccount'> }) {
    this.#runner = dependencies.runner;
    this.#launcher = dependencies.launcher;
    this.#storedText = dependencies.storedText;
    this.#contexts = dependencies.contexts;
  }

  /**
   * Refuses now what the run would refuse before any work (404, the input layers' 422, 400, confirmation),
   * then launches it (one unit). The body is stored, and shown in a confirmation preview, with PII as the
   * agent's model will see it: placeholders, never values (fields only tools read included).
   */
  async start(command: StartAgentRunCommand): Promise<PlaybookRunRecord> {
    // A background run has nobody to stream to.
    const { stream: _stream, ...sent } = command.body;
    const found = this.#runner.findAgent(command.agentId, 'api');
    const { planPolicy, plan } = this.#contexts.forAccount(command.account, 'api');
    // Screened now as its run will screen it: refused here, at once, what the run would refuse.
    const body = await this.#storedText.forLater(sent, [this.#storedText.runPolicy(found, plan?.safety)], steeringKeys);
    // Routed as the run will be when its step runs (for the confirmation preview): by the plan's policy on /api.
    const agent = this.#runner.checkRequest({ surface: 'api', agentId: command.agentId, body, planPolicy });
    return this.#launcher.launch({ account: command.account, steps: 1, callbackUrl: command.callbackUrl }, async (context) =>
      newAgentRun({ id: createId('run', context.now), accountId: command.account.id, agent, body, requestId: command.requestId, ...context }),
    );
  }
}
