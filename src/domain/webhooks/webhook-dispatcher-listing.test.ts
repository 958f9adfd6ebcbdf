import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { dispatcher, enqueue, useDispatcherWorld } from '../../../test/support/webhook-dispatcher-world.ts';

/** How the dispatcher lists an account's messages, on a real SQLite database. */
const world = useDispatcherWorld();

describe('list', () => {
  it('pages the account’s messages newest first with an opaque cursor', async () => {
    const sender = dispatcher();
    const ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await enqueue(sender)).id);
      world.now = new Date(world.now.getTime() + 1000);
    }
    await enqueue(sender, 'account-2');

    const first = await sender.list('account-1', { limit: 2 });
    expect(first.deliveries.map((delivery) => delivery.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await sender.list('account-1', { limit: 2, cursor: first.nextCursor as string });
    expect(second.deliveries.map((delivery) => delivery.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    expect((await sender.list('account-1', { limit: 3 })).nextCursor).toBeNull();
  });

  it('refuses a cursor it did not make', async () => {
    await expect(dispatcher().list('account-1', { limit: 2, cursor: 'not-a-cursor' })).rejects.toSatisfy((error) => error instanceof AppError && error.code === 'invalid_request');
  });
});
