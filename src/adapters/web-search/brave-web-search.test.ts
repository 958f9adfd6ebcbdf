import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BraveWebSearch } from './brave-web-search.ts';

let server: Server;
let baseUrl: string;
const seen: { url: string; token: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', token: request.headers['x-subscription-token'] as string | undefined });
    if (request.headers['x-subscription-token'] !== 'good-key') {
      response.writeHead(401).end('{"type":"ErrorResponse"}');
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        web: {
          results: [
            { title: 'Acme <strong>Pay</strong>', url: 'https://acmepay.example/', description: 'Payments for <strong>startups</strong>' },
            { title: 'Not a web page', url: 'ftp://files.example/' },
            { title: 'Beta', url: 'https://beta.example/', description: 'B' },
          ],
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

describe('BraveWebSearch', () => {
  it('queries the web endpoint with the token and returns clean results', async () => {
    const search = new BraveWebSearch({ apiKey: 'good-key', baseUrl, timeoutMs: 2000 });
    const results = await search.search('fintech Berlin', { limit: 5 });
    expect(results).toEqual([
      { title: 'Acme Pay', url: 'https://acmepay.example/', snippet: 'Payments for startups' },
      { title: 'Beta', url: 'https://beta.example/', snippet: 'B' },
    ]);
    expect(seen.at(-1)?.url).toBe('/res/v1/web/search?q=fintech+Berlin&count=5');
  });

  it('fails on a refused token', async () => {
    const search = new BraveWebSearch({ apiKey: 'bad-key', baseUrl, timeoutMs: 2000 });
    await expect(search.search('x', { limit: 5 })).rejects.toThrow('401');
  });
});
