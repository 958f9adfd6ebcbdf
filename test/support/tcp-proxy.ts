import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/** A TCP proxy in front of a real service whose link can be cut and restored, as a network outage would. */
export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones until restored. */
  cut(): void;
  /**
   * Keeps every connection open but passes nothing on, and accepts new ones that never reach the service:
   * a server that stopped answering, or packets lost on the way. restore() drops what was held.
   */
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let state: 'open' | 'cut' | 'stalled' = 'open';
  const sockets = new Set<Socket>();
  const held = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const hold = (socket: Socket) => {
    socket.unpipe();
    socket.pause();
    held.add(socket);
  };
  const server = createServer((client) => {
    track(client);
    if (state === 'cut') return void client.destroy();
    if (state === 'stalled') return void hold(client);
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      state = 'cut';
      for (const socket of sockets) socket.destroy();
    },
    stall() {
      state = 'stalled';
      for (const socket of sockets) hold(socket);
    },
    restore() {
      state = 'open';
      for (const socket of held) socket.destroy();
      held.clear();
    },
    close() {
      state = 'cut';
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The same service URL (credentials, database, options kept), reached through the proxy instead. */
export function through(url: string, proxy: TcpProxy): string {
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  return proxied.toString();
}
