import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ServerSentEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface EventStream {
  send(event: ServerSentEvent): void;
  end(): void;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
}

/** Requests answered with an event stream: they write their own request line (see logStream). */
const streamedRequests = new WeakSet<FastifyRequest>();

/** Whether the request was answered with an event stream, whose request line logStream writes. */
export function isEventStream(request: FastifyRequest): boolean {
  return streamedRequests.has(request);
}

/** Takes the reply over and writes the headers of a `text/event-stream` response. */
export function startEventStream(request: FastifyRequest, reply: FastifyReply, headers: Record<string, string> = {}): void {
  streamedRequests.add(request);
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    ...headers,
  });
}

export function formatEvent(event: ServerSentEvent): string {
  return `${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** An event stream that sends a comment line every `keepAliveMs` while idle and notices the client leaving. */
export function openEventStream(request: FastifyRequest, reply: FastifyReply, options: { keepAliveMs: number }): EventStream {
  startEventStream(request, reply);
  const raw = reply.raw;
  const closed = new AbortController();
  raw.on('close', () => closed.abort());
  raw.write(': connected\n\n');
  let keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), options.keepAliveMs);
  return {
    signal: closed.signal,
    send(event) {
      if (closed.signal.aborted) return;
      raw.write(formatEvent(event));
      // Idle time counts from the last thing sent.
      clearInterval(keepAlive);
      keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), options.keepAliveMs);
    },
    end() {
      clearInterval(keepAlive);
      if (!raw.writableEnded) raw.end();
    },
  };
}

/**
 * A stream writes its own request line when it ends, with how it ended: also when the client has gone
 * away, which the response's completion would not report. The log controller leaves streams to it.
 */
export function logStream(request: FastifyRequest, reply: FastifyReply, outcome: 'done' | 'error'): void {
  request.log.info(
    {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: 200,
      stream: outcome,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      account: request.account?.account.id,
      ...request.logContext,
    },
    'request',
  );
}
