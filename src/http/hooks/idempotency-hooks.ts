import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { invalidRequest } from '../../domain/errors.ts';
import { requestFingerprint, validIdempotencyKey, type IdempotencyService } from '../../domain/idempotency/idempotency-service.ts';

/** How a route takes part in Idempotency-Key handling; routes without it ignore the header. */
export interface IdempotencyRouteConfig {
  /** The key for this request, or undefined when it has none. Default: the Idempotency-Key header. */
  keyOf?: (request: FastifyRequest) => string | undefined;
  /** Requests the key does not apply to (e.g. streamed responses, which cannot be replayed). */
  skip?: (request: FastifyRequest) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyRouteConfig;
  }
  interface FastifyRequest {
    /** The key this request holds until its response is stored or the key released. */
    idempotencyClaim?: { accountId: string; key: string };
  }
}

/** The request header, for the OpenAPI description of the routes that honour it. Loose: other headers stay. */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .refine(validIdempotencyKey, 'must be 1 to 255 printable ASCII characters')
    .optional()
    .describe('Makes the request safe to retry: its first response is kept for 24 hours and replayed, with Idempotent-Replayed: true, to a retry with the same key and body. 1–255 printable ASCII characters.'),
});

/** The response headers a replay repeats; the rest (request id, limits, timing) are the replay's own. */
const replayedHeaders = ['content-type', 'location', 'x-agent', 'x-model'] as const;

/**
 * Idempotency-Key on every route whose config has `idempotency`. Runs after authentication and body
 * validation: a request with a key either claims it and proceeds, or is answered at once with the stored
 * response (409 while the first is running, 422 when the key was used for another request). When the
 * response is ready it is stored if it is one to replay — a success or the request's own 4xx — and the key
 * is released otherwise (5xx, 409, 429, a stream), so that a retry runs again.
 */
export function installIdempotency(app: FastifyInstance, idempotency: IdempotencyService): void {
  app.addHook('preHandler', async (request, reply) => {
    const config = request.routeOptions.config.idempotency;
    const accountId = request.account?.account.id;
    if (!config || !accountId || config.skip?.(request)) return;
    const key = (config.keyOf ?? headerKey)(request);
    if (key === undefined) return;
    if (!validIdempotencyKey(key)) {
      throw invalidRequest([{ path: 'headers.idempotency-key', message: 'must be 1 to 255 printable ASCII characters' }]);
    }
    const fingerprint = requestFingerprint({ method: request.method, path: request.routeOptions.url ?? request.url, params: request.params, body: request.body });
    const decision = await idempotency.begin(accountId, key, fingerprint);
    if (decision.kind === 'proceed') {
      request.idempotencyClaim = { accountId, key };
      return;
    }
    const { response } = decision;
    return reply.code(response.statusCode).headers(response.headers).header('Idempotent-Replayed', 'true').send(response.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    try {
      if (body !== undefined && replayable(reply.statusCode)) {
        await idempotency.complete(claim.accountId, claim.key, { statusCode: reply.statusCode, headers: headersToReplay(reply), body });
      } else {
        await idempotency.release(claim.accountId, claim.key);
      }
    } catch (error) {
      request.log.warn({ err: error, idempotencyKey: claim.key }, 'could not record the idempotency key’s outcome');
    }
    return payload;
  });

  // A response that never reached onSend (the connection broke first) must not hold its key until the timeout.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = undefined;
    await idempotency.release(claim.accountId, claim.key).catch((error: unknown) => request.log.warn({ err: error, idempotencyKey: claim.key }, 'could not release the idempotency key'));
  });
}

function headerKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Successes, and refusals that answer this exact request (400, 404, 422, …). Not 409 and 429, which say
 * "not now", nor 5xx: the same request may succeed when retried.
 */
function replayable(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && status !== 409 && status !== 429;
}

function headersToReplay(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of replayedHeaders) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}
