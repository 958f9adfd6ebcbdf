import { describe, expect, it } from 'vitest';
import { dispatcher, enqueue, start, stored, useDispatcherWorld } from '../../../test/support/webhook-dispatcher-world.ts';

/**
 * How the dispatcher shares the outbox with other processes: the claim it takes on a message before sending it,
 * what happens when a claim expires or two processes deliver at once, and the lease it insists on.
 * On a real SQLite database, against a receiver scripted answer by answer.
 */
const world = useDispatcherWorld();

describe('deliverDue', () => {
  it('does not send a message another process holds, until its claim expires', async () => {
    const sender = dispatcher();
    const delivery = await enqueue(sender);
    const held = await world.deliveries.claimDue({ now: start.toISOString(), owner: 'another-process', leaseExpiresAt: new Date(start.getTime() + 30_000).toISOString(), limit: 10 });
    expect(held).toHaveLength(1);

    expect(await sender.deliverDue()).toBe(0);
    expect(world.sent).toEqual([]);
    expect(await stored(delivery.id)).toMatchObject({ leaseOwner: 'another-process', attempts: [] });

    world.now = new Date(start.getTime() + 30_001);
    expect(await sender.deliverDue()).toBe(1);
    expect(world.sent).toHaveLength(1);
    expect(await stored(delivery.id)).toMatchObject({ status: 'delivered', attempts: [{ attempt: 1 }] });
    // The process that lost its claim cannot record over the attempt that was made.
    expect(await world.deliveries.recordAttempt(delivery.id, 'another-process', { attempt: 1, at: start.toISOString(), status: 500, error: 'http_500', durationMs: 1, outcome: 'retry' }, world.now.toISOString())).toBe(false);
  });

  it('sends each message once when two processes deliver at the same moment', async () => {
    const first = dispatcher({ owner: 'process-1' });
    const second = dispatcher({ owner: 'process-2' });
    const ids = [];
    for (let index = 0; index < 4; index += 1) ids.push((await enqueue(first)).id);
    const counts = await Promise.all([first.deliverDue(), second.deliverDue()]);
    expect(counts[0] + counts[1]).toBe(4);
    expect(world.sent.map((request) => request.headers?.['webhook-id']).toSorted()).toEqual(ids.toSorted());
  });

  it('claims no more than the limit, oldest due first', async () => {
    const sender = dispatcher();
    const ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await enqueue(sender)).id);
      world.now = new Date(world.now.getTime() + 1000);
    }
    expect(await sender.deliverDue(2)).toBe(2);
    expect(world.sent.map((request) => request.headers?.['webhook-id'])).toEqual(ids.slice(0, 2));
  });

  it('records the other attempts and then throws when one fails unexpectedly', async () => {
    const sender = dispatcher();
    const broken = await enqueue(sender);
    world.now = new Date(world.now.getTime() + 1000);
    const fine = await enqueue(sender);
    world.answers = [new TypeError('a bug'), 200];
    await expect(sender.deliverDue()).rejects.toThrow('a bug');
    expect(await stored(fine.id)).toMatchObject({ status: 'delivered' });
    // Left claimed: it is sent again once the claim expires.
    expect(await stored(broken.id)).toMatchObject({ status: 'pending', leaseOwner: 'this-process', attempts: [] });
  });
});

it('refuses a lease that does not outlast an attempt', () => {
  expect(() => dispatcher({ leaseMs: 10_000, timeoutMs: 10_000 })).toThrow(/lease/);
});
