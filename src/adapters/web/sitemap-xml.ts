export interface SitemapSummary {
  /** The document is a sitemap (`<urlset>`) or a sitemap index (`<sitemapindex>`). */
  isSitemap: boolean;
  /** `<loc>` elements: pages in a sitemap, child sitemaps in an index. */
  urlCount: number;
}

/** A namespace prefix is allowed (`<sm:loc>`), as XML permits. */
const rootPattern = /<(?:[\w.-]+:)?(?:urlset|sitemapindex)[\s>/]/i;
const locPattern = /<(?:[\w.-]+:)?loc[\s>]/gi;

export function summarizeSitemap(xml: string): SitemapSummary {
  const isSitemap = rootPattern.test(xml);
  return { isSitemap, urlCount: isSitemap ? (xml.match(locPattern)?.length ?? 0) : 0 };
}
