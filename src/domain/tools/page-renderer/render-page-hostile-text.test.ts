import { describe, expect, it } from 'vitest';
import type { PagePlan } from './page-plan.ts';
import { pageStyle } from './page-style.ts';
import { renderPage } from './render-page.ts';
import { attributeOf, byTag, parsePage, plan, textOf, type Element } from '../../../../test/support/render-page-fixtures.ts';

/**
 * The page renderPage writes from a plan whose every text and URL tries to break out of it, read back through
 * an HTML parser: it stays one document, with nothing injected, the text shown as written and unsafe URLs replaced.
 */
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
