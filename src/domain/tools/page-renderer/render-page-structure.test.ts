import { describe, expect, it } from 'vitest';
import type { PagePlan } from './page-plan.ts';
import { pageStyle } from './page-style.ts';
import { renderPage } from './render-page.ts';
import { attributeOf, byTag, descendants, headingLevels, parsePage, plan, textOf, type Element } from '../../../../test/support/render-page-fixtures.ts';

/**
 * The page renderPage writes from a plan, read back through an HTML parser: its head, landmarks, headings and
 * section anchors, how each section type is drawn, where calls to action go, and what a plan may leave out.
 */
describe('renderPage', () => {
  const html = renderPage(plan());
  const page = parsePage(html);

  it('renders a document with no parse errors', () => {
    expect(html.startsWith('<!doctype html>\n<html lang="en" dir="ltr">')).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('has the head a browser and a search engine need', () => {
    const [head] = byTag(page, 'head') as [Element];
    const metas = byTag(head, 'meta');
    expect(metas.some((meta) => attributeOf(meta, 'charset') === 'utf-8')).toBe(true);
    expect(metas.find((meta) => attributeOf(meta, 'name') === 'viewport')?.attrs).toContainEqual({ name: 'content', value: 'width=device-width, initial-scale=1' });
    expect(attributeOf(metas.find((meta) => attributeOf(meta, 'name') === 'description') as Element, 'content')).toBe(plan().metaDescription);
    expect(byTag(page, 'title').map((title) => textOf(title))).toEqual([plan().title]);
    expect(attributeOf(byTag(page, 'html')[0] as Element, 'lang')).toBe('en');
  });

  it('has a skip link to main and the landmarks', () => {
    const [body] = byTag(page, 'body') as [Element];
    const first = descendants(body)[0] as Element;
    expect(first.tagName).toBe('a');
    expect(attributeOf(first, 'href')).toBe('#main');
    expect(byTag(page, 'header')).toHaveLength(1);
    expect(byTag(page, 'nav')).toHaveLength(1);
    expect(byTag(page, 'main').map((main) => attributeOf(main, 'id'))).toEqual(['main']);
    expect(byTag(page, 'footer')).toHaveLength(1);
    expect(byTag(byTag(page, 'nav')[0] as Element, 'a').map((link) => attributeOf(link, 'href'))).toEqual(['#features', '#pricing', '#faq']);
  });

  it('has exactly one h1, the hero heading, and heading levels that never skip', () => {
    expect(byTag(page, 'h1').map((heading) => textOf(heading))).toEqual(['Bookkeeping that does itself']);
    const levels = headingLevels(page);
    expect(levels[0]).toBe(1);
    for (const [index, level] of levels.entries()) if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] as number) + 1);
  });

  it('gives every section an anchor the navigation can use, named by its heading', () => {
    const sections = byTag(page, 'section');
    expect(sections.map((section) => attributeOf(section, 'id'))).toEqual(['hero', 'problem', 'features', 'how-it-works', 'testimonials', 'pricing', 'faq', 'cta', 'footer']);
    for (const section of sections) {
      const heading = page.all.find((element) => attributeOf(element, 'id') === attributeOf(section, 'aria-labelledby'));
      expect(heading?.tagName).toMatch(/^h[12]$/);
    }
  });

  it('renders each section type in its own way', () => {
    const section = (id: string) => page.all.find((element) => element.tagName === 'section' && attributeOf(element, 'id') === id) as Element;
    const heroButton = byTag(section('hero'), 'a')[0] as Element;
    expect([textOf(heroButton), attributeOf(heroButton, 'href'), attributeOf(heroButton, 'class')]).toEqual(['Start my free trial', '/signup', 'button']);
    expect(byTag(section('problem'), 'p').map((paragraph) => textOf(paragraph))).toEqual(['Receipts pile up.', 'Invoices go unpaid.\nTaxes loom.']);
    expect(byTag(section('problem'), 'br')).toHaveLength(1);
    expect(byTag(section('features'), 'li').map((item) => textOf(byTag(item, 'h3')[0] as Element))).toEqual(['Receipt capture', 'Invoice tracking']);
    expect(attributeOf(byTag(section('features'), 'a')[0] as Element, 'href')).toBe('/features/invoices');
    expect(byTag(section('how-it-works'), 'ol')).toHaveLength(1);
    const figures = byTag(section('testimonials'), 'figure');
    expect(figures.map((figure) => textOf(byTag(figure, 'blockquote')[0] as Element))).toEqual(['[Customer quote: to be supplied]', 'A quote without attribution']);
    expect(byTag(section('testimonials'), 'figcaption').map((caption) => textOf(caption))).toEqual(['[Customer name: to be supplied]']);
    const pricingButton = byTag(section('pricing'), 'a')[0] as Element;
    expect([textOf(pricingButton), attributeOf(pricingButton, 'href')]).toEqual(['Choose a plan', 'https://app.example.com/plans']);
    expect(byTag(section('faq'), 'details').map((details) => textOf(byTag(details, 'summary')[0] as Element))).toEqual(['Can I cancel?', 'Is my data safe?']);
    expect(textOf(byTag(section('cta'), 'a')[0] as Element)).toBe('Start my free trial');
    const footer = byTag(page, 'footer')[0] as Element;
    expect(byTag(footer, 'a').map((link) => attributeOf(link, 'href'))).toEqual(['/privacy', 'mailto:hello@example.com']);
    expect(byTag(byTag(page, 'main')[0] as Element, 'section').map((element) => attributeOf(element, 'id'))).not.toContain('footer');
  });

  it('shows a call to action only where the plan puts one', () => {
    const links = byTag(page, 'a').filter((link) => attributeOf(link, 'class') === 'button');
    expect(links.map((link) => textOf(link))).toEqual(['Start my free trial', 'Choose a plan', 'Start my free trial']);
    const withoutPrimary = parsePage(renderPage(plan({ primaryCta: undefined, primaryCtaUrl: undefined })));
    expect(byTag(withoutPrimary, 'a').filter((link) => attributeOf(link, 'class') === 'button').map((link) => textOf(link))).toEqual(['Choose a plan']);
  });

  it('loads nothing external and has no script and no image without alt', () => {
    expect(byTag(page, 'script')).toEqual([]);
    for (const tag of ['link', 'iframe', 'object', 'embed', 'video', 'audio', 'source', 'form', 'base']) expect(byTag(page, tag), tag).toEqual([]);
    for (const image of byTag(page, 'img')) expect(attributeOf(image, 'alt')).toEqual(expect.any(String));
    expect(byTag(page, 'style').map((style) => textOf(style))).toEqual([pageStyle]);
  });

  it('leaves out nav when the plan has no links', () => {
    const page = parsePage(renderPage(plan({ navigation: [] })));
    expect(byTag(page, 'nav')).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('puts the hero first, wherever the plan lists it, and keeps a single h1 when there are two heroes', () => {
    const sections = plan().sections;
    const [hero, problem, ...rest] = sections;
    const reordered = parsePage(renderPage(plan({ sections: [problem, hero, { ...hero, heading: 'A second hero' }, ...rest] as PagePlan['sections'] })));
    expect(byTag(reordered, 'h1').map((heading) => textOf(heading))).toEqual(['Bookkeeping that does itself']);
    expect(headingLevels(reordered)[0]).toBe(1);
    expect(byTag(reordered, 'section').map((section) => attributeOf(section, 'id')).slice(0, 3)).toEqual(['hero', 'problem', 'hero-2']);
  });

  it('uses the page title as the h1 when there is no hero, and still has a footer', () => {
    const page = parsePage(renderPage(plan({ sections: [{ type: 'faq', heading: 'Questions', body: 'Answers.', items: [], ctaLabel: undefined, ctaUrl: undefined }] })));
    expect(page.errors).toEqual([]);
    expect(byTag(page, 'h1').map((heading) => textOf(heading))).toEqual([plan().title]);
    expect(headingLevels(page)).toEqual([1, 2]);
    expect(textOf(byTag(page, 'footer')[0] as Element).trim()).toBe(plan().title);
  });

  it('takes the language from the plan, writes right-to-left scripts rtl and falls back to English', () => {
    const lang = (language: string | undefined) => {
      const element = byTag(parsePage(renderPage(plan({ language }))), 'html')[0] as Element;
      return [attributeOf(element, 'lang'), attributeOf(element, 'dir')];
    };
    expect(lang('pt-BR')).toEqual(['pt-BR', 'ltr']);
    expect(lang('ar')).toEqual(['ar', 'rtl']);
    expect(lang('en" onload="alert(1)')).toEqual(['en', 'ltr']);
  });
});
