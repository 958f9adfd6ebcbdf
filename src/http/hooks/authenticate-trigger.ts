import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { signatureHeaderNames } from '../../domain/webhooks/signed-trigger-verifier.ts';
import type { HttpServices } from '../http-services.ts';
import { requireAccount, requireDatabase } from './require-account.ts';

/**
 * Inbound triggers: an API key (or JWT) bearer, or — without an Authorization header — a Standard Webhooks
 * signature over the raw body by the account named in `?account=`. Sets request.account or answers 401.
 */
export function authenticateTrigger(services: HttpServices) {
  const bearer = requireAccount(services);
  const databaseReady = requireDatabase(services);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const signed = signatureHeaderNames.some((name) => request.headers[name] !== undefined);
    if (request.headers.authorization !== undefined) {
      await bearer(request, reply);
      return;
    }
    if (!signed) {
      throw new AppError('unauthorized', 'Send Authorization: Bearer <API key>, or sign the request with your webhook secret (webhook-id, webhook-timestamp, webhook-signature) and add ?account=<account id>');
    }
    await databaseReady(request, reply);
    const query = request.query as Record<string, unknown>;
    const headers = Object.fromEntries(signatureHeaderNames.map((name) => [name, singleHeader(request.headers[name])]));
    request.account = await services.triggerVerifier.verify(typeof query.account === 'string' ? query.account : undefined, request.rawBody ?? '', headers);
  };
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(' ') : value;
}
