import { session } from './session.ts';

/** Which credential a call sends: the account's API key, the admin token, or none (public routes). */
export type Credential = 'key' | 'admin' | 'none';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  auth?: Credential;
  signal?: AbortSignal;
  /** Query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
}

/** A failed call, with the service's error body when it sent one (see the API contract's error table). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly body: unknown;
  constructor(status: number, code: string, message: string, requestId: string | undefined, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.body = body;
  }
}

export function apiUrl(path: string, query?: ApiRequest['query']): string {
  const url = new URL(path, location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url.pathname + url.search;
}

export function authHeaders(auth: Credential): Record<string, string> {
  if (auth === 'none') return {};
  const secret = auth === 'admin' ? session.adminToken() : session.apiKey();
  if (!secret) {
    throw new ApiError(401, auth === 'admin' ? 'admin_token_missing' : 'api_key_missing', auth === 'admin' ? 'Enter the admin token first.' : 'Sign in with an API key first.', undefined, undefined);
  }
  return { authorization: `Bearer ${secret}` };
}

/** The response to a call: its parsed JSON body (typed by the caller from the generated client types) and headers. */
export interface ApiResponse<T> {
  body: T;
  status: number;
  headers: Headers;
}

/** Calls the service's public API from the console's origin. Errors throw ApiError with the service's message. */
export async function callApi<T>(path: string, request: ApiRequest = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(request.auth ?? 'key') };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, request.query), {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'The service did not answer. Is it running?', undefined, undefined);
  }
  const text = await response.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (!response.ok) throw errorFrom(response, body);
  return { body: body as T, status: response.status, headers: response.headers };
}

function errorFrom(response: Response, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const nested = typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : undefined;
  const message = typeof record.error === 'string' ? record.error : typeof nested?.message === 'string' ? nested.message : `${response.status} ${response.statusText}`;
  const code = typeof record.code === 'string' ? record.code : typeof nested?.code === 'string' ? nested.code : `http_${response.status}`;
  const requestId = typeof record.requestId === 'string' ? record.requestId : (response.headers.get('x-request-id') ?? undefined);
  return new ApiError(response.status, code, message, requestId, body);
}
