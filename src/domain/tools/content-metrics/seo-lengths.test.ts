import { describe, expect, it } from 'vitest';
import { buildSlug, fitMetaDescription, fitSlug, fitTitle, isValidSlug } from './seo-lengths.ts';

describe('fitTitle', () => {
  it('drops a subtitle rather than cutting a phrase when the main title fits', () => {
    expect(fitTitle('How to Choose a CRM for a Ten-Person Agency: A Practical Guide')).toBe('How to Choose a CRM for a Ten-Person Agency');
    expect(fitTitle('Pricing Pages That Convert — Twelve Lessons From Two Hundred Tests')).toBe('Pricing Pages That Convert');
  });

  it('keeps a title that fits, with its spacing tidied', () => {
    expect(fitTitle('  How to Choose a CRM\nfor a Small Agency ')).toBe('How to Choose a CRM for a Small Agency');
    const exactly60 = 'A'.repeat(29) + ' ' + 'B'.repeat(30);
    expect(fitTitle(exactly60)).toBe(exactly60);
  });

  it('cuts a long title at a word boundary, never inside a word', () => {
    const title = 'The Complete Guide to Choosing a CRM That Your Whole Agency Will Actually Use';
    const fitted = fitTitle(title);
    expect(fitted).toBe('The Complete Guide to Choosing a CRM That Your Whole Agency');
    expect(fitted.length).toBeLessThanOrEqual(60);
    expect(title.startsWith(fitted)).toBe(true);
  });

  it('cuts exactly at the limit when a space follows it', () => {
    const title = `${'word '.repeat(12)}more`; // "word" × 12 is 59 characters, the 60th is a space.
    expect(fitTitle(title)).toBe('word '.repeat(12).trim());
  });

  it('drops trailing punctuation and dangling words left by the cut', () => {
    expect(fitTitle('Everything Small Agencies Should Know Before Buying a CRM and the Questions to Ask')).toBe(
      'Everything Small Agencies Should Know Before Buying a CRM',
    );
    expect(fitTitle('Email Marketing Benchmarks 2026 – What Good Looks Like for Your Industry')).toBe('Email Marketing Benchmarks 2026');
  });

  it('cuts a single overlong word only because nothing else fits', () => {
    expect(fitTitle('x'.repeat(80))).toBe('x'.repeat(60));
    expect(fitTitle('🙂'.repeat(40))).toBe('🙂'.repeat(30));
  });
});

describe('fitMetaDescription', () => {
  it('keeps a description that fits', () => {
    const description = 'Learn how to choose a CRM your agency will use: the features that matter, what to pay and the questions to ask vendors.';
    expect(fitMetaDescription(description)).toBe(description);
  });

  it('cuts a long description at a word boundary within 155 characters, drops a dangling word and ends with an ellipsis', () => {
    const description =
      'Choosing a CRM for a small agency is hard. This guide walks through the features that matter, realistic pricing, the migration plan and the questions to ask every vendor before you sign.';
    const fitted = fitMetaDescription(description);
    // "ask" does not fit whole within 154 characters, and "to" would dangle.
    expect(fitted).toBe(
      'Choosing a CRM for a small agency is hard. This guide walks through the features that matter, realistic pricing, the migration plan and the questions…',
    );
    expect(fitted.length).toBeLessThanOrEqual(155);
    expect(description.startsWith(fitted.slice(0, -1))).toBe(true);
  });

  it('cuts inside a word that straddles the limit when cutting before it would leave a stub', () => {
    const description = `Keep ${'a'.repeat(200)} and ${'a'.repeat(200)} in view when planning the next step.`;
    const fitted = fitMetaDescription(description);
    expect(fitted).toBe(`Keep ${'a'.repeat(149)}…`);
    expect(fitted.length).toBe(155);
  });

  it('does not leave a full stop before the ellipsis', () => {
    const description = `${'Short sentence here. '.repeat(7)}Sentence.`.trim(); // 21 characters a sentence.
    const fitted = fitMetaDescription(description);
    expect(fitted.endsWith('here…')).toBe(true);
    expect(fitted.length).toBeLessThanOrEqual(155);
  });
});

describe('buildSlug', () => {
  it('lowercases, folds accents and joins words with single hyphens', () => {
    expect(buildSlug('Crème Brûlée: Straße & Smørrebrød — Ærø Guide!')).toBe('creme-brulee-strasse-smorrebrod-aero-guide');
    expect(buildSlug('  --Hello,   World--  ')).toBe('hello-world');
  });

  it('drops stop words unless nothing else is left', () => {
    expect(buildSlug('How to Choose a CRM for the Agency')).toBe('how-choose-crm-agency');
    expect(buildSlug('To Be or Not to Be')).toBe('not');
    expect(buildSlug('To be or to be')).toBe('to-be-or-to-be');
  });

  it('keeps contractions as one word', () => {
    expect(buildSlug('Don’t Buy a CRM Yet')).toBe('dont-buy-crm-yet');
  });

  it('fits 75 characters at a word boundary', () => {
    const slug = buildSlug('Seventeen practical onboarding checklists every remote engineering manager should keep handy today');
    expect(slug).toBe('seventeen-practical-onboarding-checklists-every-remote-engineering-manager');
    expect(slug.length).toBeLessThanOrEqual(75);
    expect(isValidSlug(slug)).toBe(true);
  });

  it('is empty when the text has no Latin letters or digits', () => {
    expect(buildSlug('日本語のタイトル')).toBe('');
  });
});

describe('fitSlug and isValidSlug', () => {
  it('recognises valid slugs', () => {
    expect(isValidSlug('choose-a-crm-2026')).toBe(true);
    for (const slug of ['Choose-CRM', 'choose--crm', '-choose', 'choose-', 'choose crm', 'crème', '']) expect(isValidSlug(slug)).toBe(false);
  });

  it('cuts a long valid slug at a hyphen', () => {
    const slug = `${'segment-'.repeat(10)}end`; // 83 characters; nine segments are 71, ten would be 79.
    expect(fitSlug(slug)).toBe('segment-'.repeat(8) + 'segment');
    expect(fitSlug('short-slug')).toBe('short-slug');
  });
});
