/** Facts measured on a live page, for audits that must not invent them. */
export interface PageFacts {
  /** The URL requested, and where it ended after redirects. */
  url: string;
  finalUrl: string;
  status: number;
  https: boolean;
  responseTimeMs: number;
  redirects: string[];
  title: { text: string | null; length: number };
  metaDescription: { text: string | null; length: number };
  headings: { h1: string[]; h2: string[]; h3Count: number; h4To6Count: number };
  canonical: string | null;
  metaRobots: string | null;
  lang: string | null;
  viewport: boolean;
  images: { total: number; withAlt: number; missingAlt: number; altCoverage: number };
  links: { internal: number; external: number; nofollow: number };
  /** JSON-LD `@type` values found, and whether microdata is present. */
  structuredData: { jsonLdTypes: string[]; microdata: boolean };
  openGraph: { title: boolean; description: boolean; image: boolean };
  wordCount: number;
  robotsTxt: { found: boolean; status: number | null; disallowsAll: boolean; sitemaps: string[] };
  sitemap: { url: string | null; found: boolean; urlCount: number | null };
  /** True when the page body was larger than the size cap and only its start was read. */
  truncated: boolean;
}

export interface PageInspector {
  /** Fetches and measures a page (a domain means its home page over HTTPS). Throws OutboundError. */
  inspect(target: string, options?: { signal?: AbortSignal }): Promise<PageFacts>;
}
