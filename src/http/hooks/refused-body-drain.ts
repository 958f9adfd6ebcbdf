import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How much of a refused body is read and thrown away, and for how long, before the connection is cut. */
export const refusedBodyDrain = { maxBytes: 16 * 1024 * 1024, maxMs: 10_000 } as const;

/** The refusals of a body itself, which Fastify answers before the body has arrived. */
const bodyRefusals = new Set([400, 413, 415]);

/**
 * A body refused before it was read (413 on its Content-Length, 415, a parse error) is answered at once, and
 * Fastify then closes the connection. Closing a socket with unread data makes the kernel reset it, so a
 * client still sending its body (most HTTP clients send the whole body before they read) sees a broken pipe
 * instead of the JSON refusal. Like a web server's lingering close, the rest of the body is read and
 * discarded instead, up to `refusedBodyDrain` (bytes, then time), and the connection stays usable.
 */
export function installRefusedBodyDrain(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete || !bodyRefusals.has(reply.statusCode) || reply.getHeader('connection') !== 'close') return payload;
    reply.removeHeader('connection');
    drain(raw);
    return payload;
  });
}

function drain(raw: IncomingMessage): void {
  let read = 0;
  // Destroying an unfinished request destroys its socket.
  const cut = () => raw.destroy();
  const timer = setTimeout(cut, refusedBodyDrain.maxMs);
  timer.unref();
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > refusedBodyDrain.maxBytes) cut();
  });
  raw.once('end', () => clearTimeout(timer));
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
