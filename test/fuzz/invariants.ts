import { asServiceError } from '../support/openai-error-shape.ts';
import type { RouteFacts } from '../support/route-facts.ts';

export interface Answer {
  method: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** How long any answer may take. */
export const answerBudgetMs = 2_000;

function parsed(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error body as the service's envelope: OpenAI's error object (the `/v1` surface) read as one. A request
 * refused before any route is chosen (a path that is not valid percent-encoding) gets the service's envelope
 * on every path, `/v1` included.
 */
function serviceErrorBody(answer: Answer, errors: RouteFacts['errors']): unknown {
  const body = parsed(answer.body);
  if (errors !== 'openai') return body;
  return asServiceError(body, answer.headers['x-request-id']) ?? (isObject(body) && body.success === false ? body : undefined);
}

/** The `code` of an error answer (the service's own on the `/v1` surface too), or '' when it has none. */
export function errorCode(answer: Answer, errors?: RouteFacts['errors']): string {
  const body = serviceErrorBody(answer, errors);
  return isObject(body) && typeof body.code === 'string' ? body.code : '';
}

function contentType(answer: Answer): string {
  return String(answer.headers['content-type'] ?? '');
}

/**
 * The problems with an error answer: JSON, `{ success: false, error, code, requestId }`, the id the header
 * carries; on the `/v1` surface OpenAI's `{ error: { message, type, param, code } }` and the header.
 */
function errorProblems(answer: Answer, errors: RouteFacts['errors']): string[] {
  if (!contentType(answer).startsWith('application/json')) return [`an error answered as ${contentType(answer) || 'no content type'}: ${answer.body.slice(0, 200)}`];
  const body = serviceErrorBody(answer, errors);
  if (!isObject(body)) return [`an error body that is not ${errors === 'openai' ? 'OpenAI’s error object' : 'a JSON object'}: ${answer.body.slice(0, 200)}`];
  const problems: string[] = [];
  if (body.success !== false) problems.push('an error without success: false');
  if (typeof body.error !== 'string' || body.error === '') problems.push('an error without an error message');
  if (typeof body.code !== 'string' || body.code === '') problems.push('an error without a code');
  if (typeof body.requestId !== 'string' || body.requestId !== answer.headers['x-request-id']) problems.push('an error whose requestId is not the X-Request-Id header');
  return problems;
}

function successProblems(answer: Answer, expected: RouteFacts['success']): string[] {
  const type = contentType(answer);
  const streamed = type.startsWith('text/event-stream');
  switch (expected) {
    case 'any':
      return [];
    case 'text':
      return type.startsWith('text/plain') ? [] : [`a success answered as ${type}, not text`];
    case 'events':
      return streamed ? [] : [`a success answered as ${type}, not server-sent events`];
    case 'jsonOrStream':
      if (streamed) return [];
      return type.startsWith('application/json') && parsed(answer.body) !== undefined ? [] : [`a success that is not JSON: ${answer.body.slice(0, 200)}`];
    case 'json':
      return type.startsWith('application/json') && parsed(answer.body) !== undefined ? [] : [`a success that is not JSON: ${answer.body.slice(0, 200)}`];
    case 'runOrStream':
    case 'envelope': {
      if (expected === 'runOrStream' && streamed) return [];
      const body = parsed(answer.body);
      return type.startsWith('application/json') && isObject(body) && body.success === true && 'data' in body ? [] : [`a success without the { success: true, data } envelope: ${answer.body.slice(0, 200)}`];
    }
  }
}

/** Every way the answer breaks the contract: a 5xx, too slow, or a body of the wrong shape for its status and route. */
export function answerProblems(answer: Answer, expected: RouteFacts['success'], elapsedMs: number, errors?: RouteFacts['errors']): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  if (elapsedMs > answerBudgetMs) problems.push(`answered in ${Math.round(elapsedMs)} ms, over the ${answerBudgetMs} ms budget`);
  // A HEAD answer has no body to check.
  if (answer.method === 'HEAD') return problems;
  return [...problems, ...(answer.statusCode >= 400 ? errorProblems(answer, errors) : successProblems(answer, expected))];
}
