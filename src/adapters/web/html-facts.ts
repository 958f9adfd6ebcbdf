import { Parser } from 'htmlparser2';
import type { PageFacts } from '../../ports/page-inspector.ts';
import { jsonLdTypes } from './json-ld-types.ts';
import { classifyLink } from './link-classification.ts';
import { countWords, inlineElements } from './word-count.ts';

export type HtmlFacts = Pick<
  PageFacts,
  'title' | 'metaDescription' | 'headings' | 'canonical' | 'metaRobots' | 'lang' | 'viewport' | 'images' | 'links' | 'structuredData' | 'openGraph' | 'wordCount'
>;

/** Heading texts kept per level: a page with more lists only its first 20. */
const maxHeadingTexts = 20;

/** Text inside these is not shown to a reader. */
const hiddenElements = new Set(['script', 'style', 'noscript', 'template', 'title']);

type Attributes = Record<string, string>;

/**
 * Measures the SEO facts of an HTML document. `pageUrl` is where the document was finally served from:
 * relative links and the canonical resolve against it (or against `<base href>`).
 */
export function measureHtml(html: string, pageUrl: string): HtmlFacts {
  const collector = new FactsCollector(new URL(pageUrl));
  const parser = new Parser(
    {
      onopentag: (name, attributes) => collector.open(name, attributes),
      onclosetag: (name) => collector.close(name),
      ontext: (text) => collector.text(text),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return collector.facts();
}

class FactsCollector {
  private readonly pageUrl: URL;
  private baseUrl: URL;
  private baseSeen = false;
  private lang: string | null | undefined;
  private titleText: string | undefined;
  private titleOpen = false;
  private metaDescription: string | undefined;
  private metaRobots: string | undefined;
  private canonical: string | undefined;
  private viewport = false;
  private readonly openGraph = { title: false, description: false, image: false };
  private readonly headings = { h1: [] as string[], h2: [] as string[], h3Count: 0, h4To6Count: 0 };
  private readonly openHeadings: Array<{ level: 'h1' | 'h2'; text: string }> = [];
  private readonly images = { total: 0, withAlt: 0 };
  private readonly links = { internal: 0, external: 0, nofollow: 0 };
  private readonly jsonLd = new Set<string>();
  private jsonLdSource: string | undefined;
  private microdata = false;
  private hiddenDepth = 0;
  private svgDepth = 0;
  private readonly visibleText: string[] = [];

  constructor(pageUrl: URL) {
    this.pageUrl = pageUrl;
    this.baseUrl = pageUrl;
  }

  open(name: string, attributes: Attributes): void {
    if ('itemscope' in attributes) this.microdata = true;
    if (!inlineElements.has(name)) this.visibleText.push(' ');
    if (hiddenElements.has(name)) this.hiddenDepth += 1;
    if (name === 'svg') this.svgDepth += 1;

    switch (name) {
      case 'html':
        this.lang ??= nonEmpty(attributes.lang);
        break;
      case 'base':
        this.readBase(attributes.href);
        break;
      case 'title':
        // An SVG <title> names a drawing, not the document.
        if (this.svgDepth === 0 && this.titleText === undefined) {
          this.titleOpen = true;
          this.titleText = '';
        }
        break;
      case 'meta':
        this.readMeta(attributes);
        break;
      case 'link':
        if (this.canonical === undefined && relTokens(attributes.rel).includes('canonical') && attributes.href !== undefined) {
          this.canonical = this.resolve(attributes.href);
        }
        break;
      case 'img':
        this.images.total += 1;
        if ((attributes.alt ?? '').trim() !== '') this.images.withAlt += 1;
        break;
      case 'a':
        this.readLink(attributes);
        break;
      case 'h1':
      case 'h2':
        this.openHeadings.push({ level: name, text: '' });
        break;
      case 'h3':
        this.headings.h3Count += 1;
        break;
      case 'h4':
      case 'h5':
      case 'h6':
        this.headings.h4To6Count += 1;
        break;
      case 'script':
        if (mediaType(attributes.type) === 'application/ld+json') this.jsonLdSource = '';
        break;
    }
  }

  close(name: string): void {
    if (!inlineElements.has(name)) this.visibleText.push(' ');
    if (hiddenElements.has(name) && this.hiddenDepth > 0) this.hiddenDepth -= 1;
    if (name === 'svg' && this.svgDepth > 0) this.svgDepth -= 1;
    if (name === 'title') this.titleOpen = false;
    if (name === 'script' && this.jsonLdSource !== undefined) {
      for (const type of jsonLdTypes(this.jsonLdSource)) this.jsonLd.add(type);
      this.jsonLdSource = undefined;
    }
    if (name === 'h1' || name === 'h2') {
      const index = this.openHeadings.findLastIndex((heading) => heading.level === name);
      const [heading] = index === -1 ? [] : this.openHeadings.splice(index, 1);
      const texts = this.headings[name];
      if (heading !== undefined && texts.length < maxHeadingTexts) texts.push(collapse(heading.text));
    }
  }

  text(text: string): void {
    if (this.titleOpen && this.titleText !== undefined) this.titleText += text;
    if (this.jsonLdSource !== undefined) this.jsonLdSource += text;
    if (this.hiddenDepth > 0) return;
    for (const heading of this.openHeadings) heading.text += text;
    this.visibleText.push(text);
  }

  facts(): HtmlFacts {
    const title = nonEmpty(collapse(this.titleText ?? ''));
    const description = nonEmpty(collapse(this.metaDescription ?? ''));
    const { total, withAlt } = this.images;
    return {
      title: { text: title, length: characterCount(title) },
      metaDescription: { text: description, length: characterCount(description) },
      headings: { h1: [...this.headings.h1], h2: [...this.headings.h2], h3Count: this.headings.h3Count, h4To6Count: this.headings.h4To6Count },
      canonical: this.canonical ?? null,
      metaRobots: nonEmpty(this.metaRobots),
      lang: this.lang ?? null,
      viewport: this.viewport,
      images: { total, withAlt, missingAlt: total - withAlt, altCoverage: total === 0 ? 1 : withAlt / total },
      links: { ...this.links },
      structuredData: { jsonLdTypes: [...this.jsonLd], microdata: this.microdata },
      openGraph: { ...this.openGraph },
      wordCount: countWords(this.visibleText.join('')),
    };
  }

  private readBase(href: string | undefined): void {
    if (this.baseSeen || href === undefined) return;
    this.baseSeen = true;
    try {
      this.baseUrl = new URL(href.trim(), this.pageUrl);
    } catch {
      // An unusable <base> leaves links relative to the page, as browsers do.
    }
  }

  private readMeta(attributes: Attributes): void {
    const name = (attributes.name ?? '').trim().toLowerCase();
    const property = (attributes.property ?? '').trim().toLowerCase();
    const content = attributes.content;
    if (name === 'description' && this.metaDescription === undefined) this.metaDescription = content ?? '';
    if (name === 'robots' && this.metaRobots === undefined) this.metaRobots = content ?? '';
    if (name === 'viewport') this.viewport = true;
    // Open Graph is defined on `property`; many sites write `name`, which crawlers accept too.
    const openGraphKey = property.startsWith('og:') ? property : name.startsWith('og:') ? name : '';
    if (nonEmpty(content) === null) return;
    if (openGraphKey === 'og:title') this.openGraph.title = true;
    if (openGraphKey === 'og:description') this.openGraph.description = true;
    if (openGraphKey === 'og:image') this.openGraph.image = true;
  }

  private readLink(attributes: Attributes): void {
    if (attributes.href === undefined) return;
    const kind = classifyLink(attributes.href, this.baseUrl, this.pageUrl.hostname);
    if (kind === null) return;
    this.links[kind] += 1;
    if (relTokens(attributes.rel).includes('nofollow')) this.links.nofollow += 1;
  }

  private resolve(href: string): string {
    try {
      return new URL(href.trim(), this.baseUrl).href;
    } catch {
      return href.trim();
    }
  }
}

function relTokens(rel: string | undefined): string[] {
  return (rel ?? '').toLowerCase().split(/\s+/).filter((token) => token !== '');
}

function mediaType(type: string | undefined): string {
  return (type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function nonEmpty(text: string | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Characters as a reader counts them: code points, so an emoji is one. */
function characterCount(text: string | null): number {
  return text === null ? 0 : [...text].length;
}
