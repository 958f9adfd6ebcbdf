import { Agent, createServer, request } from 'node:http';

/**
 * The least any gateway written in Node can do: accept the request and pipe it to the upstream and back,
 * over a keep-alive connection, with no parsing, checks or records. The gateway benchmark runs it to show
 * the ceiling a Node gateway has on the machine. Run: node bench/bare-proxy.ts <port> <upstream base URL>
 */
const [port, upstream] = [Number(process.argv[2]), new URL(process.argv[3] ?? '')];
const agent = new Agent({ keepAlive: true });

createServer((incoming, outgoing) => {
  const forwarded = request(
    { host: upstream.hostname, port: upstream.port, path: `${upstream.pathname}${incoming.url ?? ''}`, method: incoming.method, headers: incoming.headers, agent },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => outgoing.writeHead(502).end());
  incoming.pipe(forwarded);
}).listen(port, '127.0.0.1');
