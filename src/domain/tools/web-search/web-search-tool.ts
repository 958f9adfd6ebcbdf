import type { WebSearch, WebSearchResult } from '../../../ports/web-search.ts';
import type { AgentTool, ToolContext, ToolDescriptor } from '../agent-tool.ts';

const resultLimit = 8;

export const webSearchDescriptor: ToolDescriptor = {
  name: 'web-search',
  description: 'Web search results (use them as evidence; cite only these URLs)',
  outputFields: {
    sources: {
      type: 'array',
      description: 'The web pages the answer could draw on; empty when no search engine is configured',
      items: { type: 'object', properties: { title: { type: 'string' }, url: { type: 'string' } }, required: ['title', 'url'] },
    },
  },
  requiredOutputFields: ['sources'],
};

/**
 * Searches the web before the model answers, when a search engine is configured, and hands the results to
 * the model as evidence. Without one (or when the search fails) the agent answers from the model alone and
 * says so through an empty `sources` list.
 */
export function createWebSearchTool(webSearch: WebSearch | undefined): AgentTool {
  return {
    ...webSearchDescriptor,
    async prepare(context) {
      if (!webSearch) return { state: [] };
      const query = searchQuery(context);
      let results: WebSearchResult[] = [];
      context.onOutbound?.();
      try {
        results = await webSearch.search(query, { limit: resultLimit, ...(context.signal ? { signal: context.signal } : {}) });
      } catch {
        // A search outage must not fail the run; the empty sources list tells the caller.
        return { state: [] };
      }
      if (results.length === 0) return { state: [] };
      const listing = results.map((result, index) => `${index + 1}. ${result.title} — ${result.url}\n   ${result.snippet}`).join('\n');
      return { context: `Query: ${query}\n${listing}`, state: results };
    },
    async finish(output, _context, state) {
      const results = Array.isArray(state) ? (state as WebSearchResult[]) : [];
      return { ...output, sources: results.map((result) => ({ title: result.title, url: result.url })) };
    },
  };
}

/** The request's own words: the first line of its prompt, or else its structured text fields. */
export function searchQuery(context: ToolContext): string {
  const firstLine = context.prompt?.trim().split('\n')[0] ?? '';
  const fieldText = Object.values(context.fields)
    .filter((value): value is string => typeof value === 'string')
    .join(' ');
  return (firstLine || fieldText).replace(/\s+/g, ' ').trim().slice(0, 200);
}
