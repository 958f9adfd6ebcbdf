import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * The `fetch` the provider SDKs use for model calls: plain `node:http` over keep-alive connections. The
 * built-in fetch spends about twice the CPU per call on its Request, Headers and web-stream machinery
 * (docs/performance.md); a gateway makes one such call per run, so that overhead is most of its own.
 *
 * It covers what provider calls need: string or byte bodies, an abort signal, JSON answers (read whole, up
 * to `maxResponseBytes` after decompression) and server-sent events (streamed), through a proxy when one is
 * configured (`HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY`). Anything else, such as a form upload or a redirect, goes to the built-in fetch unchanged.
 * Failures look like the built-in fetch's: a `TypeError('fetch failed')` whose cause is the network error,
 * or the signal's reason when aborted. A caller that wants only the answer's text reads it with fetchWhole,
 * which skips the web Response altogether.
 */
export function createUpstreamFetch(proxy?: Record<string, string>, limits: { maxResponseBytes?: number } = {}): typeof fetch {
  const options = { keepAlive: true, ...(proxy ? { proxyEnv: proxy } : {}) };
  const agents: Agents = { http: new HttpAgent(options), https: new HttpsAgent(options), maxResponseBytes: limits.maxResponseBytes ?? maxResponseBytes };
  const upstreamFetch: UpstreamFetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
    const body = init?.body;
    if (url === undefined || !coveredCall(url, body)) return fetch(input, init);
    return receive(agents, url, init ?? {}, simpleBody(body), { streamEvents: true }).then((answer) => (answer instanceof Response ? answer : responseOf(answer)));
  };
  upstreamFetch[wholeAnswerKey] = (url, init) => {
    if (!coveredCall(url, init.body)) return fetchWhole(fetch, url, init);
    return receive(agents, url, init, simpleBody(init.body), { streamEvents: false }).then((answer) => (answer instanceof Response ? wholeOf(answer) : wholeAnswerOf(answer)));
  };
  return upstreamFetch;
}

/** An answer read whole, without a web Response around it: what a caller that wants only its text needs. */
export interface WholeAnswer {
  status: number;
  statusText: string;
  /** As `Object.fromEntries(response.headers)` gives them: names lower-cased, repeated ones joined with ", ". */
  headers: Record<string, string>;
  text: string;
}

const wholeAnswerKey = Symbol('wholeAnswer');
type UpstreamFetch = typeof fetch & { [wholeAnswerKey]?: (url: string, init: RequestInit) => Promise<WholeAnswer> };

/**
 * Makes a call and reads its answer whole. A fetch from createUpstreamFetch does it without building the
 * web Response, Headers and body stream (about 12 µs of CPU a call); any other fetch through its Response.
 */
export async function fetchWhole(fetchFunction: typeof fetch, url: string, init: RequestInit): Promise<WholeAnswer> {
  const whole = (fetchFunction as UpstreamFetch)[wholeAnswerKey];
  return whole ? whole(url, init) : wholeOf(await fetchFunction(url, init));
}

async function wholeOf(response: Response): Promise<WholeAnswer> {
  return { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers), text: await response.text() };
}

/** What this fetch sends itself: http(s) with a string or byte body, or none. */
function coveredCall(url: string, body: RequestInit['body']): boolean {
  const plain = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  return plain && /^https?:/i.test(url);
}

interface Agents {
  http: HttpAgent;
  https: HttpsAgent;
  maxResponseBytes: number;
}

/**
 * The most bytes of an answer read whole, after decompression: far above any model's answer (the largest
 * legitimate one, 256 embeddings of 3,072 numbers as JSON, is about 17 MB), so that an upstream that
 * sends without end, or a small compressed body that inflates to gigabytes, fails the call instead of
 * filling the memory.
 */
const maxResponseBytes = 64 * 1024 * 1024;

const nullBodyStatuses = new Set([101, 204, 205, 304]);
/** Decodes as `Response.text()` does: UTF-8, a leading byte order mark dropped, bad bytes replaced. */
const utf8 = new TextDecoder();

/** A body coveredCall accepted: a string, bytes, or none. */
function simpleBody(body: RequestInit['body']): string | Uint8Array | undefined {
  return (body ?? undefined) as string | Uint8Array | undefined;
}

/** An answer as it arrived: read whole (`body`, null for a status without one) or, for events, a stream. */
interface RawAnswer {
  status: number;
  statusText: string;
  rawHeaders: string[];
  body: Buffer<ArrayBuffer> | null;
  stream?: Readable;
}

