import { invalidRequest } from './errors.ts';

/** Where a page ends in a list ordered newest first by creation time, then id. */
export interface PagePosition {
  createdAt: string;
  id: string;
}

/** An opaque page marker: the last listed item's creation time and id, base64url-encoded. */
export function encodePageCursor(position: PagePosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

export function decodePageCursor(cursor: string): PagePosition {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt))) return { createdAt, id };
  } catch {
    // Falls through to the 400 below.
  }
  throw invalidRequest([{ path: 'cursor', message: 'Not a cursor this API returned; pass nextCursor from the previous page' }]);
}

/**
 * One page from `limit + 1` items read after the cursor: the first `limit`, and the cursor of the next
 * page when the extra item shows there is one.
 */
export function toPage<Item extends PagePosition>(items: readonly Item[], limit: number): { items: Item[]; nextCursor: string | null } {
  const shown = items.slice(0, limit);
  const last = shown.at(-1);
  return { items: shown, nextCursor: items.length > limit && last ? encodePageCursor(last) : null };
}
