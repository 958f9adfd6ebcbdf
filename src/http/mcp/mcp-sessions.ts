import { AppError } from '../../domain/errors.ts';

/** What a session holds open: closed when the session ends, whatever ended it. */
export interface ClosableSession {
  close(): Promise<void>;
}

export interface McpSessionLimits {
  /** Sessions this process keeps in all. */
  perProcess: number;
  /** Sessions one account keeps. */
  perAccount: number;
  /** A session with no request in progress for this long is closed. */
  idleMs: number;
}

interface Entry<Session extends ClosableSession> {
  session: Session;
  accountId: string;
  /** Requests of the session in progress now (calls, open streams): a busy session is never idle. */
  active: number;
  /** When its last request ended (or it opened), on the monotonic clock. */
  lastActiveAt: number;
}

/** How many ended session ids a process remembers (about 0.7 MB). */
const endedKept = 10_000;

/** How long a client refused for want of a session place is asked to wait. */
const retryAfterSeconds = 5;

/**
 * The MCP sessions of this process, each bound to the account that opened it. Bounded in all and per
 * account, and an abandoned session (no request in progress for `idleMs`) is closed: by a sweep before each
 * new session, and by `sweep()` on a timer, so a client that vanished without DELETE costs nothing for long.
 */
export class McpSessions<Session extends ClosableSession> {
  readonly #entries = new Map<string, Entry<Session>>();
  /** Ids of sessions this process ended (the newest endedKept), still not found here after their end. */
  readonly #ended = new Set<string>();
  readonly #limits: McpSessionLimits;
  readonly #now: () => number;

  constructor(limits: McpSessionLimits, now: () => number = () => performance.now()) {
    this.#limits = limits;
    this.#now = now;
  }

  /** Sessions kept now. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * Keeps a new session for the account, after closing the idle ones; 503 `overloaded` with `limit` when
   * the process or the account already holds as many as it may.
   */
  async open(sessionId: string, accountId: string, session: Session): Promise<void> {
    await this.sweep();
    if (this.#entries.size >= this.#limits.perProcess) throw overloaded('process', this.#limits.perProcess);
    let ofAccount = 0;
    for (const entry of this.#entries.values()) if (entry.accountId === accountId) ofAccount += 1;
    if (ofAccount >= this.#limits.perAccount) throw overloaded('account', this.#limits.perAccount);
    this.#entries.set(sessionId, { session, accountId, active: 0, lastActiveAt: this.#now() });
  }

  /** The account's session by id; another account's session is not found, like one that never was. */
  find(sessionId: string, accountId: string): Session | undefined {
    const entry = this.#entries.get(sessionId);
    return entry && entry.accountId === accountId ? entry.session : undefined;
  }

  /** Marks a request of the session as begun; the returned function marks it ended (once). */
  begin(sessionId: string): () => void {
    const entry = this.#entries.get(sessionId);
    if (!entry) return () => undefined;
    entry.active += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      entry.active -= 1;
      entry.lastActiveAt = this.#now();
    };
  }

  /** Forgets a session that ended on its own (the client's DELETE, or its transport closed). */
  forget(sessionId: string): void {
    if (this.#entries.delete(sessionId)) this.#remember(sessionId);
  }

  /** Whether this process held the session and it ended (DELETE, idle, closed), as far back as it remembers. */
  ended(sessionId: string): boolean {
    return this.#ended.has(sessionId);
  }

  #remember(sessionId: string): void {
    this.#ended.add(sessionId);
    if (this.#ended.size > endedKept) this.#ended.delete(this.#ended.values().next().value as string);
  }

  /** Closes every session idle for `idleMs` or longer. */
  async sweep(): Promise<void> {
    const now = this.#now();
    const idle = [...this.#entries].filter(([, entry]) => entry.active === 0 && now - entry.lastActiveAt >= this.#limits.idleMs);
    await Promise.all(idle.map(([sessionId]) => this.close(sessionId)));
  }

  /** Closes every session: the process is stopping. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#entries.keys()].map((sessionId) => this.close(sessionId)));
  }

  /** Closes one session and forgets it. */
  async close(sessionId: string): Promise<void> {
    const entry = this.#entries.get(sessionId);
    if (!entry) return;
    this.#entries.delete(sessionId);
    this.#remember(sessionId);
    await entry.session.close().catch(() => undefined);
  }
}

function overloaded(scope: 'process' | 'account', max: number): AppError {
  return new AppError(
    'overloaded',
    `Too many MCP sessions open (${scope} limit ${max}): close one (DELETE /mcp with its Mcp-Session-Id) or retry later`,
    { limit: { scope, max } },
    { retryAfterSeconds },
  );
}
