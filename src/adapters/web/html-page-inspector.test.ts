import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError, type OutboundHttp, type OutboundRequest, type OutboundResponse } from '../../ports/outbound-http.ts';
import type { HostLookup } from './destination-resolver.ts';
import { HtmlPageInspector } from './html-page-inspector.ts';
import { startLocalTestServer, type LocalTestServer } from '../../../test/support/local-test-server.ts';
import { SafeOutboundHttp } from './safe-outbound-http.ts';

/**
 * The inspector over the real outbound client against local test sites. The site names resolve to
 * 127.0.0.1 through a stub resolver and the server answers by Host header, so each name is its own site.
 */

const shopPage = `<!doctype html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <title>  Hand-made   Oak Tables | Shop  </title>
  <meta name="description" content="Solid oak tables, made to order in Yorkshire.">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="index, follow">
  <link rel="canonical" href="/tables">
  <meta property="og:title" content="Oak tables">
  <meta property="og:description" content="Made to order">
  <script type="application/ld+json">
    {"@context": "https://schema.org", "@graph": [{"@type": "Organization", "name": "Shop"}, {"@type": ["WebSite", "Organization"]}]}
  </script>
  <script type="application/ld+json">{"@type": "Product", "name": "Table"}</script>
  <script type="application/ld+json">{ "@type": "Broken", </script>
  <style>body { color: brown; }</style>
  <script>var hidden = "these words are not visible";</script>
</head>
<body>
  <h1>Oak <em>tables</em></h1>
  <h2>Dining tables</h2>
  <h3>Sizes</h3>
  <h2>  Coffee
     tables </h2>
  <h4>Care</h4><h5>Oil</h5><h6>Wax</h6>
  <p>Every table is cut from one board.</p>
  <img src="a.jpg" alt="Oak dining table">
  <img src="b.jpg" alt="">
  <img src="c.jpg" alt="Table leg">
  <img src="d.jpg" alt="Coffee table">
  <img src="e.jpg">
  <a href="/about">About us</a>
  <a href="contact">Contact</a>
  <a href="https://shop.test/delivery">Delivery</a>
  <a href="https://blog.shop.test/news">News</a>
  <a href="https://example.org/" rel="nofollow noopener">Partner</a>
  <a href="https://shop.test.evil.example/">Lookalike</a>
  <a href="#top">Top</a>
  <a href="mailto:hello@shop.test">Mail</a>
  <a href="tel:+441234567890">Call</a>
  <a href="javascript:void(0)">Menu</a>
  <noscript>Please enable JavaScript to order</noscript>
  <template><p>Template words are not shown</p></template>
  <div itemscope itemtype="https://schema.org/Offer"><span itemprop="price">250</span></div>
</body>
</html>`;

const plainPage = '<html><body><p>Just a little text.</p><img src="x.png"></body></html>';

let server: LocalTestServer;
let sitemapRequests: string[] = [];

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const site = (request.headers.host ?? '').split(':')[0];
  const path = request.url ?? '/';
  const origin = `http://${request.headers.host}`;
  if (site === 'www.shop.test') {
    if (path === '/') return send(response, 200, 'text/html; charset=utf-8', shopPage);
    if (path === '/old') {
      response.writeHead(301, { location: '/' });
      return void response.end();
    }
    if (path === '/robots.txt') {
      return send(
        response,
        200,
        'text/plain',
        [
          '# shop robots',
          'User-agent: Googlebot',
          'Disallow: /',
          '',
          'User-agent: *',
          'Disallow: /checkout   # no carts in search',
          '',
          `Sitemap: ${origin}/sitemaps/pages.xml`,
          `sitemap: ${origin}/sitemaps/other.xml`,
        ].join('\n'),
      );
    }
    if (path === '/sitemaps/pages.xml') {
      sitemapRequests.push(path);
      return send(
        response,
        200,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${origin}/</loc></url>
  <url><loc>${origin}/about</loc><lastmod>2025-01-01</lastmod></url>
  <url><loc>${origin}/tables</loc></url>
</urlset>`,
      );
    }
  }
  if (site === 'plain.test' && path === '/') return send(response, 200, 'text/html', plainPage);
  if (site === 'locked.test') {
    if (path === '/') return send(response, 200, 'text/html', '<html lang="fr"><title>Fermé</title></html>');
    if (path === '/robots.txt') return send(response, 200, 'text/plain', 'User-agent: *\nDisallow: /\n');
    if (path === '/sitemap.xml') {
      sitemapRequests.push(path);
      return send(response, 200, 'application/xml', '<sitemapindex><sitemap><loc>a.xml</loc></sitemap><sitemap><loc>b.xml</loc></sitemap></sitemapindex>');
    }
  }
  if (site === 'odd.test') {
    if (path === '/') return send(response, 200, 'text/html', '<title>Odd</title>');
    // robots.txt leads somewhere the client refuses: there is no response to report.
    if (path === '/robots.txt') {
      response.writeHead(302, { location: 'http://169.254.169.254/robots.txt' });
      return void response.end();
    }
    if (path === '/sitemap.xml') return send(response, 200, 'text/html', '<html>not a sitemap</html>');
  }
  send(response, 404, 'text/plain', 'not found');
}

const siteNames = ['www.shop.test', 'plain.test', 'locked.test', 'odd.test'];
const lookupHost: HostLookup = async (hostname) => {
  if (!siteNames.includes(hostname)) throw Object.assign(new Error(`unknown test host ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address: '127.0.0.1', family: 4 }];
};

