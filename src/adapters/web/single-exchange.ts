import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './destination-resolver.ts';

export interface ExchangeRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Checked addresses of the URL's host; the socket connects to these and nothing else. */
  addresses: ResolvedAddress[];
  maxBytes: number;
  /** When the status and headers say so, the body is not read (a redirect about to be followed). */
  skipBody(status: number, headers: IncomingHttpHeaders): boolean;
  signal: AbortSignal;
}

export interface ExchangeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  truncated: boolean;
}

/** One HTTP request and response, no redirects, body capped at maxBytes. Rejects with the raw error. */
export function exchange(request: ExchangeRequest): Promise<ExchangeResponse> {
  const { url, signal } = request;
  if (signal.aborted) return Promise.reject(signal.reason);

  return new Promise<ExchangeResponse>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let response: IncomingMessage | undefined;
    let settled = false;
    const settle = (finish: () => void): void => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      finish();
    };
    const onAbort = (): void => {
      settle(() => reject(signal.reason));
      outgoing.destroy();
      response?.destroy();
    };

    const outgoing = send({
      protocol: url.protocol,
      // node:http wants IPv6 literals bare; it brackets them again in the Host header.
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: request.headers,
      // A fresh connection each time: a pooled socket may lead to an address this request did not check.
      agent: false,
      lookup: pinnedLookup(request.addresses),
    });
    signal.addEventListener('abort', onAbort, { once: true });

    outgoing.on('error', (error) => settle(() => reject(error)));
    outgoing.on('response', (incoming) => {
      response = incoming;
      const status = incoming.statusCode ?? 0;
      if (request.skipBody(status, incoming.headers)) {
        settle(() => resolve({ status, headers: incoming.headers, body: Buffer.alloc(0), truncated: false }));
        outgoing.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      incoming.on('data', (chunk: Buffer) => {
        if (settled) return;
        chunks.push(chunk);
        received += chunk.length;
        if (received > request.maxBytes) {
          const body = Buffer.concat(chunks).subarray(0, request.maxBytes);
          settle(() => resolve({ status, headers: incoming.headers, body, truncated: true }));
          // Stop reading: the rest of the body is never downloaded.
          incoming.destroy();
          outgoing.destroy();
        }
      });
      incoming.on('end', () => settle(() => resolve({ status, headers: incoming.headers, body: Buffer.concat(chunks), truncated: false })));
      incoming.on('error', (error) => settle(() => reject(error)));
    });
    outgoing.end(request.body);
  });
}

/** A `lookup` for node:net that answers with the checked addresses instead of asking DNS again. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) {
      callback(null, addresses.map(({ address, family }) => ({ address, family })));
      return;
    }
    const first = addresses[0];
    if (first === undefined) callback(Object.assign(new Error('no checked address to connect to'), { code: 'ENOTFOUND' }), '', 0);
    else callback(null, first.address, first.family);
  };
}
