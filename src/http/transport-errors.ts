import { METHODS, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { ConnectionError, FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, invalidRequest } from '../domain/errors.ts';
import { asAppError, sendError } from './errors/error-handler.ts';
import { statusByCode } from './errors/status-by-code.ts';
import { requestIdFrom } from './hooks/request-id.ts';
import { malformedUrl, queryDecodes } from './url-encoding.ts';

/** The longest URL (path and query) served; longer is 414. Request line and headers together stop at Node's 16 KiB. */
export const maxUrlLength = 8192;

/**
 * How long a client has to send its whole request, headers and body (408 after). It does not limit how long
 * the answer takes: streams and long runs are unaffected. Without it a client could hold a connection open
 * forever by sending its body a byte at a time, or never finishing it.
 */
export const requestTimeoutMs = 60_000;

/** The methods Node's parser knows and the router can take; a Set, as every request is looked up in it. */
const routerMethods = new Set(METHODS);

/** The last request on each connection and its response, so a parser error in a body already answered does not answer again. */
const exchangeOn = new WeakMap<Duplex, { request: IncomingMessage; response: ServerResponse }>();

/**
 * Fastify's `clientErrorHandler`: requests Node's parser refuses (headers too large, a malformed request
 * line or header, a broken body framing, a client too slow to send its request) get the JSON error body
 * like any other, written straight to the socket, which is then closed.
 */
export function clientErrorAnswerer(logger: FastifyBaseLogger): (error: ConnectionError, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection has no one left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // The request was already answered (a bad URL, say) before the parser failed on the rest of its body: a
    // second answer on the connection would read as the answer to a request never sent. A request that came
    // in whole before (keep-alive) is another matter: the error is about the next one, which gets its answer.
    const last = exchangeOn.get(socket);
    if (last && last.response.headersSent && !last.request.complete) {
      socket.destroy();
      return;
    }
    const requestId = answerOnSocket(socket, clientErrorAsAppError(error));
    logger.debug({ err: error, requestId }, 'client error');
  };
}

/** Writes the JSON error body as a whole HTTP response on a socket no route will answer, then closes it. */
function answerOnSocket(socket: Duplex, error: AppError): string {
  const requestId = requestIdFrom(undefined);
  const status = statusByCode[error.code];
  const body = JSON.stringify({ success: false, error: error.message, code: error.code, requestId, ...error.details });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
  return requestId;
}

function clientErrorAsAppError(error: ConnectionError): AppError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('request_timeout', 'The request was not received in time');
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return requestLineOverflowed(error)
      ? urlTooLong()
      : new AppError('headers_too_large', 'The request line and headers are larger than the limit of 16 KiB');
  }
  return invalidRequest([{ path: '', message: `Malformed HTTP request (${error.code ?? 'parse error'})` }]);
}

/** When the packet holding the overflow starts the request and has no line end before it, the URL is what overflowed. */
function requestLineOverflowed(error: ConnectionError): boolean {
  // Typed as a Buffer's JSON form, handed over as the Buffer itself.
  const packet: unknown = error.rawPacket;
  if (!Buffer.isBuffer(packet) || typeof error.bytesParsed !== 'number') return false;
  const parsed = packet.subarray(0, error.bytesParsed).toString('latin1');
  return /^[A-Z]+ /.test(parsed) && !parsed.includes('\n');
}

/** Fastify's `frameworkErrors`: what its router refuses (a bad percent-encoding, a path segment over `maxParamLength`) as AppErrors. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('X-Request-Id', request.id);
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? urlTooLong()
      : error.code === 'FST_ERR_BAD_URL'
        ? malformedUrl('url')
        : asAppError(request, error);
  sendError(request, reply, appError);
}

/**
 * Checks on every request before its route: the URL's length, no NUL in it, a query string that decodes, a Host header on HTTP/1.1 (Node's own check
 * answers without a body, so it is made here instead), and, once the server is closing, a 503 for requests
 * still arriving on open connections. An `Expect` value other than 100-continue is ignored, as HTTP allows,
 * rather than answered by Node with an empty 417, and CONNECT gets a JSON 404 rather than a closed socket.
 */
export function installTransportChecks(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('Connection', 'close');
      throw new AppError('overloaded', 'The server is shutting down: retry on another connection', {}, { retryAfterSeconds: 1 });
    }
    if (request.url.length > maxUrlLength) throw urlTooLong();
    // No id, name or query value can hold NUL, and PostgreSQL refuses it in text: a lookup would fail with a 500.
    if (/%00/i.test(request.url)) throw invalidRequest([{ path: 'url', message: 'must not hold %00 (NUL)' }]);
    if (!queryDecodes(request.url)) throw malformedUrl('querystring');
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      throw invalidRequest([{ path: 'headers.host', message: 'is required in HTTP/1.1' }]);
    }
  });
  app.server.on('checkExpectation', (request, response) => app.server.emit('request', request, response));
  screenRequests(app);
  // This is no proxy; without a listener Node would close a CONNECT's socket without a word.
  app.server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const target = (request.url ?? '').slice(0, 100);
    answerOnSocket(socket, new AppError('not_found', `No route for CONNECT ${target}`));
  });
}

/**
 * Every request passes here first: its response is noted for its connection (see `exchangeOn`), and a method
 * the router cannot take is answered here. Node's parser takes one method its list of methods lacks, PRI (the
 * HTTP/2 preface word) in the HTTP/0.9 form, and the router knows none outside that list: Fastify's last resort then logged its whole route table
 * as a warning and answered without the hooks, or not at all. Such a request gets a JSON 404, as CONNECT.
 */
function screenRequests(app: FastifyInstance): void {
  const routeRequest = app.server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  app.server.removeAllListeners('request');
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    exchangeOn.set(request.socket, { request, response });
    if (routerMethods.has(request.method ?? '')) {
      for (const listener of routeRequest) listener.call(app.server, request, response);
      return;
    }
    answerOnSocket(request.socket, new AppError('not_found', `No route for ${(request.method ?? '').slice(0, 20)} ${(request.url ?? '').slice(0, 100)}`));
  });
}

function urlTooLong(): AppError {
  return new AppError('uri_too_long', `The URL is longer than the limit of ${maxUrlLength} characters`, { limitCharacters: maxUrlLength });
}
