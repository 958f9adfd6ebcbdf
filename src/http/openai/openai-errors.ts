import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../../domain/errors.ts';
import { answerUnrouted, asAppError } from '../errors/error-handler.ts';
import { recordRouteMethods } from '../route-methods.ts';
import { statusByCode } from '../errors/status-by-code.ts';

/** An error only the OpenAI-compatible surface answers with (an unknown model, a parameter it does not support). */
export class OpenAiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param: string | null;

  constructor(status: number, message: string, options: { type?: string; code: string; param?: string | null }) {
    super(message);
    this.name = 'OpenAiError';
    this.status = status;
    this.type = options.type ?? 'invalid_request_error';
    this.code = options.code;
    this.param = options.param ?? null;
  }
}

/** A parameter of OpenAI's API this surface does not offer: 400 on that parameter. */
export function unsupportedParameter(param: string, message: string): OpenAiError {
  return new OpenAiError(400, message, { code: 'unsupported_parameter', param });
}

/** OpenAI's `model_not_found`: 404, so the SDKs raise NotFoundError. */
export function modelNotFound(model: string): OpenAiError {
  return new OpenAiError(404, `The model "${model}" does not exist: GET /v1/models lists the agents, the registry's models and "auto"`, { code: 'model_not_found', param: 'model' });
}

/** OpenAI's error object: `{ error: { message, type, param, code } }`, with what the service adds about the failure. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string } & Record<string, unknown>;
}

/** The codes OpenAI's clients know, where the service has its own name for the same thing. */
const openAiCodes: Partial<Record<ErrorCode, string>> = { unauthorized: 'invalid_api_key', quota_exceeded: 'rate_limit_exceeded' };

/** Details of a service error worth a program's while, kept inside OpenAI's error object. */
const keptDetails = ['allowed', 'issues', 'runId', 'layer', 'categories', 'findings', 'usage', 'resetAt', 'reason', 'replacement', 'preview', 'limitBytes', 'limitCharacters'];

function typeOf(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** A service error in OpenAI's shape, with its status: the same status `/api` answers with. */
export function openAiError(error: AppError | OpenAiError): { status: number; body: OpenAiErrorBody } {
  if (error instanceof OpenAiError) return { status: error.status, body: { error: { message: error.message, type: error.type, param: error.param, code: error.code } } };
  const status = statusByCode[error.code];
  const issues = error.details.issues as { path: string }[] | undefined;
  const details = Object.fromEntries(keptDetails.filter((name) => error.details[name] !== undefined).map((name) => [name, error.details[name]]));
  return {
    status,
    body: { error: { message: error.message, type: typeOf(status), param: issues?.[0]?.path || null, code: openAiCodes[error.code] ?? error.code, ...details } },
  };
}

/** Any thrown value as the error this surface answers with: its own, or the service's (logged as `/api` logs it). */
export function asOpenAiError(request: FastifyRequest, error: unknown, bodyLimitBytes: number): AppError | OpenAiError {
  return error instanceof OpenAiError ? error : asAppError(request, error, bodyLimitBytes);
}

export function sendOpenAiError(reply: FastifyReply, error: AppError | OpenAiError): FastifyReply {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
    if (error.code === 'unauthorized') reply.header('WWW-Authenticate', 'Bearer');
  }
  const { status, body } = openAiError(error);
  return reply.code(status).send(body);
}

/** Errors and unknown paths of the scope (the `/v1` prefix) answered in OpenAI's shape; the rest of the service keeps its own. */
export function installOpenAiErrors(scope: FastifyInstance, options: { bodyLimitBytes: number }): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => sendOpenAiError(reply, asOpenAiError(request, error, options.bodyLimitBytes)));
  // Recorded before the scope's routes are registered: the methods of this surface's own paths.
  const routeMethods = recordRouteMethods(scope);
  scope.setNotFoundHandler((request, reply) => answerUnrouted(request, reply, routeMethods, (error) => sendOpenAiError(reply, error)));
}
