import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { RollingWindowLimiter, WindowResult } from '../../../ports/rolling-window-limiter.ts';
import type { DatabaseSchema } from '../database-schema.ts';

type Hit = [id: string, at: number];

/** Writers that lose a compare-and-swap retry; this bounds how long one request keeps trying. */
const maxAttempts = 200;

/**
 * A sliding log per key in one row, changed by compare-and-swap on a version number: read the hits, decide,
 * write only if nobody wrote in between, otherwise read again. The same statements on SQLite and PostgreSQL,
 * and exact under concurrency.
 */
export class SqlRollingWindow implements RollingWindowLimiter {
  readonly #db: Kysely<DatabaseSchema>;

  constructor(db: Kysely<DatabaseSchema>) {
    this.#db = db;
  }

  async tryHit(key: string, limit: number, windowMs: number, now: number): Promise<WindowResult> {
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const row = await this.#db.selectFrom('rate_windows').select(['hits', 'version']).where('key', '=', key).executeTakeFirst();
      const hits = live(row?.hits, windowMs, now);
      if (hits.length >= limit) return { accepted: false, count: hits.length, oldestExpiresAt: oldestExpiry(hits, windowMs), hitId: null };

      const hitId = randomUUID();
      const next = [...hits, [hitId, now] as Hit];
      const expiresAt = new Date(now + windowMs).toISOString();
      if (await this.#write(key, next, row?.version, expiresAt)) {
        return { accepted: true, count: next.length, oldestExpiresAt: oldestExpiry(next, windowMs), hitId };
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20, attempt + 1)));
    }
    throw new Error(`rate window ${key} stayed contended for ${maxAttempts} attempts`);
  }

  async removeHit(key: string, hitId: string): Promise<void> {
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const row = await this.#db.selectFrom('rate_windows').select(['hits', 'version', 'expires_at']).where('key', '=', key).executeTakeFirst();
      if (!row) return;
      const hits = (JSON.parse(row.hits) as Hit[]).filter(([id]) => id !== hitId);
      if (await this.#write(key, hits, row.version, row.expires_at)) return;
    }
  }

  async count(key: string, windowMs: number, now: number): Promise<number> {
    const row = await this.#db.selectFrom('rate_windows').select('hits').where('key', '=', key).executeTakeFirst();
    return live(row?.hits, windowMs, now).length;
  }

  /** Writes the hits if the row is still at `version` (or, for a new key, still absent). */
  async #write(key: string, hits: Hit[], version: number | undefined, expiresAt: string): Promise<boolean> {
    if (version === undefined) {
      const inserted = await this.#db
        .insertInto('rate_windows')
        .values({ key, hits: JSON.stringify(hits), version: 1, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const updated = await this.#db
      .updateTable('rate_windows')
      .set({ hits: JSON.stringify(hits), version: version + 1, expires_at: expiresAt })
      .where('key', '=', key)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** Housekeeping: windows with no hit left in them. */
  async purgeExpired(now: Date): Promise<number> {
    const result = await this.#db.deleteFrom('rate_windows').where('expires_at', '<', now.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function live(json: string | undefined, windowMs: number, now: number): Hit[] {
  if (!json) return [];
  return (JSON.parse(json) as Hit[]).filter(([, at]) => at > now - windowMs).sort((left, right) => left[1] - right[1]);
}

function oldestExpiry(hits: Hit[], windowMs: number): number | null {
  const oldest = hits[0];
  return oldest ? oldest[1] + windowMs : null;
}
