import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BullMqPlaybookQueue } from '../../src/adapters/queue/bullmq-playbook-queue.ts';
import { InProcessPlaybookQueue } from '../../src/adapters/queue/in-process-playbook-queue.ts';
import type { PlaybookQueue } from '../../src/ports/playbook-queue.ts';
import type { StepNudge } from '../../src/ports/playbook-run-repository.ts';
import { signal } from '../support/signal.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';
import { waitFor } from '../support/wait-for.ts';

interface QueueUnderTest {
  queue: PlaybookQueue;
  errors: unknown[];
}

const queues = {
  'in process': (): QueueUnderTest => {
    const errors: unknown[] = [];
    return { queue: new InProcessPlaybookQueue({ onError: (error) => errors.push(error) }), errors };
  },
  bullmq: (): QueueUnderTest => {
    const errors: unknown[] = [];
    const queue = new BullMqPlaybookQueue({ url: testRedisUrl, prefix: freshRedisPrefix(), lockDurationMs: 5_000, onError: (error) => errors.push(error) });
    return { queue, errors };
  },
};

function key(nudge: StepNudge): string {
  return `${nudge.runId}.${nudge.stepIndex}`;
}

let markers = 0;

/**
 * Resolves once a marker message sent now has been handled, and takes it out of `seen` again. The marker is
 * a first step: that lane is served last and in order, so by then every message waiting before it has been
 * delivered too, and a duplicate of one would already be in `seen`.
 */
async function drained(queue: PlaybookQueue, seen: string[]): Promise<void> {
  const marker = { runId: `marker-${(markers += 1)}`, stepIndex: 0 };
  await queue.enqueue(marker);
  await waitFor(() => seen.includes(key(marker)), { what: 'the marker message' });
  seen.splice(seen.indexOf(key(marker)), 1);
}

/** The queue contract: every implementation passes the same cases. */
describe.each(Object.keys(queues) as (keyof typeof queues)[])('playbook queue %s', (name) => {
  let queue: PlaybookQueue;
  let errors: unknown[];
  beforeEach(() => {
    ({ queue, errors } = queues[name]());
  });
  afterEach(async () => queue.close());

  it('delivers every message once', async () => {
    const seen: string[] = [];
    for (let index = 0; index < 50; index++) await queue.enqueue({ runId: `run-${index % 10}`, stepIndex: Math.floor(index / 10) });
    queue.consume(
      async (nudge) => {
        seen.push(key(nudge));
        // A moment's work, so handlers overlap.
        await sleep(1);
      },
      { concurrency: 4 },
    );
    await waitFor(() => seen.length >= 50);
    await drained(queue, seen);
    expect(seen).toHaveLength(50);
    expect(new Set(seen).size).toBe(50);
  });

  it('runs at most `concurrency` handlers at once', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let done = 0;
    queue.consume(
      async () => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        // Work that takes a while: what is under test is how many handlers run during it.
        await sleep(20);
        running--;
        done++;
      },
      { concurrency: 3 },
    );
    for (let index = 0; index < 15; index++) await queue.enqueue({ runId: 'parallel', stepIndex: index });
    await waitFor(() => done === 15);
    expect(mostAtOnce).toBeLessThanOrEqual(3);
    expect(mostAtOnce).toBeGreaterThan(1);
  });

  it("takes started runs' later steps before new runs' first steps", async () => {
    const seen: string[] = [];
    for (const nudge of [
      { runId: 'new-a', stepIndex: 0 },
      { runId: 'started', stepIndex: 1 },
      { runId: 'new-b', stepIndex: 0 },
      { runId: 'started-too', stepIndex: 2 },
    ]) {
      await queue.enqueue(nudge);
    }
    queue.consume(async (nudge) => void seen.push(key(nudge)), { concurrency: 1 });
    await waitFor(() => seen.length >= 4);
    expect(seen.slice(0, 2).sort()).toEqual(['started-too.2', 'started.1']);
    expect(seen.slice(2).sort()).toEqual(['new-a.0', 'new-b.0']);
  });

  it('adds nothing for a message already waiting', async () => {
    const seen: string[] = [];
    await queue.enqueue({ runId: 'twice', stepIndex: 0 });
    await queue.enqueue({ runId: 'twice', stepIndex: 0 });
    await queue.enqueue({ runId: 'twice', stepIndex: 1 });
    queue.consume(async (nudge) => void seen.push(key(nudge)), { concurrency: 2 });
    await waitFor(() => seen.length >= 2);
    await drained(queue, seen);
    expect(seen.sort()).toEqual(['twice.0', 'twice.1']);
  });

  it('delivers a message again when it is sent while its handler runs, or after', async () => {
    const seen: string[] = [];
    const release = signal();
    queue.consume(
      async (nudge) => {
        seen.push(key(nudge));
        if (seen.length === 1) await release.fired;
      },
      { concurrency: 2 },
    );
    await queue.enqueue({ runId: 'again', stepIndex: 0 });
    await waitFor(() => seen.length === 1);
    await queue.enqueue({ runId: 'again', stepIndex: 0 });
    release.fire();
    await waitFor(() => seen.length === 2);
    await queue.enqueue({ runId: 'again', stepIndex: 0 });
    await waitFor(() => seen.length === 3);
    await drained(queue, seen);
    expect(seen).toEqual(['again.0', 'again.0', 'again.0']);
  });

  it('keeps going after a handler throws', async () => {
    const seen: string[] = [];
    queue.consume(
      async (nudge) => {
        seen.push(key(nudge));
        if (nudge.stepIndex === 0) throw new Error('handler failed');
      },
      { concurrency: 1 },
    );
    await queue.enqueue({ runId: 'throws', stepIndex: 0 });
    await waitFor(() => seen.length === 1);
    await queue.enqueue({ runId: 'throws', stepIndex: 1 });
    await queue.enqueue({ runId: 'throws', stepIndex: 2 });
    await waitFor(() => seen.length === 3);
    expect(seen).toEqual(['throws.0', 'throws.1', 'throws.2']);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('handler failed');
  });

  it('waits on close for the handlers in hand', async () => {
    const release = signal();
    let started = false;
    let finished = false;
    queue.consume(
      async () => {
        started = true;
        await release.fired;
        // Still busy a while after its release: a close that did not wait would be done before this ends.
        await sleep(20);
        finished = true;
      },
      { concurrency: 1 },
    );
    await queue.enqueue({ runId: 'closing', stepIndex: 0 });
    await waitFor(() => started);
    let closed = false;
    const closing = queue.close().then(() => (closed = true));
    // An absence, so nothing to wait on: a close that did not wait for its handler has 100 ms to finish.
    await sleep(100);
    expect(closed).toBe(false);
    release.fire();
    await closing;
    expect(finished).toBe(true);
  });
});

