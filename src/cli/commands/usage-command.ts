import type { CliIo } from '../cli-io.ts';
import { UsageError } from '../cli-io.ts';
import type { CliServices } from '../cli-services.ts';
import { parseCommandArguments, requiredOption } from '../command-arguments.ts';

export const usageCommandUsage = `Usage:
  agentapi usage --user <id> [--json]`;

/** `agentapi usage`: today's use of the account's daily limits, on /api and on /api/v1. */
export async function runUsageCommand(args: string[], services: CliServices, io: CliIo): Promise<number> {
  const parsed = parseCommandArguments(args, { flags: ['json'], strings: ['user'] });
  if (parsed.positionals.length > 0 || Object.keys(parsed.fields).length > 0) throw new UsageError('usage takes only --user and --json');
  const account = await services.accounts.findAccount(requiredOption(parsed, 'user', '<id>'));
  const [api, v1] = await Promise.all([services.runContexts.meterOf(account, 'api').snapshot(), services.runContexts.meterOf(account, 'v1').snapshot()]);
  const surfaces = { api, v1 };
  if (parsed.options.json) {
    io.out(JSON.stringify({ user: account.id, ...Object.fromEntries(Object.entries(surfaces).map(([name, s]) => [name, { plan: s.plan, used: s.used, limit: s.limit, remaining: s.remaining, resetAt: s.resetAt.toISOString() }])) }));
    return 0;
  }
  for (const [name, snapshot] of Object.entries(surfaces)) {
    const path = name === 'api' ? '/api' : '/api/v1';
    io.out(`${path}\tplan ${snapshot.plan}\t${snapshot.used} used of ${snapshot.limit ?? 'unlimited'}\t${snapshot.remaining ?? 'unlimited'} left\tresets ${snapshot.resetAt.toISOString()}`);
  }
  return 0;
}
