import type { ServerResponse } from 'node:http';
import { sleep } from './sleep.ts';

/** One event of a streamed answer. `carriesToken` marks events with answer text, the ones a cut counts. */
export interface StreamEvent {
  /** The SSE `event:` name (Anthropic names its events; OpenAI and Gemini do not). */
  event?: string;
  /** The `data:` payload: JSON, or OpenAI's literal `[DONE]`. */
  data: string;
  carriesToken: boolean;
}

export function jsonEvent(data: unknown, carriesToken: boolean, event?: string): StreamEvent {
  return { data: JSON.stringify(data), carriesToken, ...(event ? { event } : {}) };
}

export interface StreamOptions {
  chunkDelayMs: number;
  /** Drop the connection once this many token events went out (0: before the first token). */
  cutAfterTokens: number | undefined;
  /** Gemini separates events with CRLF; the others with LF. */
  lineEnd: '\n' | '\r\n';
  signal: AbortSignal;
}

/** Writes events as Server-Sent Events, pausing between them and cutting the connection when told to. */
export async function writeSse(response: ServerResponse, events: readonly StreamEvent[], options: StreamOptions): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.flushHeaders();
  const end = options.lineEnd;
  const completed = await writeEvents(response, events, options, (event) => `${event.event ? `event: ${event.event}${end}` : ''}data: ${event.data}${end}${end}`);
  if (completed) response.end();
}

/** Gemini's streamGenerateContent without `alt=sse`: one JSON array, written element by element. */
export async function writeJsonArrayStream(response: ServerResponse, events: readonly StreamEvent[], options: StreamOptions): Promise<void> {
  response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
  response.write('[');
  let first = true;
  const completed = await writeEvents(response, events, options, (event) => {
    const text = `${first ? '' : ',\r\n'}${event.data}`;
    first = false;
    return text;
  });
  if (completed) response.end(']');
}

/** Returns false when the stream was cut or the client left. */
async function writeEvents(response: ServerResponse, events: readonly StreamEvent[], options: StreamOptions, format: (event: StreamEvent) => string): Promise<boolean> {
  const cutAt = options.cutAfterTokens === undefined ? -1 : cutIndex(events, options.cutAfterTokens);
  for (const [index, event] of events.entries()) {
    if (options.signal.aborted) return false;
    if (index === cutAt) {
      // No final chunk, no [DONE]: the client sees the connection close mid-answer.
      response.destroy();
      return false;
    }
    if (index > 0 && options.chunkDelayMs > 0) await sleep(options.chunkDelayMs, options.signal);
    await writeFlushed(response, format(event));
  }
  return true;
}

/**
 * Resolves once the text has left for the socket, so a cut that follows cannot swallow it: destroying a
 * connection drops whatever is still buffered.
 */
export function writeFlushed(response: ServerResponse, text: string): Promise<void> {
  return new Promise((resolve) => {
    if (response.destroyed) {
      resolve();
      return;
    }
    // A client that leaves mid-write closes the response; the write callback may then never come.
    const done = (): void => {
      response.off('close', done);
      resolve();
    };
    response.once('close', done);
    response.write(text, done);
  });
}

/** The event to cut before: the token event after `tokens` of them, or the first event after the last token. */
function cutIndex(events: readonly StreamEvent[], tokens: number): number {
  let seen = 0;
  let afterLastToken = events.length;
  for (const [index, event] of events.entries()) {
    if (!event.carriesToken) continue;
    if (seen === tokens) return index;
    seen += 1;
    afterLastToken = index + 1;
  }
  return afterLastToken;
}
