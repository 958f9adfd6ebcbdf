import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, invalidRequest, type ValidationIssue } from '../../domain/errors.ts';
import { requestIssues } from '../request-issues.ts';
import { recordRouteMethods, type RouteMethods } from '../route-methods.ts';
import { statusByCode } from './status-by-code.ts';

/** Framework errors that are the client's doing, by Fastify error code. */
const frameworkErrors: Record<string, (error: FastifyError, limitBytes: number) => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, limitBytes) =>
    new AppError('payload_too_large', `Request body is larger than the limit of ${limitBytes} bytes`, { limitBytes }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError('unsupported_media_type', 'Unsupported Content-Type: send the body as application/json (the webhook trigger also takes application/x-www-form-urlencoded)'),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new AppError('invalid_json', 'Request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new AppError('invalid_json', 'Request body is empty but Content-Type is application/json'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => invalidRequest([{ path: '', message: 'Content-Length does not match the body' }]),
};

export function installErrorHandlers(app: FastifyInstance, options: { bodyLimitBytes: number }): void {
  // A 5xx that carries a cause is a failure on our side: its stack goes to the log, never to the response.
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, asAppError(request, error, options.bodyLimitBytes)));

  const routeMethods = recordRouteMethods(app);
  app.setNotFoundHandler((request, reply) => answerUnrouted(request, reply, routeMethods, (error) => sendError(request, reply, error)));
}

/**
 * A request no route takes: a path that exists with other methods is 405 `method_not_allowed` with `Allow`
 * (OPTIONS is answered 204 with it), any other path 404 `not_found`.
 */
export function answerUnrouted(request: FastifyRequest, reply: FastifyReply, routeMethods: RouteMethods, send: (error: AppError) => FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  const routed = routeMethods.allowedFor(path);
  if (routed.length === 0) return send(new AppError('not_found', `No route for ${request.method} ${path}`));
  const allowed = [...routed, 'OPTIONS'];
  reply.header('Allow', allowed.join(', '));
  if (request.method === 'OPTIONS') return reply.code(204).send();
  return send(new AppError('method_not_allowed', `${request.method} is not allowed on ${path}; it allows ${allowed.join(', ')}`, { allowed }));
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
  if (error.code === 'unauthorized') reply.header('WWW-Authenticate', 'Bearer');
  // A 405 names the methods that are allowed (answerUnrouted sets its own, with OPTIONS).
  const { allowed } = error.details;
  if (error.code === 'method_not_allowed' && Array.isArray(allowed) && !reply.hasHeader('Allow')) reply.header('Allow', allowed.join(', '));
  return reply.code(statusByCode[error.code]).send(errorBody(request, error));
}

/** The error body every failure has, for a response or a stream's error event. */
export function errorBody(request: FastifyRequest, error: AppError): Record<string, unknown> {
  return { success: false, error: error.message, code: error.code, requestId: request.id, ...error.details };
}

/**
 * Any thrown value as the AppError it should be shown as: expected failures keep their code, anything
 * else is logged with its stack and shown as `internal`.
 */
export function asAppError(request: FastifyRequest, error: unknown, bodyLimitBytes = 0): AppError {
  const appError = error instanceof Error ? toAppError(request, error as FastifyError, bodyLimitBytes) : undefined;
  if (appError) {
    if (statusByCode[appError.code] >= 500 && appError.cause) request.log.error({ err: appError.cause, code: appError.code }, appError.message);
    return appError;
  }
  request.log.error({ err: error }, 'unhandled error');
  return new AppError('internal', 'Internal server error');
}

function toAppError(request: FastifyRequest, error: FastifyError, bodyLimitBytes: number): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error.validation) return invalidRequest(everyIssue(request, error));
  const mapped = error.code ? frameworkErrors[error.code] : undefined;
  if (mapped) return mapped(error, bodyLimitBytes);
  if (error.statusCode === 404) return new AppError('not_found', error.message);
  if (error.statusCode === 405) return new AppError('method_not_allowed', error.message);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return invalidRequest([{ path: '', message: error.message }]);
  }
  return undefined;
}

/** Every issue of every part of the request, when its route's schemas say; otherwise those Fastify reported. */
function everyIssue(request: FastifyRequest, error: FastifyError): ValidationIssue[] {
  const issues = requestIssues(request);
  return issues.length > 0 ? issues : validationIssues(error);
}

function validationIssues(error: FastifyError): ValidationIssue[] {
  const context = error.validationContext && error.validationContext !== 'body' ? error.validationContext : '';
  return (error.validation ?? []).map((entry) => {
    const path = [context, ...entry.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');
    const message = entry.instancePath === '' && context === '' && /received undefined/.test(entry.message ?? '')
      ? 'Request body is missing: send a JSON object'
      : (entry.message ?? 'is invalid');
    return { path, message };
  });
}
