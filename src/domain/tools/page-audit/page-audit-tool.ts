import type { PageFacts, PageInspector } from '../../../ports/page-inspector.ts';
import type { AgentTool, ToolDescriptor } from '../agent-tool.ts';
import { fetchWebTarget } from '../web-target.ts';
import { auditIssues, auditScore } from './measured-issues.ts';
import { pageFactsSchema } from './page-facts-schema.ts';

/** The most issues an audit lists (the agent's schema allows 40). */
const maximumIssues = 40;

export const pageAuditDescriptor: ToolDescriptor = {
  name: 'page-audit',
  description: 'Facts measured on the live page (use these numbers; do not contradict or invent others)',
  outputFields: { pageFacts: pageFactsSchema },
  requiredOutputFields: ['pageFacts'],
};

/**
 * Fetches the audited page, its robots.txt and sitemap before the model answers, gives the model the
 * measured facts, and returns them as `pageFacts`. An answer with `issues` gets the issues the facts show
 * first, loses those that claim missing what was measured present, and a `score` computed from them. A site that cannot be reached is a 400 that says why,
 * never an audit of invented facts.
 */
export function createPageAuditTool(inspector: PageInspector): AgentTool {
  return {
    ...pageAuditDescriptor,
    async prepare(context) {
      const { result: facts } = await fetchWebTarget(
        context,
        { name: 'domain', missing: 'Send the domain or URL to audit (the domain field, or a URL in the prompt)', failure: 'could not be audited' },
        (target, options) => inspector.inspect(target, options),
      );
      return { context: describeFacts(facts), state: facts };
    },
    async finish(output, _context, state) {
      const facts = state as PageFacts;
      if (!Array.isArray(output.issues)) return { ...output, pageFacts: facts };
      // The measured problems lead the issues, written issues the facts refute go, and the score follows the issues.
      const issues = auditIssues(output.issues, facts, maximumIssues);
      const score = typeof output.score === 'number' ? { score: auditScore(issues as { severity: 'high' | 'medium' | 'low' }[]) } : {};
      return { ...output, issues, ...score, pageFacts: facts };
    },
  };
}

function describeFacts(facts: PageFacts): string {
  const quote = (value: string | null) => (value === null ? 'missing' : `"${value}"`);
  return [
    `- URL: ${facts.url} → ${facts.finalUrl} (HTTP ${facts.status}, ${facts.https ? 'HTTPS' : 'not HTTPS'}, ${facts.responseTimeMs} ms, ${facts.redirects.length} redirects)`,
    `- Title: ${quote(facts.title.text)} (${facts.title.length} characters)`,
    `- Meta description: ${quote(facts.metaDescription.text)} (${facts.metaDescription.length} characters)`,
    `- Headings: ${facts.headings.h1.length} h1 (${facts.headings.h1.map((heading) => `"${heading}"`).join(', ') || 'none'}), ${facts.headings.h2.length} h2, ${facts.headings.h3Count} h3`,
    `- Canonical: ${facts.canonical ?? 'missing'}; meta robots: ${facts.metaRobots ?? 'none'}; lang: ${facts.lang ?? 'missing'}; viewport: ${facts.viewport ? 'yes' : 'missing'}`,
    `- Images: ${facts.images.total}, ${facts.images.missingAlt} without alt text (alt coverage ${Math.round(facts.images.altCoverage * 100)}%)`,
    `- Links: ${facts.links.internal} internal, ${facts.links.external} external, ${facts.links.nofollow} nofollow`,
    `- Structured data: ${facts.structuredData.jsonLdTypes.join(', ') || 'no JSON-LD'}${facts.structuredData.microdata ? ' + microdata' : ''}`,
    `- Open Graph: title ${facts.openGraph.title ? 'yes' : 'no'}, description ${facts.openGraph.description ? 'yes' : 'no'}, image ${facts.openGraph.image ? 'yes' : 'no'}`,
    `- Words on the page: ${facts.wordCount}${facts.truncated ? ' (page larger than the size cap; only its start was read)' : ''}`,
    `- robots.txt: ${facts.robotsTxt.found ? `found${facts.robotsTxt.disallowsAll ? ', disallows everything' : ''}` : 'not found'}; sitemap: ${facts.sitemap.found ? `${facts.sitemap.url} (${facts.sitemap.urlCount ?? '?'} URLs)` : 'not found'}`,
  ].join('\n');
}
