import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { HttpOptions } from '../http-services.ts';

/** Admin routes exist only when ADMIN_TOKEN is set, and answer only to that bearer token. */
export function requireAdmin(options: HttpOptions) {
  const expected = options.adminToken ? digest(options.adminToken) : undefined;
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!expected) throw new AppError('not_found', 'The admin API is not enabled: set ADMIN_TOKEN to enable it');
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    // Comparing digests keeps the comparison constant-time whatever the presented token's length.
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new AppError('unauthorized', 'Admin routes need Authorization: Bearer <ADMIN_TOKEN>');
    }
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
