import type { PageFacts } from '../../../ports/page-inspector.ts';

/** An audit issue in the shape `seo-dominator` answers them. */
export interface AuditIssue {
  title: string;
  severity: 'high' | 'medium' | 'low';
  area?: string;
  evidence?: string;
  fix: string;
}

/** A problem the measured facts show, and the words by which a written issue speaks of the same thing. */
interface MeasuredIssue extends AuditIssue {
  topic: Topic;
}

/** What a measurable issue is about; each has words that name it in a written issue. */
type Topic = 'status' | 'https' | 'title' | 'description' | 'h1' | 'canonical' | 'noindex' | 'lang' | 'viewport' | 'alt' | 'structured' | 'robots' | 'sitemap' | 'speed' | 'thin';

const topicWords: Record<Topic, readonly string[]> = {
  status: ['status code', 'http 4', 'http 5', 'error page', 'broken page'],
  https: ['https', 'ssl', 'tls', 'insecure'],
  title: ['title tag', 'page title', '<title>', 'title length', 'title is', 'title too', 'no title', 'missing title', 'the title'],
  description: ['meta description'],
  h1: ['h1'],
  canonical: ['canonical'],
  noindex: ['noindex', 'meta robots'],
  lang: ['lang attribute', 'language attribute', 'html lang'],
  viewport: ['viewport'],
  alt: ['alt text', 'alt attribute', 'alt-text'],
  structured: ['structured data', 'schema markup', 'json-ld', 'schema.org'],
  robots: ['robots.txt'],
  sitemap: ['sitemap'],
  speed: ['response time', 'server response', 'ttfb', 'slow server'],
  thin: ['thin content', 'word count', 'too little content'],
};

/** Words that say something is absent: an issue about a topic with these words claims it is missing. */
const absenceWords = ['missing', 'no ', 'not ', 'absent', 'lacks', 'lacking', 'without', 'none', 'empty', 'not found'];

/**
 * The issues of an audit made true to the page: first the issues the facts show, each quoting what was
 * measured, then the written issues that neither claim missing what was measured present nor repeat a
 * measured topic. At most `limit` issues. Thresholds are the usual search guidance: titles of 30-60
 * characters, descriptions up to 160, one H1, a server answering within 1.5 s, 300 words.
 */
export function auditIssues(written: readonly unknown[], facts: PageFacts, limit: number): unknown[] {
  const found = measured(facts);
  const kept = written.filter((issue) => {
    if (!isWrittenIssue(issue)) return true;
    const topic = topicOf(issue.title.toLowerCase());
    return !contradictsFacts(issue, facts) && !found.some((entry) => entry.topic === topic);
  });
  return [...found.map(({ topic: _topic, ...issue }) => issue), ...kept].slice(0, limit);
}

function isWrittenIssue(issue: unknown): issue is { title: string; evidence?: unknown } {
  return typeof issue === 'object' && issue !== null && typeof (issue as { title?: unknown }).title === 'string';
}

