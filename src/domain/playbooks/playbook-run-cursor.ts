import type { RunCursor } from '../../ports/playbook-run-repository.ts';
import { invalidRequest } from '../errors.ts';

/** An opaque page marker: the last listed run's creation time and id, base64url-encoded. */
export function encodeRunCursor(run: RunCursor): string {
  return Buffer.from(JSON.stringify([run.createdAt, run.id])).toString('base64url');
}

export function decodeRunCursor(cursor: string): RunCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt))) return { createdAt, id };
  } catch {
    // Falls through to the 400 below.
  }
  throw invalidRequest([{ path: 'cursor', message: 'Not a cursor this API returned; pass nextCursor from the previous page' }]);
}
