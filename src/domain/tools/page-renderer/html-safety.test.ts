import { describe, expect, it } from 'vitest';
import { attribute, cleanText, escapeHtml, escapeLine, safeUrl } from './html-safety.ts';

describe('escapeHtml', () => {
  it('escapes & < > " and \'', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
  });

  it('escapes an existing entity again, so the text shows as written', () => {
    expect(escapeHtml('&lt;script&gt;')).toBe('&amp;lt;script&amp;gt;');
  });

  it('quotes attribute values so nothing in them can start another attribute', () => {
    expect(attribute('content', '"><img src=x onerror=alert(1)>')).toBe(' content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
  });

  it('collapses whitespace in one-line text', () => {
    expect(escapeLine('  Start\n  my <free> trial ')).toBe('Start my &lt;free&gt; trial');
  });
});

describe('cleanText', () => {
  it('removes characters HTML forbids in a document and keeps tab, line feed and carriage return', () => {
    expect(cleanText('a\u0000b\u0007c\u000Bd\u007Fe\u0085f\uFDD0g\uFFFFh\u{1FFFE}i\tj\nk\rl')).toBe('abcdefghi\tj\nk\rl');
  });

  it('replaces lone surrogates and keeps pairs', () => {
    expect(cleanText('x\uD800y🙂')).toBe('x\uFFFDy🙂');
  });
});

describe('safeUrl', () => {
  it.each([
    'https://www.example.com/signup?plan=pro&ref=page#top',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'mailto:sales@example.com?subject=Demo',
    '/signup',
    '#pricing',
    '?plan=pro',
    'pricing.html',
    './start',
    '../start',
    'docs/getting-started',
  ])('allows %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it('trims surrounding whitespace', () => {
    expect(safeUrl('  /signup  ')).toBe('/signup');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    '"><script>alert(1)</script>',
    '/a<b',
    '/{x}',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com',
    'https:example.com',
    'https://',
    'mailto:',
    '//evil.example/',
    '/\\evil.example/',
    'sign up',
    '',
  ])('replaces %j by #', (url) => {
    expect(safeUrl(url)).toBe('#');
  });

  it('keeps entity-like text as the harmless relative path it is: escaping makes the browser read it literally', () => {
    expect(safeUrl('javascript&colon;alert(1)')).toBe('javascript&colon;alert(1)');
    expect(attribute('href', safeUrl('javascript&colon;alert(1)'))).toBe(' href="javascript&amp;colon;alert(1)"');
  });

  it('replaces a missing URL by #', () => {
    expect(safeUrl(undefined)).toBe('#');
  });
});
