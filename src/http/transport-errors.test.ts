import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandlers } from './errors/error-handler.ts';
import { installTransportChecks } from './transport-errors.ts';

describe('installTransportChecks', () => {
  it('answers a request that arrives while the server closes with 503 overloaded in the JSON error body', async () => {
    const app = Fastify({ logger: false, return503OnClosing: false });
    installErrorHandlers(app, { bodyLimitBytes: 1024 });
    installTransportChecks(app);
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.write('GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = app.close();
    // The second request on the busy connection arrives after closing began.
    socket.write('GET /fast HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();

    const [, second = ''] = received.split(/(?=HTTP\/1\.1 )/);
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/retry-after: 1/i);
    expect(second).toMatch(/connection: close/i);
    expect(JSON.parse(second.slice(second.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, code: 'overloaded', requestId: expect.any(String) });
  });
});
