import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { describePrompt } from './prompt-subject.ts';
import { generateSandboxOutput } from './sandbox-output.ts';

const schema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      minItems: 2,
      maxItems: 4,
      items: {
        type: 'object',
        properties: {
          company: { type: 'string' },
          contact: { type: 'string', format: 'email' },
          website: { type: 'string' },
          score: { type: 'integer', minimum: 0, maximum: 100 },
          priority: { type: 'string', enum: ['p1', 'p2'] },
        },
        required: ['company', 'contact', 'score', 'priority'],
      },
    },
    count: { type: 'integer' },
    title: { type: 'string', maxLength: 30 },
    summary: { type: 'string', minLength: 120 },
    sent: { type: 'boolean' },
    budget: { type: ['number', 'null'], minimum: 1000, maximum: 2000 },
  },
  required: ['items', 'count', 'title', 'summary', 'sent'],
};

describe('generateSandboxOutput', () => {
  const output = generateSandboxOutput(schema, 'Find logistics companies in Rotterdam') as Record<string, unknown> & { items: Record<string, unknown>[] };

  it('satisfies the schema: lengths, ranges, enums, formats and array bounds', () => {
    const result = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(output);
    expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
  });

  it('is deterministic for a prompt and differs between prompts', () => {
    expect(generateSandboxOutput(schema, 'Find logistics companies in Rotterdam')).toEqual(output);
    expect(generateSandboxOutput(schema, 'Find bakeries in Lyon')).not.toEqual(output);
  });

  it('uses the prompt’s words, reserved .example domains, matching counts, and never claims an action happened', () => {
    expect(output.count).toBe(output.items.length);
    expect(output.sent).toBe(false);
    for (const item of output.items) {
      expect(item.contact).toMatch(/^[a-z]+@[a-z0-9-]+\.example$/);
      expect(String(item.contact).split('@')[1]).toBe(new URL(String(item.website)).hostname.replace(/^www\./, ''));
    }
    expect(JSON.stringify(output).toLowerCase()).toContain('logistics');
  });
});

describe('describePrompt', () => {
  it('takes the topic from the first sentence without a greeting, and keywords without filler', () => {
    const subject = describePrompt('Hi, I ordered a sofa last week and it has not arrived. Can you check?\n\nDetails:\n- order: 1234');
    expect(subject.topic).toBe('I ordered a sofa last week and it has not arrived');
    expect(subject.keywords.slice(0, 3)).toEqual(['ordered', 'sofa', 'arrived']);
    expect(subject.details).toEqual({ order: '1234' });
  });
});
