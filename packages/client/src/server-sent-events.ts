/** One server-sent event as the wire has it: `data` is the text of its data lines, joined by newlines. */
export interface RawServerSentEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** Reads a text/event-stream body event by event; comment lines (keep-alives) are skipped. */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<RawServerSentEvent> {
  const decoder = new TextDecoder();
  const reader = body.getReader();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffered += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let boundary = /\r?\n\r?\n/.exec(buffered);
      while (boundary) {
        const event = parseEvent(buffered.slice(0, boundary.index));
        buffered = buffered.slice(boundary.index + boundary[0].length);
        if (event) yield event;
        boundary = /\r?\n\r?\n/.exec(buffered);
      }
      if (done) {
        const last = parseEvent(buffered);
        if (last) yield last;
        return;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

function parseEvent(block: string): RawServerSentEvent | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 && id === undefined && event === 'message' ? undefined : { id, event, data: data.join('\n') };
}
