import type { RunLogQuery, RunRecord, RunRepository } from '../../../ports/run-repository.ts';
import type { KyselyRunRepository } from './run-repository.ts';

interface PendingInsert {
  run: RunRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Rows per statement: well under every database's limit on bound parameters. */
const maxBatch = 200;

/**
 * Group commit for the run log: inserts are written in batches, at most one batch in flight per process.
 * Inserts that arrive while a batch is being written wait and go into the next one, so under load one write
 * serves many requests, and a process never has several transactions contending for the same rollup rows.
 * Each caller still waits for its row to be stored, so nothing is answered before it is durable. A batch
 * that fails is retried row by row, so one bad row fails only its own caller.
 */
export class BatchingRunRepository implements RunRepository {
  readonly #inner: KyselyRunRepository;
  #pending: PendingInsert[] = [];
  /** A flush is scheduled or a batch is being written: either way, the next batch waits for it. */
  #busy = false;

  constructor(inner: KyselyRunRepository) {
    this.#inner = inner;
  }

  insert(run: RunRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ run, resolve, reject });
      this.#schedule();
    });
  }

  findById(id: string): Promise<RunRecord | undefined> {
    return this.#inner.findById(id);
  }

  listByAccount(accountId: string, query: RunLogQuery): Promise<RunRecord[]> {
    return this.#inner.listByAccount(accountId, query);
  }

  #schedule(): void {
    if (this.#busy || this.#pending.length === 0) return;
    this.#busy = true;
    // The rest of this turn of the event loop joins the batch.
    setImmediate(() => void this.#flush());
  }

  async #flush(): Promise<void> {
    const batch = this.#pending.splice(0, maxBatch);
    try {
      await this.#inner.insertMany(batch.map((entry) => entry.run));
      for (const entry of batch) entry.resolve();
    } catch {
      for (const entry of batch) await this.#inner.insert(entry.run).then(entry.resolve, entry.reject);
    } finally {
      this.#busy = false;
      this.#schedule();
    }
  }
}
