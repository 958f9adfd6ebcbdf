import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors.ts';
import { signatureHeaderNames } from '../../domain/webhooks/signed-trigger-verifier.ts';
import type { HttpServices } from '../http-services.ts';
import { requireAccount, requireDatabase } from './require-account.ts';

/**
 * Inbound triggers, first step (onRequest, headers only): an API key (or JWT) bearer is verified here and
 * sets request.account; a request without one must carry the Standard Webhooks headers, whose signature
 * `verifyTriggerSignature` checks once the body is in. Anything else is 401 before the body is read.
 */
export function authenticateTrigger(services: HttpServices) {
  const bearer = requireAccount(services);
  const databaseReady = requireDatabase(services);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.headers.authorization !== undefined) {
      await bearer(request, reply);
      return;
    }
    if (!signatureHeaderNames.some((name) => request.headers[name] !== undefined)) {
      throw new AppError('unauthorized', 'Send Authorization: Bearer <API key>, or sign the request with your webhook secret (webhook-id, webhook-timestamp, webhook-signature) and add ?account=<account id>');
    }
    await databaseReady(request, reply);
  };
}

/**
 * Inbound triggers, second step (preValidation, before the body is parsed): a request without a bearer is
 * authenticated by the signature of the account named in `?account=` over the raw body.
 */
export function verifyTriggerSignature(services: HttpServices) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.account) return;
    const query = request.query as Record<string, unknown>;
    const headers = Object.fromEntries(signatureHeaderNames.map((name) => [name, singleHeader(request.headers[name])]));
    request.account = await services.triggerVerifier.verify(typeof query.account === 'string' ? query.account : undefined, request.rawBody?.text ?? '', headers);
  };
}

function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(' ') : value;
}
