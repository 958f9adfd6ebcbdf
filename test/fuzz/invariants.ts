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

/** The `code` of an error answer, or '' when it has none. */
export function errorCode(answer: Answer): string {
  const body = parsed(answer.body);
  return isObject(body) && typeof body.code === 'string' ? body.code : '';
}

function contentType(answer: Answer): string {
  return String(answer.headers['content-type'] ?? '');
}

/** The problems with an error answer: JSON, `{ success: false, error, code, requestId }`, the id the header carries. */
function errorProblems(answer: Answer): string[] {
  if (!contentType(answer).startsWith('application/json')) return [`an error answered as ${contentType(answer) || 'no content type'}: ${answer.body.slice(0, 200)}`];
  const body = parsed(answer.body);
  if (!isObject(body)) return [`an error body that is not a JSON object: ${answer.body.slice(0, 200)}`];
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
export function answerProblems(answer: Answer, expected: RouteFacts['success'], elapsedMs: number): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`status ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  if (elapsedMs > answerBudgetMs) problems.push(`answered in ${Math.round(elapsedMs)} ms, over the ${answerBudgetMs} ms budget`);
  // A HEAD answer has no body to check.
  if (answer.method === 'HEAD') return problems;
  return [...problems, ...(answer.statusCode >= 400 ? errorProblems(answer) : successProblems(answer, expected))];
}