describe('playbook queue bullmq, when a consumer process dies', () => {
  const lockDurationMs = 1_000;
  const consumerScript = fileURLToPath(new URL('../support/playbook-queue-consumer.ts', import.meta.url));
  let queue: BullMqPlaybookQueue | undefined;
  let child: ChildProcessWithoutNullStreams | undefined;
  afterEach(async () => {
    child?.kill('SIGKILL');
    await queue?.close();
  });

  it('hands its message to another consumer once its lock runs out', async () => {
    const prefix = freshRedisPrefix();
    queue = new BullMqPlaybookQueue({ url: testRedisUrl, prefix, lockDurationMs });
    await queue.enqueue({ runId: 'crash', stepIndex: 2 });

    const consumer = spawn(process.execPath, [consumerScript, testRedisUrl, prefix, String(lockDurationMs)]);
    child = consumer;
    let output = '';
    consumer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    consumer.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => output.includes('started crash.2') || consumer.exitCode !== null, { timeoutMs: 10_000 });
    expect(output).toContain('started crash.2');

    const exited = new Promise((resolve) => consumer.once('exit', resolve));
    consumer.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    const seen: string[] = [];
    queue.consume(async (nudge) => void seen.push(key(nudge)), { concurrency: 1 });
    await waitFor(() => seen.length > 0, { timeoutMs: 10_000 });
    const redeliveredAfterMs = Date.now() - killedAt;

    expect(seen).toEqual(['crash.2']);
    // The lock runs out within one lock duration. The stalled check, every interval and at most once per
    // interval across all workers, marks the job on one pass and moves it back on the next.
    expect(redeliveredAfterMs).toBeLessThan(3 * lockDurationMs + 2_000);
    console.info(`message handed over ${redeliveredAfterMs} ms after the kill`);
  });

  it('delivers the next attempt’s message at once, while the dead consumer’s message still holds its lock', async () => {
    const longLockMs = 20_000;
    const prefix = freshRedisPrefix();
    queue = new BullMqPlaybookQueue({ url: testRedisUrl, prefix, lockDurationMs: longLockMs });
    await queue.enqueue({ runId: 'taken-over', stepIndex: 1, attempt: 0 });
    const consumer = spawn(process.execPath, [consumerScript, testRedisUrl, prefix, String(longLockMs)]);
    child = consumer;
    let output = '';
    consumer.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor(() => output.includes('started taken-over.1') || consumer.exitCode !== null, { timeoutMs: 10_000 });
    const exited = new Promise((resolve) => consumer.once('exit', resolve));
    consumer.kill('SIGKILL');
    await exited;

    const seen: StepNudge[] = [];
    queue.consume(async (nudge) => void seen.push(nudge), { concurrency: 1 });
    // The same attempt is still held by the dead consumer's job: nothing new.
    await queue.enqueue({ runId: 'taken-over', stepIndex: 1, attempt: 0 });
    // The sweep's nudge for the step taken over names the next attempt. Sent after the first in the same
    // lane, it comes after it: had the first been delivered, it would be in `seen` ahead of this one.
    await queue.enqueue({ runId: 'taken-over', stepIndex: 1, attempt: 1 });
    await waitFor(() => seen.length > 0, { timeoutMs: 2_000 });
    expect(seen).toEqual([{ runId: 'taken-over', stepIndex: 1, attempt: 1 }]);
  });
});

