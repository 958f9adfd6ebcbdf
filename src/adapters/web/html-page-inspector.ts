import type { OutboundHttp, OutboundResponse } from '../../ports/outbound-http.ts';
import type { PageFacts, PageInspector } from '../../ports/page-inspector.ts';
import { measureHtml } from './html-facts.ts';
import { pageUrlOf } from './page-target.ts';
import { parseRobotsTxt } from './robots-txt.ts';
import { summarizeSitemap } from './sitemap-xml.ts';

type RobotsFacts = PageFacts['robotsTxt'];
type SitemapFacts = PageFacts['sitemap'];

const htmlAccept = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

/**
 * Measures a live page from its HTML, then the site's robots.txt and sitemap. Everything goes through
 * the given OutboundHttp, so the same address policy, deadlines and size caps apply.
 */
export class HtmlPageInspector implements PageInspector {
  private readonly http: OutboundHttp;

  constructor(http: OutboundHttp) {
    this.http = http;
  }

  async inspect(target: string, options: { signal?: AbortSignal } = {}): Promise<PageFacts> {
    const url = pageUrlOf(target);
    const page = await this.http.request({ url, method: 'GET', headers: { accept: htmlAccept }, signal: options.signal });
    const html = measureHtml(page.body, page.finalUrl);
    const robotsTxt = await this.robotsTxt(page.finalUrl, options.signal);
    const sitemap = await this.sitemap(robotsTxt.sitemaps, page.finalUrl, options.signal);
    return {
      url,
      finalUrl: page.finalUrl,
      status: page.status,
      https: new URL(page.finalUrl).protocol === 'https:',
      responseTimeMs: page.elapsedMs,
      redirects: page.redirects,
      ...html,
      robotsTxt,
      sitemap,
      truncated: page.truncated,
    };
  }

  private async robotsTxt(pageUrl: string, signal: AbortSignal | undefined): Promise<RobotsFacts> {
    const response = await this.optionalGet(new URL('/robots.txt', pageUrl).href, 'text/plain,*/*;q=0.8', signal);
    if (response?.status !== 200) return { found: false, status: response?.status ?? null, disallowsAll: false, sitemaps: [] };
    const rules = parseRobotsTxt(response.body);
    return { found: true, status: 200, disallowsAll: rules.disallowsAll, sitemaps: rules.sitemaps };
  }

  private async sitemap(declared: string[], pageUrl: string, signal: AbortSignal | undefined): Promise<SitemapFacts> {
    const url = sitemapUrl(declared[0], pageUrl);
    const response = await this.optionalGet(url, 'application/xml,text/xml;q=0.9,*/*;q=0.8', signal);
    if (response?.status !== 200) return { url, found: false, urlCount: null };
    const summary = summarizeSitemap(response.body);
    return summary.isSitemap ? { url, found: true, urlCount: summary.urlCount } : { url, found: false, urlCount: null };
  }

  /** robots.txt and the sitemap are optional: any failure to fetch them means they were not found. */
  private async optionalGet(url: string, accept: string, signal: AbortSignal | undefined): Promise<OutboundResponse | undefined> {
    try {
      return await this.http.request({ url, method: 'GET', headers: { accept }, signal });
    } catch {
      return undefined;
    }
  }
}

/** The first sitemap robots.txt declares, else the conventional /sitemap.xml of the page's origin. */
function sitemapUrl(declared: string | undefined, pageUrl: string): string {
  if (declared !== undefined) {
    try {
      return new URL(declared, pageUrl).href;
    } catch {
      // A malformed Sitemap line: fall back to the conventional place.
    }
  }
  return new URL('/sitemap.xml', pageUrl).href;
}
