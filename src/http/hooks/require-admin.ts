import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import type { HttpOptions } from '../http-services.ts';

/** Admin routes exist only when ADMIN_TOKEN is set, and answer only to that bearer token. */
export function requireAdmin(options: HttpOptions) {
  const matches = options.adminToken ? bearerTokenMatcher(options.adminToken) : undefined;
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!matches) throw new AppError('not_found', 'The admin API is not enabled: set ADMIN_TOKEN to enable it');
    if (!matches(request.headers.authorization)) {
      throw new AppError('unauthorized', 'Admin routes need Authorization: Bearer <ADMIN_TOKEN>');
    }
  };
}

/** Whether an Authorization header is `Bearer <token>` for this token, compared in constant time. */
export function bearerTokenMatcher(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
    // Comparing digests keeps the comparison constant-time whatever the presented token's length.
    return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
