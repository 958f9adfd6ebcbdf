import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../agent-tool.ts';
import { createPageRendererTool, pageRendererDescriptor } from './page-renderer-tool.ts';

const context: ToolContext = { agentId: 'page-builder', accountId: 'u1', surface: 'v1', prompt: 'a page', fields: {} };

describe('the page-renderer tool', () => {
  it('is described by its descriptor', () => {
    const tool = createPageRendererTool();
    expect(tool.name).toBe('page-renderer');
    expect(tool.outputFields).toEqual(pageRendererDescriptor.outputFields);
    expect(tool.requiredOutputFields).toEqual(['html']);
  });

  it('adds the rendered page to the plan and keeps the plan as it was', async () => {
    const tool = createPageRendererTool();
    if (!tool.finish) throw new Error('page-renderer must have finish()');
    const plan = {
      title: 'Ledger Pilot for freelancers',
      metaDescription: 'Bookkeeping that does itself, for freelancers who would rather work on clients than spreadsheets.',
      primaryCta: 'Start my free trial',
      sections: [{ type: 'hero', heading: 'Bookkeeping that does itself', body: 'Snap a receipt.' }],
      openQuestions: ['What does it cost?'],
    };
    const result = await tool.finish(plan, context, undefined);
    expect(result).toEqual({ ...plan, html: expect.stringMatching(/^<!doctype html>\n<html lang="en" dir="ltr">[\s\S]*<h1 id="hero-heading">Bookkeeping that does itself<\/h1>[\s\S]*<\/html>\n$/) });
  });
});
