import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { signal } from '../../test/support/signal.ts';
import { installErrorHandlers } from './errors/error-handler.ts';
import { clientErrorAnswerer, installTransportChecks } from './transport-errors.ts';

/** Sends `request` on a new connection and collects everything until the server closes it (or `waitMs`). */
function exchange(port: number, request: string, waitMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    setTimeout(() => socket.destroy(), waitMs);
  });
}

describe('installTransportChecks', () => {
  it('answers a request that arrives while the server closes with 503 overloaded in the JSON error body', async () => {
    const app = Fastify({ logger: false, return503OnClosing: false });
    installErrorHandlers(app, { bodyLimitBytes: 1024 });
    installTransportChecks(app);
    const slowStarted = signal();
    const closingBegan = signal();
    const fastAnswered = signal();
    app.get('/slow', async () => {
      slowStarted.fire();
      // Busy until the second request has its answer, so the connection is still open when it arrives.
      await fastAnswered.fired;
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    app.addHook('onSend', async (request) => {
      if (request.url === '/fast') fastAnswered.fire();
    });
    app.addHook('preClose', async () => closingBegan.fire());
    await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const socketClosed = new Promise((resolve) => socket.on('close', resolve));
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await slowStarted.fired;
    const closed = app.close();
    await closingBegan.fired;
    // The second request on the busy connection arrives after closing began.
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closed;
    // Its answer says Connection: close, so the server ends the connection once both answers are out.
    await socketClosed;

    const [, second = ''] = received.split(/(?=HTTP\/1\.1 )/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/retry-after: 1/i);
    expect(second).toMatch(/connection: close/i);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, code: 'overloaded', requestId: expect.any(String) });
  });
});

describe('clientErrorAnswerer', () => {
  it('answers a client that never finishes its request with 408 request_timeout in the JSON error body', async () => {
    const app = Fastify({
      logger: false,
      requestTimeout: 300,
      http: { requestTimeout: 300, connectionsCheckingInterval: 50 },
      clientErrorHandler: clientErrorAnswerer(pino({ level: 'silent' })),
    });
    app.post('/echo', async (request) => request.body);
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const received = await exchange((app.server.address() as AddressInfo).port, 'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"', 3000);
      expect(received).toMatch(/^HTTP\/1\.1 408 /);
      expect(received).toMatch(/connection: close/i);
      expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, code: 'request_timeout', requestId: expect.any(String) });
    } finally {
      await app.close();
    }
  });
});

