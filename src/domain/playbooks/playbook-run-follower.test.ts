import { describe, expect, it } from 'vitest';
import { InMemoryRunEventBus } from '../../adapters/events/in-memory-run-event-bus.ts';
import type { PlaybookRunRecord, PlaybookRunRepository } from '../../ports/playbook-run-repository.ts';
import { PlaybookRunFollower } from './playbook-run-follower.ts';

/** A repository that answers findById with the given statuses in turn (the last repeats), counting the reads. */
function runsAnswering(...statuses: PlaybookRunRecord['status'][]) {
  let reads = 0;
  const runs = {
    findById: async (id: string) => {
      const status = statuses[Math.min(reads, statuses.length - 1)];
      reads += 1;
      return { id, status } as PlaybookRunRecord;
    },
  } as unknown as PlaybookRunRepository;
  return { runs, reads: () => reads };
}

/** A clock that reads each value in turn, then stays on the last. */
function clockReading(...readings: number[]): () => number {
  let index = 0;
  return () => readings[Math.min(index++, readings.length - 1)] as number;
}

const limits = { perRun: 2, perAccount: 2, perProcess: 2 };

describe('PlaybookRunFollower.waitForEnd', () => {
  it('returns a finished run at once', async () => {
    const { runs, reads } = runsAnswering('done');
    const follower = new PlaybookRunFollower({ runs, events: new InMemoryRunEventBus(), pollMs: 1, limits, now: clockReading(0) });

    expect(await follower.waitForEnd('pbr_1', 1000)).toMatchObject({ status: 'done' });
    expect(reads()).toBe(1);
  });

  it('looks again until the deadline on its clock, then returns the run as it stands', async () => {
    const { runs, reads } = runsAnswering('running');
    // Read once for the deadline, then once per look: 0 ms, then 400, then 1000, the deadline.
    const follower = new PlaybookRunFollower({ runs, events: new InMemoryRunEventBus(), pollMs: 1, limits, now: clockReading(0, 0, 400, 1000) });

    expect(await follower.waitForEnd('pbr_2', 1000)).toMatchObject({ status: 'running' });
    expect(reads()).toBe(3);
  });
});
