import { parseArgs } from 'node:util';
import type { WebhookSecretService } from '../../domain/webhooks/webhook-secret-service.ts';
import { UsageError, type CliIo } from '../cli-io.ts';

export const webhooksUsage = `Usage:
  agentapi webhooks secret --user <id> [--json]`;

export async function runWebhooksCommand(args: string[], secrets: WebhookSecretService, io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'secret':
      return rotateSecret(rest, secrets, io);
    default:
      throw new UsageError(action ? `Unknown webhooks action "${action}"` : 'Missing webhooks action');
  }
}

async function rotateSecret(args: string[], secrets: WebhookSecretService, io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { user: { type: 'string' }, json: { type: 'boolean', default: false } }, strict: true });
  if (!values.user) throw new UsageError('--user <id> is required');
  const { secret, rotated } = await secrets.rotate(values.user);
  if (values.json) {
    io.out(JSON.stringify({ secret }));
    return 0;
  }
  io.out(secret);
  io.error(
    `${rotated ? 'Rotated' : 'Created'} the webhook signing secret for user ${values.user}` +
      `${rotated ? '; deliveries are signed with the new one from now on' : ''}. Receivers check deliveries with it using any Standard Webhooks library.\n` +
      'This is the only time the secret is shown; it is stored encrypted.',
  );
  return 0;
}