function measured(facts: PageFacts): MeasuredIssue[] {
  const issues: MeasuredIssue[] = [];
  const add = (topic: Topic, severity: AuditIssue['severity'], area: string, title: string, evidence: string, fix: string): void =>
    void issues.push({ topic, severity, area, title, evidence: `Measured: ${evidence}`, fix });
  if (facts.status >= 400) add('status', 'high', 'indexation', `The page answers HTTP ${facts.status}`, `${facts.finalUrl} answered HTTP ${facts.status}`, 'Serve the page with HTTP 200, or redirect it to the page that replaced it');
  if (!facts.https) add('https', 'high', 'crawlability', 'The page is not served over HTTPS', `${facts.finalUrl} is not HTTPS`, 'Serve every page over HTTPS and redirect HTTP to it');
  if (facts.metaRobots?.toLowerCase().includes('noindex')) add('noindex', 'high', 'indexation', 'The page asks not to be indexed', `meta robots "${facts.metaRobots}"`, 'Remove noindex from pages that should rank');
  if (facts.robotsTxt.disallowsAll) add('robots', 'high', 'crawlability', 'robots.txt disallows the whole site', 'robots.txt disallows everything', 'Allow crawling of the pages that should rank');
  if (!facts.viewport) add('viewport', 'high', 'mobile', 'No viewport meta tag', 'no viewport meta tag', 'Add <meta name="viewport" content="width=device-width, initial-scale=1">');
  if (facts.title.text === null) add('title', 'high', 'on-page', 'The page has no title', 'no <title>', 'Write a unique title of 30-60 characters with the main keyword first');
  else if (facts.title.length > 60) add('title', 'medium', 'on-page', `The title is ${facts.title.length} characters long`, `title "${facts.title.text}" (${facts.title.length} characters)`, 'Shorten the title to 60 characters or fewer so it is not cut in results');
  else if (facts.title.length < 30) add('title', 'low', 'on-page', `The title is only ${facts.title.length} characters long`, `title "${facts.title.text}" (${facts.title.length} characters)`, 'Lengthen the title to 30-60 characters with the main keyword and a reason to click');
  if (facts.metaDescription.text === null) add('description', 'medium', 'on-page', 'The page has no meta description', 'no meta description', 'Write a meta description of 70-160 characters that answers the searcher');
  else if (facts.metaDescription.length > 160) add('description', 'low', 'on-page', `The meta description is ${facts.metaDescription.length} characters long`, `meta description of ${facts.metaDescription.length} characters`, 'Shorten the meta description to 160 characters or fewer');
  if (facts.headings.h1.length === 0) add('h1', 'medium', 'on-page', 'The page has no H1 heading', 'no <h1>', 'Give the page one H1 that states its topic');
  else if (facts.headings.h1.length > 1) add('h1', 'low', 'on-page', `The page has ${facts.headings.h1.length} H1 headings`, `${facts.headings.h1.length} <h1> elements`, 'Keep one H1 and make the others H2');
  if (facts.canonical === null) add('canonical', 'medium', 'indexation', 'No canonical URL', 'no <link rel="canonical">', 'Add a self-referencing canonical URL');
  if (!facts.sitemap.found) add('sitemap', 'medium', 'crawlability', 'No XML sitemap found', 'no sitemap at robots.txt or /sitemap.xml', 'Publish an XML sitemap and list it in robots.txt');
  if (!facts.robotsTxt.found) add('robots', 'low', 'crawlability', 'No robots.txt', 'robots.txt not found', 'Publish a robots.txt that points to the sitemap');
  if (facts.responseTimeMs > 1500) add('speed', 'medium', 'performance', `The server took ${Math.round(facts.responseTimeMs)} ms to answer`, `response time ${Math.round(facts.responseTimeMs)} ms`, 'Cache the page or speed up the server so it answers within about 600 ms');
  if (facts.images.missingAlt > 0) add('alt', facts.images.altCoverage < 0.5 ? 'medium' : 'low', 'on-page', `${facts.images.missingAlt} of ${facts.images.total} images have no alt text`, `${facts.images.missingAlt} images without alt`, 'Describe each meaningful image in its alt attribute');
  if (facts.structuredData.jsonLdTypes.length === 0 && !facts.structuredData.microdata) add('structured', 'low', 'structured-data', 'No structured data', 'no JSON-LD or microdata', 'Add schema.org markup for the organisation and the page type');
  if (facts.lang === null) add('lang', 'low', 'on-page', 'The page declares no language', 'no lang attribute on <html>', 'Set the lang attribute of <html>');
  if (facts.wordCount < 300 && !facts.truncated) add('thin', 'medium', 'content', `The page has only ${facts.wordCount} words`, `${facts.wordCount} words`, 'Expand the page to answer the searcher fully');
  return issues;
}

/** Whether a written issue claims something is missing that was measured present. */
function contradictsFacts(issue: Pick<AuditIssue, 'title'> & { evidence?: unknown }, facts: PageFacts): boolean {
  const text = `${issue.title} ${typeof issue.evidence === 'string' ? issue.evidence : ''}`.toLowerCase();
  if (!absenceWords.some((word) => text.includes(word))) return false;
  const present: Partial<Record<Topic, boolean>> = {
    https: facts.https,
    title: facts.title.text !== null,
    description: facts.metaDescription.text !== null,
    h1: facts.headings.h1.length > 0,
    canonical: facts.canonical !== null,
    viewport: facts.viewport,
    alt: facts.images.total > 0 && facts.images.missingAlt === 0,
    structured: facts.structuredData.jsonLdTypes.length > 0 || facts.structuredData.microdata,
    robots: facts.robotsTxt.found,
    sitemap: facts.sitemap.found,
    lang: facts.lang !== null,
  };
  return (Object.keys(present) as Topic[]).some((topic) => present[topic] === true && topicOf(text) === topic);
}

/** The one topic a text speaks of, when exactly one is named. */
function topicOf(text: string): Topic | undefined {
  const named = (Object.keys(topicWords) as Topic[]).filter((topic) => topicWords[topic].some((word) => text.includes(word)));
  return named.length === 1 ? named[0] : undefined;
}

/** The score the agent's instructions define: 100, less 15 per high, 6 per medium and 2 per low issue, never below 0. */
export function auditScore(issues: readonly Pick<AuditIssue, 'severity'>[]): number {
  const cost = { high: 15, medium: 6, low: 2 } as const;
  return Math.max(0, 100 - issues.reduce((total, issue) => total + (cost[issue.severity] ?? 0), 0));
}
