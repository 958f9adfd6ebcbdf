import type { RunRecord, RunRepository } from '../../../ports/run-repository.ts';
import type { KyselyRunRepository } from './run-repository.ts';

interface PendingInsert {
  run: RunRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Rows per statement: well under every database's limit on bound parameters. */
const maxBatch = 200;

/**
 * Group commit for the run log: inserts that arrive in the same turn of the event loop are written in one
 * statement. Each caller still waits for its row to be stored, so nothing is answered before it is durable;
 * under load, one write serves many requests. A batch that fails is retried row by row, so one bad row
 * fails only its own caller.
 */
export class BatchingRunRepository implements RunRepository {
  readonly #inner: KyselyRunRepository;
  #pending: PendingInsert[] = [];
  #scheduled = false;

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

  listByAccount(accountId: string, options: { limit: number }): Promise<RunRecord[]> {
    return this.#inner.listByAccount(accountId, options);
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => void this.#flush());
  }

  async #flush(): Promise<void> {
    this.#scheduled = false;
    const batch = this.#pending.splice(0, maxBatch);
    if (this.#pending.length > 0) this.#schedule();
    try {
      await this.#inner.insertMany(batch.map((entry) => entry.run));
      for (const entry of batch) entry.resolve();
    } catch {
      for (const entry of batch) await this.#inner.insert(entry.run).then(entry.resolve, entry.reject);
    }
  }
}
