import { describe, expect, it } from 'vitest';
import { readPagePlan } from './page-plan.ts';

/** How readPagePlan types a model's output into a page plan. */
describe('readPagePlan', () => {
  it('types a model output and reads what is missing as absent', () => {
    const read = readPagePlan({
      title: 'A page',
      metaDescription: 'About it',
      navigation: [{ label: 'Home', url: '/' }, { label: '', url: '/x' }, 'not a link'],
      sections: [{ type: 'hero', heading: 'Hello', body: 'World', items: [{ title: 'One' }, null], ctaLabel: '  ' }, 'junk'],
    });
    expect(read).toEqual({
      title: 'A page',
      metaDescription: 'About it',
      language: undefined,
      primaryCta: undefined,
      primaryCtaUrl: undefined,
      navigation: [{ label: 'Home', url: '/' }],
      sections: [{ type: 'hero', heading: 'Hello', body: 'World', items: [{ title: 'One', text: undefined, url: undefined }], ctaLabel: undefined, ctaUrl: undefined }],
    });
  });
});