/**
 * Sends the call and receives its answer: whole, or, with `streamEvents`, as a stream when it is server-sent
 * events. A redirect is followed by the built-in fetch, whose Response is returned as it is.
 */
function receive(agents: Agents, url: string, init: RequestInit, body: string | Uint8Array | undefined, mode: { streamEvents: boolean }): Promise<RawAnswer | Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const secure = url.startsWith('https:') || url.startsWith('HTTPS:');
  const headers = headerRecord(init.headers);
  if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);

  return new Promise<RawAnswer | Response>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const succeed = (answer: RawAnswer | Promise<Response>) => {
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    const onAbort = () => {
      const reason = abortReason(signal as AbortSignal);
      request.destroy(reason instanceof Error ? reason : undefined);
      fail(reason);
    };
    const options = { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http };
    const request = (secure ? httpsRequest : httpRequest)(url, options, (response) => {
      const status = response.statusCode ?? 502;
      if (status >= 300 && status < 400 && response.headers.location && init.redirect !== 'manual') {
        response.resume();
        succeed(fetch(url, init));
        return;
      }
      const answer: RawAnswer = { status, statusText: response.statusMessage ?? '', rawHeaders: response.rawHeaders, body: null };
      const content = decoded(response);
      if (nullBodyStatuses.has(status)) {
        response.resume();
        succeed(answer);
      } else if (mode.streamEvents && /text\/event-stream/i.test(response.headers['content-type'] ?? '')) {
        // Streamed: the caller reads events as they arrive; the signal still cuts the stream.
        settled = true;
        content.once('close', () => signal?.removeEventListener('abort', onAbort));
        resolve({ ...answer, stream: content });
      } else {
        const chunks: Buffer[] = [];
        let received = 0;
        content.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received <= agents.maxResponseBytes) {
            chunks.push(chunk);
            return;
          }
          fail(networkError(new Error(`the answer is larger than ${agents.maxResponseBytes} bytes`)));
          chunks.length = 0;
          request.destroy();
        });
        content.once('error', (error) => fail(networkError(error)));
        response.once('close', () => {
          if (!response.complete) fail(networkError(new Error('the connection closed before the response ended')));
        });
        content.once('end', () => {
          if (settled) return;
          succeed({ ...answer, body: Buffer.concat(chunks) });
        });
      }
    });
    request.once('error', (error) => fail(signal?.aborted ? abortReason(signal) : networkError(error)));
    signal?.addEventListener('abort', onAbort, { once: true });
    request.end(body);
  });
}

/** The web Response the SDKs read. */
function responseOf(answer: RawAnswer): Response {
  const init = { status: answer.status, statusText: answer.statusText, headers: responseHeaders(answer.rawHeaders) };
  return new Response(answer.stream ? (Readable.toWeb(answer.stream) as ReadableStream<Uint8Array>) : answer.body, init);
}

/** The answer whole, its headers as `Object.fromEntries(new Response(…).headers)` would give them. */
function wholeAnswerOf(answer: RawAnswer): WholeAnswer {
  return { status: answer.status, statusText: answer.statusText, headers: headerObject(answer.rawHeaders), text: answer.body === null ? '' : utf8.decode(answer.body) };
}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers === undefined) return record;
  const entries = headers instanceof Headers || Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [name, value] of entries) if (value !== undefined) record[name.toLowerCase()] = String(value);
  return record;
}

function responseHeaders(raw: readonly string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index] as string, raw[index + 1] as string);
  return headers;
}

/**
 * Raw header pairs as the entries of a Headers object: names lower-cased and in sorted order, repeated
 * values joined with ", ", and of several Set-Cookie headers the last (each is an entry of its own there).
 */
function headerObject(raw: readonly string[]): Record<string, string> {
  const joined = new Map<string, string>();
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = (raw[index] as string).toLowerCase();
    const value = raw[index + 1] as string;
    const previous = joined.get(name);
    joined.set(name, previous === undefined || name === 'set-cookie' ? value : `${previous}, ${value}`);
  }
  return Object.fromEntries([...joined].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}

/** The body as the caller should see it: decompressed when the server compressed it anyway. */
function decoded(response: IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').toLowerCase();
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : undefined;
  if (!decoder) return response;
  response.once('error', (error) => decoder.destroy(error));
  return response.pipe(decoder);
}

function networkError(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}
