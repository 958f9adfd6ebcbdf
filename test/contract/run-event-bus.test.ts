import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryRunEventBus } from '../../src/adapters/events/in-memory-run-event-bus.ts';
import { RedisRunEventBus } from '../../src/adapters/redis/redis-run-event-bus.ts';
import type { RunEventBus } from '../../src/ports/run-event-bus.ts';
import { freshRedisPrefix, testRedisUrl } from '../support/test-redis.ts';
import { waitFor } from '../support/wait-for.ts';

const buses = {
  'in memory': async (): Promise<RunEventBus> => new InMemoryRunEventBus(),
  redis: async (): Promise<RunEventBus> => RedisRunEventBus.create({ url: testRedisUrl, prefix: freshRedisPrefix() }),
};

/** Counts the signals a listener gets. */
function counter(): { listener: () => void; count: () => number } {
  let count = 0;
  return { listener: () => void count++, count: () => count };
}

/**
 * Publishes a signal for a run nobody else listens to and waits for it: signals from one publisher arrive
 * in order, so whatever was published before has arrived by then.
 */
async function flush(publisher: RunEventBus, listener: RunEventBus = publisher): Promise<void> {
  const marker = counter();
  const unsubscribe = listener.subscribe('flush-marker', marker.listener);
  await publisher.publish('flush-marker');
  await waitFor(() => marker.count() > 0);
  unsubscribe();
}

/** The run event bus contract: every implementation passes the same cases. */
describe.each(Object.keys(buses) as (keyof typeof buses)[])('run event bus %s', (name) => {
  let bus: RunEventBus;
  beforeEach(async () => {
    bus = await buses[name]();
  });
  afterEach(async () => bus.close());

  it('signals the subscribers of a run and no one else', async () => {
    const mine = counter();
    const other = counter();
    bus.subscribe('run-a', mine.listener);
    bus.subscribe('run-b', other.listener);
    await bus.publish('run-a');
    await flush(bus);
    expect(mine.count()).toBe(1);
    expect(other.count()).toBe(0);
  });

  it('stops signalling after unsubscribing', async () => {
    const listener = counter();
    const unsubscribe = bus.subscribe('run-a', listener.listener);
    await bus.publish('run-a');
    await flush(bus);
    unsubscribe();
    await bus.publish('run-a');
    await flush(bus);
    expect(listener.count()).toBe(1);
  });

  it('signals every subscriber of a run', async () => {
    const listeners = [counter(), counter(), counter()];
    for (const { listener } of listeners) bus.subscribe('run-a', listener);
    await bus.publish('run-a');
    await bus.publish('run-a');
    await flush(bus);
    expect(listeners.map(({ count }) => count())).toEqual([2, 2, 2]);
  });

  it('keeps signalling the others when one listener throws', async () => {
    const after = counter();
    bus.subscribe('run-a', () => {
      throw new Error('listener failed');
    });
    bus.subscribe('run-a', after.listener);
    await bus.publish('run-a');
    await flush(bus);
    expect(after.count()).toBe(1);
  });
});

describe('run event bus redis, across processes', () => {
  const opened: RunEventBus[] = [];
  async function open(prefix: string): Promise<RunEventBus> {
    const bus = await RedisRunEventBus.create({ url: testRedisUrl, prefix });
    opened.push(bus);
    return bus;
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((bus) => bus.close()));
  });

  it('reaches subscribers of every instance with the same prefix, and of no other', async () => {
    const prefix = freshRedisPrefix();
    const publisher = await open(prefix);
    const sameService = await open(prefix);
    const otherService = await open(freshRedisPrefix());
    const near = counter();
    const far = counter();
    sameService.subscribe('run-a', near.listener);
    otherService.subscribe('run-a', far.listener);

    await publisher.publish('run-a');
    await flush(publisher, sameService);
    // Redis answers commands in order, so this marker reaches the other service after anything published before.
    await flush(otherService);
    expect(near.count()).toBe(1);
    expect(far.count()).toBe(0);
  });
});
