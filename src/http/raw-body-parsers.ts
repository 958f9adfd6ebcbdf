import type { FastifyInstance } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { parseFormBody } from './form-body.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, on routes that verify a signature over it. */
    rawBody?: string;
  }
}

/** Drops `__proto__` and `constructor` keys, as Fastify's own JSON parser refuses them. */
function withoutPrototypeKeys(key: string, value: unknown): unknown {
  return key === '__proto__' || key === 'constructor' ? undefined : value;
}

/**
 * For the routes registered in `scope` (an encapsulated plugin): JSON and form-encoded bodies, each kept as
 * received in `request.rawBody` for signature checks. Form keys named in `booleanKeys` are read as booleans.
 */
export function acceptJsonAndFormKeepingRawBody(scope: FastifyInstance, options: { booleanKeys: readonly string[] }): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    if (text.trim() === '') {
      done(new AppError('invalid_json', 'Request body is empty but Content-Type is application/json'), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text, withoutPrototypeKeys));
    } catch {
      done(new AppError('invalid_json', 'Request body is not valid JSON'), undefined);
    }
  });
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    done(null, parseFormBody(text, options.booleanKeys));
  });
}
