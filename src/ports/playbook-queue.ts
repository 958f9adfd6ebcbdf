import type { StepNudge } from './playbook-run-repository.ts';

/**
 * Carries "run this step" messages to whichever worker is free. A message is a nudge, not the state: the
 * database decides what a worker may do with it, so a message delivered twice, late or after a crash does
 * no harm. Adding a message for a step that already has one waiting adds nothing.
 */
export interface PlaybookQueue {
  enqueue(nudge: StepNudge): Promise<void>;
  /** Starts taking messages in this process, up to `concurrency` at a time. */
  consume(handler: (nudge: StepNudge) => Promise<void>, options: { concurrency: number }): void;
  /** Stops taking messages and waits for the ones in hand. */
  close(): Promise<void>;
}
