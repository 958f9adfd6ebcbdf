import type { PlaybookRunRecord } from '../../ports/playbook-run-repository.ts';
import { OutboundError, type DestinationCheck } from '../../ports/outbound-http.ts';
import { invalidRequest } from '../errors.ts';
import { viewOfBackgroundAgentRun } from '../runs/agent-run-view.ts';
import type { WebhookMessage } from './webhook-dispatcher.ts';

/** What a callback needs: the account's secrets, and the outbound address policy its delivery will meet. */
export interface CallbackDependencies {
  secretOf(accountId: string): Promise<string | undefined>;
  /** Checks the address as a delivery would; without it, addresses are checked only when called. */
  destinations?: DestinationCheck;
}

/**
 * Callbacks of runs that asked for one (`callbackUrl`): checked when the run is started, built when it ends
 * (then stored with the run's end and sent, signed and retried, by the webhook dispatcher).
 */
export class RunCallbacks {
  readonly #dependencies: CallbackDependencies;

  constructor(dependencies: CallbackDependencies) {
    this.#dependencies = dependencies;
  }

  /**
   * The callback address as it will be used, or 400 `invalid_request`: it must be an http(s) URL, the account
   * must have a webhook secret to sign with, and the outbound address policy must let it be called (not a
   * private, loopback or link-local address unless allowed by configuration), so a run is not started for a
   * callback that could never be delivered. Its host is checked again when it is called.
   */
  async check(accountId: string, url: string, path = 'callbackUrl'): Promise<string> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw invalidRequest([{ path, message: 'Expected an absolute http(s) URL' }]);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalidRequest([{ path, message: 'Expected an http(s) URL' }]);
    if (!(await this.#dependencies.secretOf(accountId))) {
      throw invalidRequest([{ path, message: 'Callbacks are signed with your webhook secret: create one first (POST /api/webhooks/secret or `agentapi webhooks secret`)' }]);
    }
    await this.#dependencies.destinations?.checkDestination(parsed.toString()).catch((error: unknown) => {
      if (error instanceof OutboundError) throw invalidRequest([{ path, message: `Callbacks are not sent to this address: ${error.message}` }]);
      throw error;
    });
    return parsed.toString();
  }

  /**
   * The callback message of a run that has ended: `playbook.completed` / `playbook.failed` for a playbook,
   * `run.completed` / `run.failed` for an agent run. Canceled runs send none (their owner stopped them).
   */
  messageFor(run: PlaybookRunRecord): WebhookMessage | undefined {
    if (!run.callbackUrl || (run.status !== 'done' && run.status !== 'failed')) return undefined;
    const outcome = run.status === 'done' ? 'completed' : 'failed';
    return {
      accountId: run.accountId,
      url: run.callbackUrl,
      type: run.kind === 'agent' ? `run.${outcome}` : `playbook.${outcome}`,
      runId: run.id,
      // A finished run's view does not depend on the time it is read.
      data: run.kind === 'agent' ? { runId: run.id, ...viewOfBackgroundAgentRun(run, new Date(run.updatedAt)) } : playbookOutcome(run),
    };
  }
}

/** The body's `data` for a playbook run: its state and every step's result. */
export function playbookOutcome(run: PlaybookRunRecord): Record<string, unknown> {
  return {
    runId: run.id,
    playbookId: run.playbookId,
    playbookName: run.playbookName,
    status: run.status,
    error: run.error,
    statusUrl: `/api/playbooks/runs/${run.id}`,
    createdAt: run.createdAt,
    completedAt: run.completedAt,
    steps: run.steps.map((step) => ({
      stepIndex: step.stepIndex,
      agentName: step.agent,
      status: step.status,
      model: step.model,
      error: step.error,
      result: step.result === null ? null : (JSON.parse(step.result) as unknown),
    })),
  };
}