function inspector(maxBytes = 1_000_000): HtmlPageInspector {
  return new HtmlPageInspector(new SafeOutboundHttp({ allowHosts: [...siteNames, '127.0.0.1'], timeoutMs: 5_000, maxBytes, userAgent: 'agentapi-test/1.0', lookupHost }));
}

beforeAll(async () => {
  server = await startLocalTestServer(handle);
});

afterAll(async () => {
  await server.close();
});

describe('HtmlPageInspector on a local site', () => {
  it('measures every fact of a known page, its robots.txt and its sitemap', async () => {
    sitemapRequests = [];
    const origin = `http://www.shop.test:${server.port}`;
    const facts = await inspector().inspect(`${origin}/`);

    expect(facts.responseTimeMs).toBeGreaterThanOrEqual(0);
    expect({ ...facts, responseTimeMs: 0 }).toEqual({
      url: `${origin}/`,
      finalUrl: `${origin}/`,
      status: 200,
      https: false,
      responseTimeMs: 0,
      redirects: [],
      title: { text: 'Hand-made Oak Tables | Shop', length: 27 },
      metaDescription: { text: 'Solid oak tables, made to order in Yorkshire.', length: 45 },
      headings: { h1: ['Oak tables'], h2: ['Dining tables', 'Coffee tables'], h3Count: 1, h4To6Count: 3 },
      canonical: `${origin}/tables`,
      metaRobots: 'index, follow',
      lang: 'en-GB',
      viewport: true,
      images: { total: 5, withAlt: 3, missingAlt: 2, altCoverage: 0.6 },
      // Internal: /about, contact, shop.test (the site without www), blog.shop.test (a subdomain).
      // External: example.org and shop.test.evil.example. #, mailto:, tel: and javascript: do not count.
      links: { internal: 4, external: 2, nofollow: 1 },
      structuredData: { jsonLdTypes: ['Organization', 'WebSite', 'Product'], microdata: true },
      openGraph: { title: true, description: true, image: false },
      // h1-h6: 2+2+1+2+1+1+1, paragraph 7, links 2+1+1+1+1+1+1+1+1+1, offer price 1.
      wordCount: 10 + 7 + 11 + 1,
      robotsTxt: { found: true, status: 200, disallowsAll: false, sitemaps: [`${origin}/sitemaps/pages.xml`, `${origin}/sitemaps/other.xml`] },
      sitemap: { url: `${origin}/sitemaps/pages.xml`, found: true, urlCount: 3 },
      truncated: false,
    });
    expect(sitemapRequests).toEqual(['/sitemaps/pages.xml']);
  });

  it('follows a redirect and measures the page it ends on', async () => {
    const origin = `http://www.shop.test:${server.port}`;
    const facts = await inspector().inspect(`${origin}/old`);
    expect(facts.url).toBe(`${origin}/old`);
    expect(facts.finalUrl).toBe(`${origin}/`);
    expect(facts.redirects).toEqual([`${origin}/`]);
    expect(facts.status).toBe(200);
    expect(facts.title.text).toBe('Hand-made Oak Tables | Shop');
    expect(facts.robotsTxt.found).toBe(true);
  });

  it('reports a site without robots.txt or sitemap, and a page with almost nothing on it', async () => {
    const origin = `http://plain.test:${server.port}`;
    const facts = await inspector().inspect(origin);
    expect({ ...facts, responseTimeMs: 0 }).toEqual({
      url: `${origin}/`,
      finalUrl: `${origin}/`,
      status: 200,
      https: false,
      responseTimeMs: 0,
      redirects: [],
      title: { text: null, length: 0 },
      metaDescription: { text: null, length: 0 },
      headings: { h1: [], h2: [], h3Count: 0, h4To6Count: 0 },
      canonical: null,
      metaRobots: null,
      lang: null,
      viewport: false,
      images: { total: 1, withAlt: 0, missingAlt: 1, altCoverage: 0 },
      links: { internal: 0, external: 0, nofollow: 0 },
      structuredData: { jsonLdTypes: [], microdata: false },
      openGraph: { title: false, description: false, image: false },
      wordCount: 4,
      robotsTxt: { found: false, status: 404, disallowsAll: false, sitemaps: [] },
      sitemap: { url: `${origin}/sitemap.xml`, found: false, urlCount: null },
      truncated: false,
    });
  });

  it('sees a robots.txt that shuts out every crawler, and falls back to /sitemap.xml', async () => {
    sitemapRequests = [];
    const origin = `http://locked.test:${server.port}`;
    const facts = await inspector().inspect(`${origin}/`);
    expect(facts.lang).toBe('fr');
    expect(facts.title).toEqual({ text: 'Fermé', length: 5 });
    expect(facts.images.altCoverage).toBe(1);
    expect(facts.robotsTxt).toEqual({ found: true, status: 200, disallowsAll: true, sitemaps: [] });
    expect(facts.sitemap).toEqual({ url: `${origin}/sitemap.xml`, found: true, urlCount: 2 });
    expect(sitemapRequests).toEqual(['/sitemap.xml']);
  });

  it('treats a robots.txt that cannot be fetched, and a sitemap that is not XML, as not found', async () => {
    const origin = `http://odd.test:${server.port}`;
    const facts = await inspector().inspect(`${origin}/`);
    expect(facts.title.text).toBe('Odd');
    expect(facts.robotsTxt).toEqual({ found: false, status: null, disallowsAll: false, sitemaps: [] });
    expect(facts.sitemap).toEqual({ url: `${origin}/sitemap.xml`, found: false, urlCount: null });
  });

  it('marks a page larger than the size cap as truncated and measures what it read', async () => {
    const facts = await inspector(400).inspect(`http://www.shop.test:${server.port}/`);
    expect(facts.truncated).toBe(true);
    expect(facts.title.text).toBe('Hand-made Oak Tables | Shop');
    expect(facts.headings.h1).toEqual([]);
  });
});

