import { connect } from 'node:net';

export interface RawResponse {
  /** NaN when nothing came back. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `request` as is to the port — when given in parts, one part every `gapMs`, as a slow client would —
 * and reads the one response the server sends before closing or going quiet (`quietMs`).
 */
export function sendRaw(port: number, request: string | Buffer | Buffer[], quietMs = 3_000, gapMs = 20): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const parts = Array.isArray(request) ? request : [request];
    const writeFrom = (index: number): void => {
      const part = parts[index];
      if (part === undefined || socket.destroyed) return;
      socket.write(part);
      setTimeout(() => writeFrom(index + 1), gapMs);
    };
    const socket = connect(port, '127.0.0.1', () => writeFrom(0));
    let received = '';
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const body = headers['transfer-encoding'] === 'chunked' ? dechunk(rest.join('\r\n\r\n')) : rest.join('\r\n\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    };
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const complete = /content-length: (\d+)/i.exec(received);
      const bodyStart = received.indexOf('\r\n\r\n');
      if (complete && bodyStart >= 0 && received.length - bodyStart - 4 >= Number(complete[1])) finish();
    });
    socket.on('close', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish() : reject(error)));
    const timer = setTimeout(finish, quietMs);
  });
}

function dechunk(text: string): string {
  let body = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 4 + size);
  }
}
