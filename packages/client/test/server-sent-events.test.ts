import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type RawServerSentEvent } from '../src/server-sent-events.ts';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<RawServerSentEvent[]> {
  const events: RawServerSentEvent[] = [];
  for await (const event of readServerSentEvents(streamOf(chunks))) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads events split anywhere across chunks, skipping keep-alive comments', async () => {
    const events = await collect(['id: 1\nevent: run.sta', 'rted\ndata: {"a":1}\n\n: keep-alive\n\n', 'id: 2\r\nevent: run.completed\r\ndata: {"b"', ':2}\r\n\r\n']);
    expect(events).toEqual([
      { id: '1', event: 'run.started', data: '{"a":1}' },
      { id: '2', event: 'run.completed', data: '{"b":2}' },
    ]);
  });

  it('joins data lines with newlines and reads a last event without a blank line after it', async () => {
    expect(await collect(['event: delta\ndata: one\ndata: two'])).toEqual([{ id: undefined, event: 'delta', data: 'one\ntwo' }]);
  });
});
