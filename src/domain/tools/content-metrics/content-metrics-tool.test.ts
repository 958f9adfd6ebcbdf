import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../agent-tool.ts';
import { contentMetricsDescriptor, createContentMetricsTool } from './content-metrics-tool.ts';

const context: ToolContext = { agentId: 'blog-gen', accountId: 'u1', surface: 'api', prompt: 'a post', fields: {} };

const body = [
  '# Why plans work',
  '',
  'The plan works well for small teams. Each person writes one short report every week.',
  '',
  '## Keep it short',
  '',
  '- Write the report on **Friday**.',
  '- Share it in [the team channel](https://example.com).',
  '',
  '```',
  'code is not counted',
  '```',
].join('\n');

function sample(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Weekly Reports for Small Teams: How to Write Them, Share Them and Keep Them Short',
    slug: 'weekly-reports-small-teams',
    metaDescription:
      'Weekly reports keep small teams aligned without meetings. Learn what to put in one, when to write it, where to share it and how to keep it short enough that people read it.',
    body,
    keywords: ['weekly report', 'small teams'],
    ...overrides,
  };
}

async function finish(output: Record<string, unknown>): Promise<Record<string, unknown>> {
  const tool = createContentMetricsTool();
  if (!tool.finish) throw new Error('content-metrics must have finish()');
  return tool.finish(output, context, undefined);
}

describe('the content-metrics tool', () => {
  it('is described by its descriptor', () => {
    const tool = createContentMetricsTool();
    expect(tool.name).toBe('content-metrics');
    expect(tool.outputFields).toEqual(contentMetricsDescriptor.outputFields);
    expect(tool.requiredOutputFields).toEqual(['wordCount', 'readingTimeMinutes', 'readability']);
  });

  it('measures the body and fits title, description and slug to the limits', async () => {
    const result = await finish(sample());
    // Prose: "Why plans work" (3) + 15 words + "Keep it short" (3) + "Write the report on Friday" (5)
    // + "Share it in the team channel" (6); the code block is not prose.
    expect(result.wordCount).toBe(32);
    expect(result.readingTimeMinutes).toBe(1);
    expect(result.readability).toEqual({ fleschReadingEase: expect.any(Number), fleschKincaidGrade: expect.any(Number), level: expect.any(String) });
    // With "Them" the title would be 61 characters.
    expect(result.title).toBe('Weekly Reports for Small Teams');
    expect((result.title as string).length).toBeLessThanOrEqual(60);
    expect(result.metaDescription).toBe(
      'Weekly reports keep small teams aligned without meetings. Learn what to put in one, when to write it, where to share it and how to keep it short enough…',
    );
    expect((result.metaDescription as string).length).toBeLessThanOrEqual(155);
    expect(result.slug).toBe('weekly-reports-small-teams');
    expect(result.body).toBe(body);
    expect(result.keywords).toEqual(['weekly report', 'small teams']);
  });

  it('leaves fields that already fit as they are', async () => {
    const output = sample({ title: 'Weekly Reports for Small Teams', metaDescription: 'What to put in a weekly report, when to write it and how to keep it short.' });
    const result = await finish(output);
    expect(result.title).toBe(output.title);
    expect(result.metaDescription).toBe(output.metaDescription);
  });

  it('rebuilds a missing or invalid slug from the fitted title', async () => {
    expect((await finish(sample({ slug: 'Weekly Reports!' }))).slug).toBe('weekly-reports-small-teams');
    const { slug: _slug, ...withoutSlug } = sample({ title: 'Crème brûlée for the team' });
    expect((await finish(withoutSlug)).slug).toBe('creme-brulee-team');
    expect((await finish(sample({ slug: '', title: '週報の書き方' }))).slug).toBe('post');
  });

  it('cuts a valid but long slug at a hyphen', async () => {
    const result = await finish(sample({ slug: `${'weekly-report-'.repeat(6)}guide` }));
    // Five pairs are 69 characters with their hyphen; one more "weekly" would make 76.
    expect(result.slug).toBe('weekly-report-'.repeat(4) + 'weekly-report');
    expect((result.slug as string).length).toBeLessThanOrEqual(75);
  });

  it('measures an empty or missing body as one minute of nothing', async () => {
    const result = await finish(sample({ body: undefined }));
    expect(result).toMatchObject({ wordCount: 0, readingTimeMinutes: 1, readability: { fleschReadingEase: 100, fleschKincaidGrade: 0, level: 'very easy' } });
  });
});
