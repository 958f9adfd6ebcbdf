import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWebhookWorker, type WebhookWorker } from './webhook-worker.ts';

interface Round {
  finish(attempts: number): void;
  fail(error: Error): void;
}

/**
 * A dispatcher whose rounds return the planned attempt counts at once, then wait until the test finishes
 * them; after release() every round finishes at once with none.
 */
function controlledDispatcher(planned: number[] = []) {
  const rounds: Round[] = [];
  let calls = 0;
  let active = 0;
  let mostActive = 0;
  let released = false;
  return {
    rounds,
    calls: () => calls,
    mostActive: () => mostActive,
    release() {
      released = true;
      for (const round of rounds) round.finish(0);
    },
    deliverDue: () =>
      new Promise<number>((resolve, reject) => {
        calls += 1;
        const next = planned.shift();
        if (next !== undefined || released) {
          resolve(next ?? 0);
          return;
        }
        active += 1;
        mostActive = Math.max(mostActive, active);
        let settled = false;
        const settle = (then: () => void) => {
          if (settled) return;
          settled = true;
          active -= 1;
          then();
        };
        rounds.push({ finish: (attempts) => settle(() => resolve(attempts)), fail: (error) => settle(() => reject(error)) });
      }),
  };
}

function recordingLogger() {
  const warnings: unknown[][] = [];
  return { warnings, warn: (...args: unknown[]) => void warnings.push(args) };
}

/** Moves the faked clock on, running the worker's timers and the promises they start. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('the webhook worker', () => {
  let worker: WebhookWorker | undefined;
  let dispatcher: ReturnType<typeof controlledDispatcher>;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    dispatcher.release();
    await worker?.stop();
    worker = undefined;
    vi.useRealTimers();
  });

  it('delivers at once and straight on while rounds find work, then every pollMs', async () => {
    dispatcher = controlledDispatcher([3, 1, 0]);
    worker = startWebhookWorker({ dispatcher, logger: recordingLogger() }, { pollMs: 30 });
    await advance(10);
    expect(dispatcher.calls()).toBe(3);
    await advance(40);
    expect(dispatcher.calls()).toBe(4);
  });

  it('never runs two rounds at once, however slow a round is', async () => {
    dispatcher = controlledDispatcher();
    worker = startWebhookWorker({ dispatcher, logger: recordingLogger() }, { pollMs: 5 });
    await advance(50);
    expect(dispatcher.calls()).toBe(1);
    dispatcher.rounds[0]?.finish(0);
    await advance(30);
    expect(dispatcher.calls()).toBeGreaterThan(1);
    expect(dispatcher.mostActive()).toBe(1);
  });

  it('logs a failed round as a warning and keeps polling', async () => {
    dispatcher = controlledDispatcher();
    const logger = recordingLogger();
    worker = startWebhookWorker({ dispatcher, logger }, { pollMs: 10 });
    dispatcher.rounds[0]?.fail(new Error('database unreachable'));
    await advance(40);
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]?.[0]).toMatchObject({ err: { message: 'database unreachable' } });
    expect(dispatcher.calls()).toBeGreaterThan(1);
  });

  it('waits for the round in progress when stopped, and starts no other', async () => {
    dispatcher = controlledDispatcher();
    const started = startWebhookWorker({ dispatcher, logger: recordingLogger() }, { pollMs: 5 });
    let stopped = false;
    const stopping = started.stop().then(() => {
      stopped = true;
    });
    await advance(20);
    expect(stopped).toBe(false);
    // The round found work, but the worker is stopping: no further round.
    dispatcher.rounds[0]?.finish(5);
    await stopping;
    expect(stopped).toBe(true);
    await advance(20);
    expect(dispatcher.calls()).toBe(1);
  });
});
