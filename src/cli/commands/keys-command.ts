import { parseArgs } from 'node:util';
import type { AccountService } from '../../domain/accounts/account-service.ts';
import { UsageError, type CliIo } from '../cli-io.ts';

export const keysUsage = `Usage:
  agentapi keys create --user <id> [--plan <api plan>] [--v1-plan <v1 plan>] [--name <label>] [--json]
  agentapi keys list [--user <id>] [--json]
  agentapi keys revoke <prefix>
  agentapi keys set-plan --user <id> [--plan <api plan>] [--v1-plan <v1 plan>]`;

export async function runKeysCommand(args: string[], accounts: AccountService, io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'create':
      return createKey(rest, accounts, io);
    case 'list':
      return listKeys(rest, accounts, io);
    case 'revoke':
      return revokeKey(rest, accounts, io);
    case 'set-plan':
      return setPlan(rest, accounts, io);
    default:
      throw new UsageError(action ? `Unknown keys action "${action}"` : 'Missing keys action');
  }
}

async function createKey(args: string[], accounts: AccountService, io: CliIo): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      user: { type: 'string' },
      plan: { type: 'string' },
      'v1-plan': { type: 'string' },
      name: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (!values.user) throw new UsageError('--user <id> is required');
  const created = await accounts.createKey({ accountId: values.user, apiPlan: values.plan, v1Plan: values['v1-plan'], name: values.name });
  if (values.json) {
    io.out(JSON.stringify(created));
  } else {
    io.out(created.key);
    io.error(
      `Created key ${created.prefix} for user ${created.user} (plans: /api ${created.apiPlan}, /api/v1 ${created.v1Plan}).\n` +
        'This is the only time the key is shown; it is stored as a hash.',
    );
  }
  return 0;
}

async function listKeys(args: string[], accounts: AccountService, io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { user: { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
  const keys = await accounts.listKeys(values.user ? { accountId: values.user } : {});
  if (values.json) {
    io.out(JSON.stringify(keys));
    return 0;
  }
  if (keys.length === 0) {
    io.error('No keys.');
    return 0;
  }
  io.out(['PREFIX', 'USER', 'NAME', 'CREATED', 'LAST USED', 'STATUS'].join('\t'));
  for (const key of keys) {
    io.out([key.prefix, key.user, key.name ?? '-', key.createdAt, key.lastUsedAt ?? '-', key.revokedAt ? `revoked ${key.revokedAt}` : 'active'].join('\t'));
  }
  return 0;
}

async function revokeKey(args: string[], accounts: AccountService, io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args, options: {}, allowPositionals: true, strict: true });
  const prefix = positionals[0];
  if (!prefix || positionals.length > 1) throw new UsageError('revoke takes exactly one key prefix');
  await accounts.revokeKey(prefix);
  io.error(`Revoked ${prefix}.`);
  return 0;
}

async function setPlan(args: string[], accounts: AccountService, io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { user: { type: 'string' }, plan: { type: 'string' }, 'v1-plan': { type: 'string' } }, strict: true });
  if (!values.user) throw new UsageError('--user <id> is required');
  const account = await accounts.setPlans(values.user, { apiPlan: values.plan, v1Plan: values['v1-plan'] });
  io.error(`User ${account.id}: /api plan ${account.apiPlan}, /api/v1 plan ${account.v1Plan}.`);
  return 0;
}
