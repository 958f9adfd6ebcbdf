import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicProtocol } from './anthropic-protocol.ts';
import { checkCredentials } from './credentials.ts';
import { embeddingModelOf, embeddingReply, matchEmbeddingEndpoint } from './embeddings.ts';
import { FaultInjector, type Fault, type FaultConfig } from './fault-injection.ts';
import { geminiProtocol } from './gemini-protocol.ts';
import { openaiProtocol } from './openai-protocol.ts';
import { providerError } from './provider-errors.ts';
import { moderationReply } from './moderation.ts';
import { baseUrlsFor, resolveProviderRoute, simulatedProviders, type SimulatedProvider } from './provider-routes.ts';
import { RequestLog, type RecordedRequest, type RequestFilter } from './request-log.ts';
import { isJsonObject, type Answer, type ErrorReply, type SimulatedCall } from './simulated-call.ts';
import { sleep } from './sleep.ts';
import { writeFlushed, writeJsonArrayStream, writeSse } from './sse.ts';
import { buildAnswer, malformAnswer } from './structured-answer.ts';
import type { Endpoint, WireProtocol } from './wire-protocol.ts';

export interface UpstreamSimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** How many requests the log keeps (the most recent). */
  requestLogLimit?: number;
  faults?: FaultConfig;
  /** For reproducible random latency and failure rates. */
  random?: () => number;
}

export interface UpstreamSimulator {
  /** The server's origin, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The base-URL setting for each provider's adapter. */
  baseUrls: Record<SimulatedProvider, string>;
  /** Replaces every fault rule. */
  setFaults(config: FaultConfig): void;
  faults(): FaultConfig;
  /** Clears fault rules and the request log. */
  reset(): void;
  requests(filter?: RequestFilter): RecordedRequest[];
  close(): Promise<void>;
}

const protocols: Record<SimulatedProvider, WireProtocol> = {
  openai: openaiProtocol,
  groq: openaiProtocol,
  mistral: openaiProtocol,
  nvidia: openaiProtocol,
  ollama: openaiProtocol,
  anthropic: anthropicProtocol,
  google: geminiProtocol,
};

const secretHeaders = new Set(['authorization', 'x-api-key', 'x-goog-api-key']);

