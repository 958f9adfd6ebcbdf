import type { AccountService } from '../domain/accounts/account-service.ts';
import type { AgentRunner } from '../domain/agents/agent-runner.ts';
import type { PlaybookRunFollower } from '../domain/playbooks/playbook-run-follower.ts';
import type { PlaybookService } from '../domain/playbooks/playbook-service.ts';
import type { RunContexts } from '../domain/runs/run-context.ts';
import type { RunDirectory } from '../domain/runs/run-directory.ts';

/** The domain services the run, playbook, runs and usage commands call: the same ones the routes call. */
export interface CliServices {
  accounts: Pick<AccountService, 'findAccount'>;
  runner: Pick<AgentRunner, 'run'>;
  runContexts: Pick<RunContexts, 'forAccount' | 'meterOf'>;
  playbookRuns: Pick<PlaybookService, 'start' | 'cancel'>;
  playbookFollower: Pick<PlaybookRunFollower, 'follow'>;
  runs: Pick<RunDirectory, 'find' | 'list'>;
}
