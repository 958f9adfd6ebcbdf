import type { Logger } from 'pino';
import type { WebhookDispatcher } from '../domain/webhooks/webhook-dispatcher.ts';

export interface WebhookWorker {
  /** Stops polling and waits for the attempts in hand. */
  stop(): Promise<void>;
}

/**
 * Sends due webhook messages from this process: every `pollMs`, and straight on while a round finds work,
 * so a backlog drains without waiting for the timer. One round at a time; a round that fails is logged
 * and the next tick tries again (the messages stay stored and claimable).
 */
export function startWebhookWorker(
  parts: { dispatcher: Pick<WebhookDispatcher, 'deliverDue'>; logger: Pick<Logger, 'warn'> },
  options: { pollMs: number },
): WebhookWorker {
  const { dispatcher, logger } = parts;
  let stopping = false;
  let running: Promise<void> | undefined;
  const drain = async () => {
    while (!stopping && (await dispatcher.deliverDue()) > 0);
  };
  const poll = () => {
    running ??= drain()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not deliver webhooks'))
      .finally(() => {
        running = undefined;
      });
  };
  poll();
  const timer = setInterval(poll, options.pollMs);
  timer.unref();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
