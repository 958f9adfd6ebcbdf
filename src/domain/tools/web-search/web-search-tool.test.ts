import { describe, expect, it } from 'vitest';
import type { WebSearch } from '../../../ports/web-search.ts';
import type { ToolContext } from '../agent-tool.ts';
import { createWebSearchTool, searchQuery } from './web-search-tool.ts';

const context = (prompt: string | undefined, fields: Record<string, unknown> = {}): ToolContext => ({ agentId: 'leads', accountId: 'a', surface: 'api', prompt, fields });

describe('the web-search tool', () => {
  it('hands results to the model and lists them as sources', async () => {
    const queries: string[] = [];
    const search: WebSearch = {
      search: async (query) => {
        queries.push(query);
        return [{ title: 'Acme Pay', url: 'https://acmepay.example/', snippet: 'Payments for startups in Berlin' }];
      },
    };
    const tool = createWebSearchTool(search);
    const preparation = await tool.prepare?.(context('fintech startups in Berlin\nmore detail'));
    expect(queries).toEqual(['fintech startups in Berlin']);
    expect(preparation?.context).toContain('1. Acme Pay — https://acmepay.example/');
    const output = await tool.finish?.({ leads: [] }, context('x'), preparation?.state);
    expect(output).toEqual({ leads: [], sources: [{ title: 'Acme Pay', url: 'https://acmepay.example/' }] });
  });

  it('answers without evidence, and an empty sources list, when no search engine is configured or it fails', async () => {
    const unconfigured = createWebSearchTool(undefined);
    expect(await unconfigured.prepare?.(context('x'))).toEqual({ state: [] });
    const failing = createWebSearchTool({ search: async () => Promise.reject(new Error('503')) });
    const preparation = await failing.prepare?.(context('x'));
    expect(preparation?.context).toBeUndefined();
    expect(await failing.finish?.({}, context('x'), preparation?.state)).toEqual({ sources: [] });
  });

  it('builds the query from the structured fields when there is no prompt', () => {
    expect(searchQuery(context(undefined, { niche: 'dental clinics', location: 'Lisbon', size: 3 }))).toBe('dental clinics Lisbon');
  });
});
