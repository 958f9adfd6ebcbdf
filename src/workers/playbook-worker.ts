import type { Logger } from 'pino';
import type { PlaybookStepExecutor } from '../domain/playbooks/playbook-step-executor.ts';
import type { PlaybookQueue } from '../ports/playbook-queue.ts';

export interface PlaybookWorker {
  /** Stops taking steps and waits for the ones in hand. */
  stop(): Promise<void>;
}

/**
 * Executes playbook steps in this process: takes nudges from the queue, and sweeps the database for runs
 * that need one (a process died mid-step, a nudge was lost, a queued run's account has a free slot again).
 */
export function startPlaybookWorker(parts: { queue: PlaybookQueue; executor: PlaybookStepExecutor; logger: Logger }, options: { concurrency: number; sweepMs: number }): PlaybookWorker {
  const { queue, executor, logger } = parts;
  queue.consume((nudge) => executor.handle(nudge), { concurrency: options.concurrency });
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= executor
      .sweep({ aheadMs: options.sweepMs })
      .then((count) => {
        if (count > 0) logger.info({ runs: count }, 'playbook runs picked up again');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'could not sweep playbook runs'))
      .finally(() => {
        sweeping = undefined;
      });
  };
  sweep();
  const timer = setInterval(sweep, options.sweepMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      executor.cancelScheduled();
      await sweeping;
      await queue.close();
    },
  };
}
