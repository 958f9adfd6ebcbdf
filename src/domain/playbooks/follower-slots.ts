import { AppError } from '../errors.ts';

/** How many followers of playbook runs this process serves at once. */
export interface FollowerLimits {
  perRun: number;
  perAccount: number;
  perProcess: number;
}

/** A place taken by one follower, given back once when the follower leaves. */
export interface FollowerSlot {
  release(): void;
}

/** How long a refused follower is asked to wait: places free up as followers leave or runs end. */
const retryAfterSeconds = 5;

/**
 * Places for the followers of playbook runs in this process. A follower holds a connection and polls the
 * database for as long as its run goes on, so their number is capped per run, per account and in all.
 * Over a cap: 503 `overloaded` with Retry-After, naming the cap.
 */
export class FollowerSlots {
  readonly #limits: FollowerLimits;
  readonly #byRun = new Map<string, number>();
  readonly #byAccount = new Map<string, number>();
  #total = 0;

  constructor(limits: FollowerLimits) {
    this.#limits = limits;
  }

  /** How many places are taken now, in all. */
  get taken(): number {
    return this.#total;
  }

  /** A place for a follower of `runId` on behalf of `accountId`, or 503 `overloaded` when a cap is reached. */
  take(runId: string, accountId: string): FollowerSlot {
    const full = this.#fullScope(runId, accountId);
    if (full !== undefined) {
      const max = full === 'run' ? this.#limits.perRun : full === 'account' ? this.#limits.perAccount : this.#limits.perProcess;
      throw new AppError('overloaded', `Too many event streams are open (at most ${max} per ${full}): close one, or poll GET /api/playbooks/runs/{id} instead`, { limit: { scope: full, max } }, { retryAfterSeconds });
    }
    change(this.#byRun, runId, 1);
    change(this.#byAccount, accountId, 1);
    this.#total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        change(this.#byRun, runId, -1);
        change(this.#byAccount, accountId, -1);
        this.#total -= 1;
      },
    };
  }

  #fullScope(runId: string, accountId: string): 'run' | 'account' | 'process' | undefined {
    if ((this.#byRun.get(runId) ?? 0) >= this.#limits.perRun) return 'run';
    if ((this.#byAccount.get(accountId) ?? 0) >= this.#limits.perAccount) return 'account';
    if (this.#total >= this.#limits.perProcess) return 'process';
    return undefined;
  }
}

/** Adds to a count, forgetting keys that reach zero so the maps hold only what is open. */
function change(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
