import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors.ts';
import { parseFormBody } from './form-body.ts';
import { checkJsonLimits } from './json-body-limits.ts';

/** A body as received, and how to read it. */
export interface KeptBody {
  text: string;
  format: 'json' | 'form';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (bounded by the body limit), on routes that verify a signature over it. */
    rawBody?: KeptBody;
  }
}

/** Drops `__proto__` and `constructor` keys, as Fastify's own JSON parser refuses them. */
function withoutPrototypeKeys(key: string, value: unknown): unknown {
  return key === '__proto__' || key === 'constructor' ? undefined : value;
}

/**
 * For the routes registered in `scope` (an encapsulated plugin): JSON and form-encoded bodies are read as
 * text into `request.rawBody` and not parsed, so that a signature can be checked over the exact bytes
 * first. `parseKeptBody` turns them into `request.body` once the caller is known.
 */
export function keepJsonAndFormBodies(scope: FastifyInstance): void {
  scope.removeContentTypeParser('application/json');
  const formats = { 'application/json': 'json', 'application/x-www-form-urlencoded': 'form' } as const;
  for (const [mediaType, format] of Object.entries(formats)) {
    scope.addContentTypeParser(mediaType, { parseAs: 'string' }, (request, body, done) => {
      request.rawBody = { text: String(body), format };
      done(null, undefined);
    });
  }
}

/**
 * A hook (preValidation, after authentication) that parses the kept body into `request.body`: JSON within
 * the JSON limits, or a form, whose keys named in `booleanKeys` are read as booleans.
 */
export function parseKeptBody(options: { booleanKeys: readonly string[] }) {
  return async (request: FastifyRequest): Promise<void> => {
    const kept = request.rawBody;
    if (kept === undefined) return;
    request.body = kept.format === 'json' ? parseJsonText(kept.text) : parseFormBody(kept.text, options.booleanKeys);
  };
}

function parseJsonText(text: string): unknown {
  if (text.trim() === '') throw new AppError('invalid_json', 'Request body is empty but Content-Type is application/json');
  checkJsonLimits(text);
  try {
    return JSON.parse(text, withoutPrototypeKeys);
  } catch {
    throw new AppError('invalid_json', 'Request body is not valid JSON');
  }
}
