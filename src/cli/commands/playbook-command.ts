import { randomUUID } from 'node:crypto';
import { finalEventTypes } from '../../domain/playbooks/playbook-run-events.ts';
import type { RunView } from '../../domain/runs/run-view.ts';
import type { CliIo } from '../cli-io.ts';
import { UsageError } from '../cli-io.ts';
import type { CliServices } from '../cli-services.ts';
import { keyValuePairs, parseCommandArguments, requiredOption } from '../command-arguments.ts';
import { ProgressDisplay, type StepState } from '../progress-display.ts';

export const playbookUsage = `Usage:
  agentapi playbook <id> --user <id> [--input <name>=<value> ...] [--yes] [--follow] [--json]`;

/** What the playbook command needs besides the services: its process's step worker, and Ctrl-C. */
export interface PlaybookCommandContext {
  /** Starts this process's execution of steps, so a followed run advances without a server running. */
  startWorker(): void;
  /** Aborted on Ctrl-C (SIGINT) or SIGTERM: a followed run is canceled. */
  interrupted: AbortSignal;
  now?: () => number;
}

/**
 * `agentapi playbook`: starts a playbook run as the account `--user` (inputs, confirmation and one unit per
 * step as `POST /api/playbooks/run`). Without `--follow` it prints the run id and leaves the run to the
 * server or workers; with it, this process executes steps too and shows the run's progress until it ends.
 */
export async function runPlaybookCommand(args: string[], services: CliServices, io: CliIo, context: PlaybookCommandContext): Promise<number> {
  const parsed = parseCommandArguments(args, { flags: ['yes', 'follow', 'json'], strings: ['user'], repeated: ['input'] });
  const [playbookId, ...extra] = parsed.positionals;
  if (!playbookId || extra.length > 0) throw new UsageError('playbook takes exactly one playbook id');
  if (Object.keys(parsed.fields).length > 0) throw new UsageError(`Unknown option --${Object.keys(parsed.fields)[0]}: playbook inputs are given as --input <name>=<value>`);
  const account = await services.accounts.findAccount(requiredOption(parsed, 'user', '<id>'));
  const inputs = keyValuePairs(parsed.repeated.input ?? [], '--input');
  const started = await services.playbookRuns.start({ account, playbookId, inputs, confirmed: parsed.options.yes === true, requestId: `cli-${randomUUID()}` });
  if (!parsed.options.follow) {
    if (parsed.options.json) io.out(JSON.stringify({ runId: started.id, status: started.status, steps: started.steps.length }));
    else io.out(started.id);
    io.error(`Started ${playbookId} (${started.steps.length} steps). A running server or worker executes it; watch it with \`agentapi runs --user ${account.id}\` or GET /api/runs/${started.id}/events.`);
    return 0;
  }
  context.startWorker();
  const view = await follow(services, io, context, { accountId: account.id, playbookId, runId: started.id, agents: started.steps.map((step) => step.agent), quiet: parsed.options.json === true });
  if (parsed.options.json) io.out(JSON.stringify(view));
  if (view.status !== 'done' && view.error) io.error(`${view.error.code}: ${view.error.message}`);
  return view.status === 'done' ? 0 : 1;
}

interface FollowedRun {
  accountId: string;
  playbookId: string;
  runId: string;
  agents: string[];
  /** With --json: no display, the run alone at the end. */
  quiet: boolean;
}

async function follow(services: CliServices, io: CliIo, context: PlaybookCommandContext, run: FollowedRun): Promise<RunView> {
  const now = context.now ?? Date.now;
  const display = run.quiet ? undefined : new ProgressDisplay(io, { playbookId: run.playbookId, runId: run.runId, steps: run.agents.map((agent) => ({ agent, state: 'waiting' as StepState })), costUsd: 0, startedAt: now() }, now);
  const stop = new AbortController();
  const cancel = () => void services.playbookRuns.cancel(run.accountId, run.runId).catch(() => undefined);
  context.interrupted.addEventListener('abort', cancel, { once: true });
  let costUsd = 0;
  try {
    for await (const event of services.playbookFollower.follow(run.runId, 0, stop.signal)) {
      const stepIndex = (event.data as { stepIndex?: unknown }).stepIndex;
      if (typeof stepIndex === 'number') {
        if (event.type === 'step.completed') costUsd += await stepCost(services, run, stepIndex);
        display?.step(stepIndex, event.type === 'step.started' ? 'running' : event.type === 'step.completed' ? 'done' : 'failed', costUsd);
      }
      if (finalEventTypes.has(event.type)) break;
    }
  } finally {
    stop.abort();
    context.interrupted.removeEventListener('abort', cancel);
  }
  const { view } = await services.runs.find(run.accountId, run.runId);
  for (const step of view.steps) if (step.status === 'skipped' || step.status === 'canceled') display?.step(step.stepIndex, 'skipped', costUsd);
  display?.finish(view.status);
  return view;
}

/** What a finished step's model calls cost, from the run log entry of its execution. */
async function stepCost(services: CliServices, run: FollowedRun, stepIndex: number): Promise<number> {
  const { view } = await services.runs.find(run.accountId, run.runId);
  const agentRunId = view.steps[stepIndex]?.agentRunId;
  if (!agentRunId) return 0;
  const found = await services.runs.find(run.accountId, agentRunId).catch(() => undefined);
  return found && 'logged' in found ? found.logged.costUsd : 0;
}
