import { describe, expect, it } from 'vitest';
import { measureHtml } from './html-facts.ts';

describe('measureHtml', () => {
  it('takes the document title, not an SVG title, and counts code points', () => {
    const facts = measureHtml('<svg><title>Logo</title></svg><title>Café ☕ 🍰</title>', 'https://a.example/');
    expect(facts.title).toEqual({ text: 'Café ☕ 🍰', length: 8 });
  });

  it('keeps the first 20 h1 texts', () => {
    const html = Array.from({ length: 25 }, (_, index) => `<h1>Heading ${index}</h1>`).join('');
    const facts = measureHtml(html, 'https://a.example/');
    expect(facts.headings.h1).toHaveLength(20);
    expect(facts.headings.h1[19]).toBe('Heading 19');
  });

  it('closes a heading left open when the next one starts', () => {
    expect(measureHtml('<h1>First<h2>Second</h2>', 'https://a.example/').headings).toMatchObject({ h1: ['First'], h2: ['Second'] });
  });

  it('resolves links and the canonical against <base href>', () => {
    const facts = measureHtml('<base href="https://cdn.example/x/"><link rel="Canonical" href="page"><a href="page">p</a>', 'https://a.example/');
    expect(facts.canonical).toBe('https://cdn.example/x/page');
    expect(facts.links).toEqual({ internal: 0, external: 1, nofollow: 0 });
  });

  it("counts www. and other subdomains of the page's host as internal", () => {
    const facts = measureHtml('<a href="https://www.a.example/">w</a><a href="https://a.example/">b</a><a href="https://b.example/">o</a>', 'https://a.example/');
    expect(facts.links).toEqual({ internal: 2, external: 1, nofollow: 0 });
  });

  it('reads JSON-LD with a charset parameter, top-level arrays and a @graph object, and skips other script types', () => {
    const facts = measureHtml(
      '<script type="application/ld+json; charset=utf-8">[{"@type":"Event"},{"@graph":{"@type":"Place"}}]</script><script type="text/plain">{"@type":"Nope"}</script>',
      'https://a.example/',
    );
    expect(facts.structuredData.jsonLdTypes).toEqual(['Event', 'Place']);
  });

  it('needs content for an Open Graph tag to count, and accepts name= as well as property=', () => {
    const facts = measureHtml('<meta property="og:title" content=" "><meta name="og:image" content="/i.png">', 'https://a.example/');
    expect(facts.openGraph).toEqual({ title: false, description: false, image: true });
  });

  it('counts words across inline tags as one and across blocks as two', () => {
    expect(measureHtml('<p>un<b>done</b></p><p>next</p><div>end</div>', 'https://a.example/').wordCount).toBe(3);
  });

  it('decodes entities and ignores lone punctuation in the word count', () => {
    expect(measureHtml('<p>Fish&nbsp;&amp;&nbsp;chips — tonight</p>', 'https://a.example/').wordCount).toBe(3);
  });
});