/** Starts a local stand-in for the providers' APIs, speaking each one's wire protocol. */
export async function startUpstreamSimulator(options: UpstreamSimulatorOptions = {}): Promise<UpstreamSimulator> {
  const faults = new FaultInjector(options.random);
  if (options.faults) faults.set(options.faults);
  const log = new RequestLog(options.requestLogLimit ?? 1000);

  const server = createServer((request, response) => {
    handle(request, response, faults, log).catch((error: unknown) => {
      if (response.headersSent) response.destroy();
      else sendJson(response, { status: 500, body: { error: `upstream simulator failure: ${error instanceof Error ? error.message : String(error)}` } });
    });
  });
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  return {
    url,
    baseUrls: baseUrlsFor(url),
    setFaults: (config) => faults.set(config),
    faults: () => faults.current(),
    reset: () => {
      faults.reset();
      log.clear();
    },
    requests: (filter) => log.list(filter),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging and keep-alive connections would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function handle(request: IncomingMessage, response: ServerResponse, faults: FaultInjector, log: RequestLog): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://simulator');
  const method = request.method ?? 'GET';
  const gone = new AbortController();
  response.on('close', () => gone.abort());
  const raw = await readBody(request);
  if (url.pathname.startsWith('/__control/')) return control(method, url, raw, response, faults, log);

  const route = resolveProviderRoute(url.pathname);
  if (!route) {
    const prefixes = simulatedProviders.map((provider) => `/${provider}`).join(', ');
    return sendJson(response, { status: 404, body: { error: `no simulated provider at ${url.pathname}; paths start with one of ${prefixes}` } });
  }
  const { provider } = route;
  const protocol = protocols[provider];
  const body = parseJson(raw);
  if (provider === 'openai' && method === 'POST' && route.endpointPath === '/moderations') {
    const model = isJsonObject(body) && typeof body.model === 'string' ? body.model : 'omni-moderation-latest';
    return answerPlainly({ request, response, provider, model, body, raw, faults, log, signal: gone.signal }, () => moderationReply(body));
  }
  const embedding = matchEmbeddingEndpoint(provider, method, route.endpointPath);
  if (embedding) {
    const model = embeddingModelOf(embedding, body);
    return answerPlainly({ request, response, provider, model, body, raw, faults, log, signal: gone.signal }, () => embeddingReply(embedding, body));
  }
  const endpoint = route.endpointPath === undefined ? undefined : protocol.matchEndpoint(method, route.endpointPath, url.searchParams);
  const model = endpoint ? protocol.modelOf(endpoint, body) : '';
  const entry = log.add({ method, path: url.pathname, query: url.search, provider, model, body: body ?? raw, headers: loggedHeaders(request) });
  const finish = (outcome: string, status: number | undefined): void => {
    entry.outcome = outcome;
    entry.status = status;
  };

  if (!endpoint) {
    finish('rejected', 404);
    return sendJson(response, providerError(provider, 404, { model, message: `Invalid URL (${method} ${url.pathname})` }));
  }
  const unauthorized = checkCredentials(provider, request.headers, url.searchParams, model);
  if (unauthorized) {
    finish('rejected', unauthorized.status);
    return sendJson(response, unauthorized);
  }
  const parsed = protocol.parse(provider, endpoint, body);
  if ('error' in parsed) {
    finish('rejected', parsed.error.status);
    return sendJson(response, parsed.error);
  }
  const { call } = parsed;
  entry.stream = call.stream;
  entry.outputMode = call.outputMode;

  const decision = faults.next(provider, model);
  await sleep(decision.latencyMs, gone.signal);
  if (gone.signal.aborted) return finish('client left', undefined);
  const exchange: Exchange = { protocol, endpoint, call, response, signal: gone.signal, chunkDelayMs: decision.chunkDelayMs };
  const status = await respond(exchange, decision.fault);
  finish(decision.fault ? describeFault(decision.fault) : 'answered', status);
}

interface PlainExchange {
  request: IncomingMessage;
  response: ServerResponse;
  provider: SimulatedProvider;
  model: string;
  body: unknown;
  raw: string;
  faults: FaultInjector;
  log: RequestLog;
  signal: AbortSignal;
}

/**
 * An endpoint that answers one JSON body (moderation, embeddings): credentials, latency and the HTTP, hang
 * and delay faults as for generation, then the endpoint's deterministic answer.
 */
async function answerPlainly(exchange: PlainExchange, reply: () => ErrorReply): Promise<void> {
  const { request, response, provider, model, body, raw, faults, log, signal } = exchange;
  const url = new URL(request.url ?? '/', 'http://simulator');
  const entry = log.add({ method: 'POST', path: url.pathname, query: url.search, provider, model, body: body ?? raw, headers: loggedHeaders(request) });
  const unauthorized = checkCredentials(provider, request.headers, url.searchParams, model);
  const decision = faults.next(provider, model);
  await sleep(decision.latencyMs, signal);
  if (signal.aborted) return void (entry.outcome = 'client left');
  if (decision.fault?.type === 'hang' || decision.fault?.type === 'delay') {
    await sleep(decision.fault.type === 'delay' ? decision.fault.ms : 24 * 3600 * 1000, signal);
    if (signal.aborted) return void (entry.outcome = 'client left');
  }
  const answer = unauthorized ?? (decision.fault?.type === 'http' ? providerError(provider, decision.fault.status, { model }) : reply());
  entry.outcome = answer.status === 200 ? 'answered' : 'rejected';
  entry.status = answer.status;
  sendJson(response, answer);
}

interface Exchange {
  protocol: WireProtocol;
  endpoint: Endpoint;
  call: SimulatedCall;
  response: ServerResponse;
  signal: AbortSignal;
  chunkDelayMs: number;
}

/** Answers one call, applying a fault if there is one; returns the status sent, if any. */
async function respond(exchange: Exchange, fault: Fault | undefined): Promise<number | undefined> {
  const { call, response, signal } = exchange;
  switch (fault?.type) {
    case undefined:
      return answer(exchange, buildAnswer(call), undefined);
    case 'http': {
      const reply = providerError(call.provider, fault.status, { model: call.model, ...(fault.variant ? { variant: fault.variant } : {}), ...(fault.message ? { message: fault.message } : {}) });
      sendJson(response, reply);
      return reply.status;
    }
    case 'hang':
      // Holds the request until the client gives up (or the simulator closes).
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
      return undefined;
    case 'delay':
      await sleep(fault.ms, signal);
      return signal.aborted ? undefined : answer(exchange, buildAnswer(call), undefined);
    case 'reset':
      response.destroy();
      return undefined;
    case 'cut_stream':
      return answer(exchange, buildAnswer(call), fault.afterChunks);
    case 'malformed_json': {
      // Groq checks JSON-mode output itself and refuses to return it when it does not parse.
      if (call.provider === 'groq') {
        const reply = providerError('groq', 400, { model: call.model, variant: 'json_validate_failed' });
        sendJson(response, reply);
        return reply.status;
      }
      return answer(exchange, malformAnswer(buildAnswer(call)), undefined);
    }
  }
}

async function answer(exchange: Exchange, result: Answer, cutAfterChunks: number | undefined): Promise<number> {
  const { protocol, endpoint, call, response, signal } = exchange;
  if (call.stream) {
    const events = protocol.streamEvents(call.provider, call, result);
    const options = { chunkDelayMs: exchange.chunkDelayMs, cutAfterTokens: cutAfterChunks, lineEnd: protocol.lineEnd, signal };
    await (endpoint.jsonArrayStream ? writeJsonArrayStream(response, events, options) : writeSse(response, events, options));
    return 200;
  }
  const text = JSON.stringify(protocol.reply(call.provider, call, result));
  if (cutAfterChunks === undefined) {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(text);
    return 200;
  }
  // Not streaming: the status line and part of the body go out, then the connection drops.
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  response.flushHeaders();
  if (cutAfterChunks > 0) await writeFlushed(response, text.slice(0, Math.floor(text.length / 2)));
  response.destroy();
  return 200;
}

function describeFault(fault: Fault): string {
  return fault.type === 'http' ? `http ${fault.status}${fault.variant ? ` ${fault.variant}` : ''}` : fault.type;
}

function control(method: string, url: URL, raw: string, response: ServerResponse, faults: FaultInjector, log: RequestLog): void {
  const route = `${method} ${url.pathname}`;
  switch (route) {
    case 'GET /__control/health':
      return sendJson(response, { status: 200, body: { ok: true } });
    case 'GET /__control/faults':
      return sendJson(response, { status: 200, body: faults.current() });
    case 'POST /__control/faults':
    case 'PUT /__control/faults':
      try {
        faults.set(parseJson(raw) ?? {});
        return sendJson(response, { status: 200, body: faults.current() });
      } catch (error) {
        return sendJson(response, { status: 400, body: { error: error instanceof Error ? error.message : String(error) } });
      }
    case 'POST /__control/reset':
      faults.reset();
      log.clear();
      return sendJson(response, { status: 200, body: { ok: true } });
    case 'GET /__control/requests': {
      const provider = simulatedProviders.find((name) => name === url.searchParams.get('provider'));
      const model = url.searchParams.get('model') ?? undefined;
      return sendJson(response, { status: 200, body: log.list({ provider, model }) });
    }
    case 'DELETE /__control/requests':
      log.clear();
      return sendJson(response, { status: 200, body: { ok: true } });
    default:
      return sendJson(response, { status: 404, body: { error: `unknown control route ${route}` } });
  }
}

function sendJson(response: ServerResponse, reply: ErrorReply): void {
  response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  response.end(JSON.stringify(reply.body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  if (raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function loggedHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers[name] = secretHeaders.has(name) ? '<redacted>' : Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
