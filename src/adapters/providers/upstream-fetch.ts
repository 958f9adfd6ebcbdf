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
 * or the signal's reason when aborted.
 */
export function createUpstreamFetch(proxy?: Record<string, string>, limits: { maxResponseBytes?: number } = {}): typeof fetch {
  const options = { keepAlive: true, ...(proxy ? { proxyEnv: proxy } : {}) };
  const agents: Agents = { http: new HttpAgent(options), https: new HttpsAgent(options), maxResponseBytes: limits.maxResponseBytes ?? maxResponseBytes };
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
    const body = init?.body;
    const simpleBody = body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
    if (url === undefined || !simpleBody || !/^https?:/i.test(url)) return fetch(input, init);
    return send(agents, url, init ?? {}, body ?? undefined);
  };
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

function send(agents: Agents, url: string, init: RequestInit, body: string | Uint8Array | undefined): Promise<Response> {
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  const secure = url.startsWith('https:') || url.startsWith('HTTPS:');
  const headers = headerRecord(init.headers);
  if (body !== undefined) headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);

  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      reject(error);
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
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        resolve(fetch(url, init));
        return;
      }
      const responseInit = { status, statusText: response.statusMessage ?? '', headers: responseHeaders(response) };
      const content = decoded(response);
      if (nullBodyStatuses.has(status)) {
        response.resume();
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        resolve(new Response(null, responseInit));
      } else if (/text\/event-stream/i.test(response.headers['content-type'] ?? '')) {
        // Streamed: the caller reads events as they arrive; the signal still cuts the stream.
        settled = true;
        content.once('close', () => signal?.removeEventListener('abort', onAbort));
        resolve(new Response(Readable.toWeb(content) as ReadableStream<Uint8Array>, responseInit));
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
          settled = true;
          signal?.removeEventListener('abort', onAbort);
          resolve(new Response(Buffer.concat(chunks), responseInit));
        });
      }
    });
    request.once('error', (error) => fail(signal?.aborted ? abortReason(signal) : networkError(error)));
    signal?.addEventListener('abort', onAbort, { once: true });
    request.end(body);
  });
}

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers === undefined) return record;
  const entries = headers instanceof Headers || Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [name, value] of entries) if (value !== undefined) record[name.toLowerCase()] = String(value);
  return record;
}

function responseHeaders(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index] as string, raw[index + 1] as string);
  return headers;
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
