import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairToSchema } from './schema-repairs.ts';

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 80 },
    title: { type: 'string', maxLength: 20 },
    tone: { type: 'string', enum: ['formal', 'casual'] },
    published: { type: 'string', format: 'date' },
    day: { type: 'integer', minimum: 0, maximum: 90 },
    tags: { type: 'array', maxItems: 2, uniqueItems: true, items: { type: 'string' } },
  },
};

describe('repairToSchema', () => {
  it('mends what code can decide, and says what it did', () => {
    const { value, repaired } = repairToSchema(schema, {
      slug: 'Ten Tips: Pricing for SaaS!',
      title: 'A title that is far too long for its field',
      tone: 'Formal',
      published: 'March 3, 2026',
      day: '120',
      tags: ['a', 'a', 'b', 'c'],
      extra: 'not in the schema',
    });
    expect(value).toEqual({ slug: 'ten-tips-pricing-for-saas', title: 'A title that is…', tone: 'formal', published: '2026-03-03', day: 90, tags: ['a', 'b'] });
    expect(repaired).toHaveLength(9);
    expect(repaired[0]).toBe('slug: slug "Ten Tips: Pricing for SaaS!" made "ten-tips-pricing-for-saas"');
  });

  it('rounds a fraction where a whole number goes, and leaves a valid value as it is', () => {
    expect(repairToSchema(schema, { day: 3.6 }).value).toEqual({ day: 4 });
    const valid = { slug: 'ok', title: 'Short', tone: 'casual', published: '2026-01-31', day: 0, tags: ['x'] };
    expect(repairToSchema(schema, valid)).toEqual({ value: valid, repaired: [] });
  });

  it('leaves what only a model can fix for validation: a wrong type, a date that is not one, a missing field', () => {
    expect(repairToSchema(schema, { day: 'soon', published: 'next week-ish', tone: 'angry' })).toEqual({ value: { day: 'soon', published: 'next week-ish', tone: 'angry' }, repaired: [] });
  });

  it('never cuts a surrogate pair in half, and keeps every string within its length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (title) => {
        const { value } = repairToSchema(schema, { title }) as { value: { title: string } };
        expect(value.title.length).toBeLessThanOrEqual(20);
        expect(value.title).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      }),
    );
  });
});
