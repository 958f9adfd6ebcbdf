import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { readPagePlan, type PagePlan } from './page-plan.ts';
import { pageStyle } from './page-style.ts';
import { renderPage } from './render-page.ts';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

interface ParsedPage {
  document: DefaultTreeAdapterTypes.Document;
  errors: string[];
  all: Element[];
}

function parsePage(html: string): ParsedPage {
  const errors: string[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(`${error.code} at line ${error.startLine}, column ${error.startCol}`) });
  return { document, errors, all: descendants(document) };
}

function descendants(node: ParentNode): Element[] {
  return node.childNodes.flatMap((child) => ('tagName' in child ? [child, ...descendants(child)] : []));
}

function byTag(page: ParsedPage | Element, tagName: string): Element[] {
  const elements = 'all' in page ? page.all : descendants(page);
  return elements.filter((element) => element.tagName === tagName);
}

function textOf(node: ParentNode): string {
  return node.childNodes.map((child) => ('value' in child && child.nodeName === '#text' ? child.value : 'childNodes' in child ? textOf(child) : '')).join('');
}

function attributeOf(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function headingLevels(page: ParsedPage): number[] {
  return page.all.filter((element) => /^h[1-6]$/.test(element.tagName)).map((element) => Number(element.tagName.slice(1)));
}

function plan(overrides: Partial<PagePlan> = {}): PagePlan {
  return {
    title: 'Ledger Pilot: bookkeeping for freelancers',
    metaDescription: 'Ledger Pilot sorts your receipts, tracks invoices and gets your taxes ready, so you spend your evenings on clients, not spreadsheets.',
    language: undefined,
    primaryCta: 'Start my free trial',
    primaryCtaUrl: '/signup',
    navigation: [
      { label: 'Features', url: '#features' },
      { label: 'Pricing', url: '#pricing' },
      { label: 'FAQ', url: '#faq' },
    ],
    sections: [
      { type: 'hero', heading: 'Bookkeeping that does itself', body: 'Snap a receipt; Ledger Pilot does the rest.', items: [], ctaLabel: undefined, ctaUrl: undefined },
      { type: 'problem', heading: 'Evenings lost to spreadsheets', body: 'Receipts pile up.\n\nInvoices go unpaid.\nTaxes loom.', items: [], ctaLabel: undefined, ctaUrl: undefined },
      {
        type: 'features',
        heading: 'What it does',
        body: '',
        items: [
          { title: 'Receipt capture', text: 'Photograph a receipt and it is filed.', url: undefined },
          { title: 'Invoice tracking', text: 'See who owes you what.', url: '/features/invoices' },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
      {
        type: 'how-it-works',
        heading: 'How it works',
        body: 'Three steps.',
        items: [
          { title: 'Connect your bank', text: undefined, url: undefined },
          { title: 'Snap receipts', text: 'From your phone.', url: undefined },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
      {
        type: 'testimonials',
        heading: 'What freelancers say',
        body: '',
        items: [
          { title: '[Customer name: to be supplied]', text: '[Customer quote: to be supplied]', url: undefined },
          { title: 'A quote without attribution', text: undefined, url: undefined },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
      {
        type: 'pricing',
        heading: 'Simple pricing',
        body: '[Prices: to be supplied]',
        items: [{ title: 'Solo', text: '[Price to be supplied]', url: undefined }],
        ctaLabel: 'Choose a plan',
        ctaUrl: 'https://app.example.com/plans',
      },
      {
        type: 'faq',
        heading: 'Questions',
        body: '',
        items: [
          { title: 'Can I cancel?', text: 'Yes, at any time.', url: undefined },
          { title: 'Is my data safe?', text: undefined, url: undefined },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
      { type: 'cta', heading: 'Ready for calmer evenings?', body: 'Try it free for 14 days.', items: [], ctaLabel: undefined, ctaUrl: undefined },
      {
        type: 'footer',
        heading: 'Ledger Pilot',
        body: 'Made for freelancers.',
        items: [
          { title: 'Privacy', text: undefined, url: '/privacy' },
          { title: 'Contact', text: 'we answer within a day', url: 'mailto:hello@example.com' },
        ],
        ctaLabel: undefined,
        ctaUrl: undefined,
      },
    ],
    ...overrides,
  };
}

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

describe('renderPage with hostile plan text', () => {
  const payloads = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "'><svg onload=alert(1)>", '</style><script>alert(1)</script>', '</title><script>alert(1)</script>', '<!--', '&amp; &lt;b&gt;'];
  const payload = payloads.join(' ');
  const hostileUrls = ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', '"><script>alert(1)</script>'];

  const hostile: PagePlan = {
    title: payload,
    metaDescription: payload,
    language: payload,
    primaryCta: payload,
    primaryCtaUrl: hostileUrls[0],
    navigation: hostileUrls.map((url) => ({ label: payload, url })),
    sections: ['hero', 'problem', 'features', 'benefits', 'how-it-works', 'testimonials', 'pricing', 'faq', 'cta', 'footer', payload].map((type, index) => ({
      type,
      heading: payload,
      body: `${payload}\n\n${payload}`,
      items: [
        { title: payload, text: payload, url: hostileUrls[index % hostileUrls.length] },
        { title: payload, text: undefined, url: undefined },
      ],
      ctaLabel: payload,
      ctaUrl: hostileUrls[(index + 1) % hostileUrls.length],
    })),
  };
  const html = renderPage(hostile);
  const page = parsePage(html);

  it('still renders a document with no parse errors', () => {
    expect(page.errors).toEqual([]);
  });

  it('has no script, no element the text tried to inject and no event handler or style attribute', () => {
    expect(byTag(page, 'script')).toEqual([]);
    expect(byTag(page, 'img')).toEqual([]);
    expect(byTag(page, 'svg')).toEqual([]);
    for (const element of page.all) {
      for (const attribute of element.attrs) {
        expect(attribute.name, `${element.tagName} ${attribute.name}`).not.toMatch(/^on|^style$|^src$|^srcdoc$|^formaction$/);
      }
    }
    expect(byTag(page, 'style').map((style) => textOf(style))).toEqual([pageStyle]);
    expect(html).not.toMatch(/<script|<img|<svg|<!--/i);
  });

  it('shows the text exactly as the plan wrote it', () => {
    expect(byTag(page, 'title').map((title) => textOf(title))).toEqual([payload]);
    expect(byTag(page, 'h1').map((heading) => textOf(heading))).toEqual([payload]);
    expect(attributeOf(page.all.find((element) => attributeOf(element, 'name') === 'description') as Element, 'content')).toBe(payload);
    for (const summary of byTag(page, 'summary')) expect(textOf(summary)).toBe(payload);
    for (const caption of byTag(page, 'figcaption')) expect(textOf(caption)).toBe(payload);
  });

  it('replaces every unsafe URL by # and keeps the language English', () => {
    const hrefs = byTag(page, 'a').map((link) => attributeOf(link, 'href'));
    expect(hrefs.length).toBeGreaterThan(10);
    expect(new Set(hrefs)).toEqual(new Set(['#main', '#']));
    expect(attributeOf(byTag(page, 'html')[0] as Element, 'lang')).toBe('en');
  });

  it('drops characters that would be parse errors', () => {
    const control = 'Start\u0000 now\u0007 \uFFFF\uD800 \u0085';
    const page = parsePage(renderPage(plan({ title: control, sections: [{ ...(plan().sections[0] as PagePlan['sections'][number]), heading: control, body: control }] })));
    expect(page.errors).toEqual([]);
    expect(textOf(byTag(page, 'h1')[0] as Element)).toBe('Start now \uFFFD');
  });
});

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
