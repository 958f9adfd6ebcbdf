import type { Clock } from '../../ports/clock.ts';
import type { PlaybookRunRecord, PlaybookRunRepository } from '../../ports/playbook-run-repository.ts';
import type { RunRepository } from '../../ports/run-repository.ts';
import { AppError } from '../errors.ts';
import { viewOfLoggedRun, viewOfBackgroundAgentRun, type AgentRunView } from './agent-run-view.ts';

export type FoundRun = { type: 'playbook'; run: PlaybookRunRecord } | { type: 'agent'; run: AgentRunView };

/** Any run by id, for its owner: playbook runs, agent runs started by a trigger, and direct agent runs. */
export class RunLookup {
  readonly #playbookRuns: Pick<PlaybookRunRepository, 'findById'>;
  readonly #loggedRuns: Pick<RunRepository, 'findById'>;
  readonly #clock: Clock;

  constructor(dependencies: { playbookRuns: Pick<PlaybookRunRepository, 'findById'>; loggedRuns: Pick<RunRepository, 'findById'>; clock: Clock }) {
    this.#playbookRuns = dependencies.playbookRuns;
    this.#loggedRuns = dependencies.loggedRuns;
    this.#clock = dependencies.clock;
  }

  /** The caller's run; another account's run (or an anonymous one) is 404 like a missing one. */
  async find(accountId: string, runId: string): Promise<FoundRun> {
    const notFound = new AppError('not_found', `Run "${runId}" does not exist`);
    const durable = await this.#playbookRuns.findById(runId);
    if (durable) {
      if (durable.accountId !== accountId) throw notFound;
      return durable.kind === 'playbook' ? { type: 'playbook', run: durable } : { type: 'agent', run: viewOfBackgroundAgentRun(durable, this.#clock.now()) };
    }
    const logged = await this.#loggedRuns.findById(runId);
    if (!logged || logged.accountId !== accountId) throw notFound;
    return { type: 'agent', run: viewOfLoggedRun(logged) };
  }
}