describe('playbook queue bullmq, when Redis goes away', () => {
  let proxy: TcpProxy;
  let queue: BullMqPlaybookQueue;
  let errors: unknown[];
  beforeEach(async () => {
    const redis = new URL(testRedisUrl);
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    redis.host = `127.0.0.1:${proxy.port}`;
    errors = [];
    queue = new BullMqPlaybookQueue({ url: redis.toString(), prefix: freshRedisPrefix(), lockDurationMs: 5_000, closeTimeoutMs: 1_000, onError: (error) => errors.push(error) });
  });
  afterEach(async () => {
    proxy.restore();
    await queue.close();
    await proxy.close();
  });

  it('keeps the messages Redis refuses and sends them when it is back', async () => {
    const seen: string[] = [];
    queue.consume(async (nudge) => void seen.push(key(nudge)), { concurrency: 2 });
    await queue.enqueue({ runId: 'before', stepIndex: 0 });
    await waitFor(() => seen.length === 1);

    proxy.cut();
    const startedAt = Date.now();
    for (const stepIndex of [1, 2, 3]) await queue.enqueue({ runId: 'during', stepIndex });
    // Refused, not hanging its caller, and kept.
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(queue.keptNudges).toBe(3);
    expect(errors.map((error) => (error as Error).message)).toContain('Redis refused a playbook step message; it is kept in memory and sent again when Redis is back');

    proxy.restore();
    await waitFor(() => seen.length === 4, { timeoutMs: 10_000 });
    expect(seen.slice(1).sort()).toEqual(['during.1', 'during.2', 'during.3']);
    expect(queue.keptNudges).toBe(0);
  });

  it('keeps at most its limit, dropping the oldest with a report', async () => {
    await queue.close();
    const redis = new URL(testRedisUrl);
    redis.host = `127.0.0.1:${proxy.port}`;
    queue = new BullMqPlaybookQueue({ url: redis.toString(), prefix: freshRedisPrefix(), lockDurationMs: 5_000, keptNudgesLimit: 2, onError: (error) => errors.push(error) });
    const seen: string[] = [];
    queue.consume(async (nudge) => void seen.push(key(nudge)), { concurrency: 2 });
    await queue.enqueue({ runId: 'many', stepIndex: 0 });
    await waitFor(() => seen.length === 1);
    proxy.cut();
    for (const stepIndex of [1, 2, 3]) await queue.enqueue({ runId: 'many', stepIndex });
    expect(queue.keptNudges).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toContain('Too many playbook step messages kept while Redis is away: dropped the oldest (run many, step 1); the sweep finds it');
    proxy.restore();
    // The kept ones are sent; the dropped one may still arrive, from the command that timed out.
    await waitFor(() => seen.includes('many.2') && seen.includes('many.3'), { timeoutMs: 10_000 });
    expect(queue.keptNudges).toBe(0);
  });

  it('closes within its bound even when a handler never finishes and Redis is away', async () => {
    let started = false;
    queue.consume(
      async () => {
        started = true;
        await new Promise(() => undefined);
      },
      { concurrency: 1 },
    );
    await queue.enqueue({ runId: 'stuck', stepIndex: 0 });
    await waitFor(() => started);
    proxy.cut();
    const startedAt = Date.now();
    await queue.close();
    const tookMs = Date.now() - startedAt;
    expect(tookMs).toBeGreaterThanOrEqual(950);
    expect(tookMs).toBeLessThan(2_000);
    expect(errors.map((error) => (error as Error).message)).toContain('The playbook queue did not close within 1000 ms; its Redis connections were dropped');
  });
});
