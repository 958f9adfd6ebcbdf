import { BullMqPlaybookQueue } from '../../src/adapters/queue/bullmq-playbook-queue.ts';

/**
 * A BullMQ queue consumer in a process of its own, for tests that kill it mid-message. Arguments: Redis URL,
 * key prefix, lock duration in ms. Prints `started <runId>.<stepIndex>` for each message, then holds it.
 */
const [url, prefix, lockDurationMs] = process.argv.slice(2);
if (!url || !prefix || !lockDurationMs) throw new Error('Usage: playbook-queue-consumer.ts <redis url> <prefix> <lock duration ms>');

const queue = new BullMqPlaybookQueue({ url, prefix, lockDurationMs: Number(lockDurationMs) });
queue.consume(
  async (nudge) => {
    process.stdout.write(`started ${nudge.runId}.${nudge.stepIndex}\n`);
    // Busy with the message until the test kills this process: the kill mid-message is what is under test.
    await new Promise((resolve) => setTimeout(resolve, 60_000));
  },
  { concurrency: 1 },
);

// Never outlive the test that started it.
process.stdin.on('end', () => process.exit(1));
process.stdin.resume();
