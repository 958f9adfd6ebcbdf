import type { FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseUnavailableError } from '../../domain/database-unavailable.ts';
import { AppError } from '../../domain/errors.ts';
import type { HttpServices } from '../http-services.ts';

/**
 * For every route backed by the database: 503 `not_migrated` until the schema is at the latest migration,
 * 503 `overloaded` while the database cannot be asked.
 */
export function requireDatabase(services: HttpServices) {
  return async (_request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const state = await services.schema.inspect();
    // Not asked at all: the database does not answer, which is an outage rather than a schema behind.
    if (state.error) throw new DatabaseUnavailableError({ cause: new Error(state.error) });
    if (!state.current) {
      const reason = state.error ?? `pending migrations: ${state.pending.join(', ')}; run \`agentapi migrate\``;
      throw new AppError('not_migrated', `The database is not ready: ${reason}`, {}, { retryAfterSeconds: 5 });
    }
  };
}

/**
 * Database check, then the bearer token: sets request.account or answers 401. Headers only, so routes run it
 * as an `onRequest` hook: a caller without a valid token is refused before its body is read.
 */
export function requireAccount(services: HttpServices) {
  const databaseReady = requireDatabase(services);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await databaseReady(request, reply);
    request.account = await services.accounts.authenticate(bearerToken(request.headers.authorization));
  };
}

function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw new AppError('unauthorized', 'Authorization header must be "Bearer <token>"');
  return match[1];
}

/** The account requireAccount set; a route without the hook is a wiring mistake. */
export function accountOf(request: FastifyRequest): NonNullable<FastifyRequest['account']> {
  if (!request.account) throw new Error('requireAccount did not run for this route');
  return request.account;
}