describe('HtmlPageInspector failures', () => {
  it('throws the network error when the page cannot be reached', async () => {
    const closed = await startLocalTestServer(() => undefined);
    await closed.close();
    const promise = inspector().inspect(`${closed.origin}/`);
    await expect(promise).rejects.toBeInstanceOf(OutboundError);
    await expect(promise).rejects.toMatchObject({ kind: 'network' });
  });

  it('throws dns_failed for a host that does not resolve', async () => {
    await expect(inspector().inspect('nowhere.test')).rejects.toMatchObject({ kind: 'dns_failed' });
  });

  it('throws refused_address for a private address', async () => {
    await expect(inspector().inspect('http://10.0.0.1/')).rejects.toMatchObject({ kind: 'refused_address' });
  });
});

/** Answers every request with a fixed page, recording what was asked. */
class RecordingHttp implements OutboundHttp {
  readonly requests: OutboundRequest[] = [];

  async request(request: OutboundRequest): Promise<OutboundResponse> {
    this.requests.push(request);
    const finalUrl = request.url;
    const isPage = !finalUrl.endsWith('/robots.txt') && !finalUrl.endsWith('/sitemap.xml');
    if (!isPage) throw new OutboundError('timeout', 'no answer in time');
    return { status: 200, headers: {}, body: '<title>Home</title>', finalUrl, redirects: [], truncated: false, elapsedMs: 12 };
  }
}

describe('HtmlPageInspector targets', () => {
  it('reads a bare domain as its home page over HTTPS', async () => {
    const http = new RecordingHttp();
    const facts = await new HtmlPageInspector(http).inspect('example.com');
    expect(http.requests.map((request) => request.url)).toEqual(['https://example.com/', 'https://example.com/robots.txt', 'https://example.com/sitemap.xml']);
    expect(facts).toMatchObject({ url: 'https://example.com/', https: true, responseTimeMs: 12, title: { text: 'Home', length: 4 } });
    expect(facts.robotsTxt).toEqual({ found: false, status: null, disallowsAll: false, sitemaps: [] });
  });

  it('uses a URL as given and passes the caller signal on', async () => {
    const http = new RecordingHttp();
    const controller = new AbortController();
    await new HtmlPageInspector(http).inspect('http://example.com/pricing?plan=pro', { signal: controller.signal });
    expect(http.requests[0]).toMatchObject({ url: 'http://example.com/pricing?plan=pro', method: 'GET', signal: controller.signal });
    expect(http.requests.every((request) => request.signal === controller.signal)).toBe(true);
  });

  it('refuses a target that is neither a domain nor a URL', async () => {
    await expect(new HtmlPageInspector(new RecordingHttp()).inspect('not a domain')).rejects.toMatchObject({ kind: 'invalid_url' });
  });
});
