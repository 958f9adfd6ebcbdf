import type { CliIo } from '../cli-io.ts';
import { UsageError } from '../cli-io.ts';
import type { CliServices } from '../cli-services.ts';
import { parseCommandArguments, requiredOption } from '../command-arguments.ts';
import { formatElapsed } from '../progress-display.ts';

export const runsUsage = `Usage:
  agentapi runs --user <id> [--limit <n>] [--json]`;

/** `agentapi runs`: the account's recent runs, newest first (agent runs and playbook runs alike). */
export async function runRunsCommand(args: string[], services: CliServices, io: CliIo): Promise<number> {
  const parsed = parseCommandArguments(args, { flags: ['json'], strings: ['user', 'limit'] });
  if (parsed.positionals.length > 0 || Object.keys(parsed.fields).length > 0) throw new UsageError('runs takes only --user, --limit and --json');
  const limitText = typeof parsed.options.limit === 'string' ? parsed.options.limit : '20';
  const limit = Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new UsageError('--limit must be a whole number from 1 to 100');
  const account = await services.accounts.findAccount(requiredOption(parsed, 'user', '<id>'));
  const { runs } = await services.runs.list(account.id, { limit });
  if (parsed.options.json) {
    io.out(JSON.stringify(runs));
    return 0;
  }
  if (runs.length === 0) {
    io.error(`No runs for ${account.id}.`);
    return 0;
  }
  io.out(['RUN', 'KIND', 'NAME', 'STATUS', 'CREATED', 'TOOK'].join('\t'));
  for (const run of runs) {
    io.out([run.id, run.kind, run.agent ?? run.playbookId ?? '-', run.status, run.createdAt, run.durationMs === null ? '-' : formatElapsed(run.durationMs)].join('\t'));
  }
  return 0;
}
