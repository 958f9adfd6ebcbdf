import { describe, expect, it } from 'vitest';
import { readableText } from './readable-text.ts';

describe('readableText', () => {
  it('keeps the main content, one block per line, and drops scripts, styles and page chrome', () => {
    const html = `<html><head><title> Pricing | Acme </title><style>p{color:red}</style></head>
      <body><nav><a href="/">Home</a></nav>
      <main><h1>Plans</h1><p>Starter costs <b>€9</b> a month.</p><script>track()</script><ul><li>One user</li><li>Email support</li></ul></main>
      <footer>© Acme</footer></body></html>`;
    expect(readableText(html)).toEqual({ title: 'Pricing | Acme', text: 'Plans\nStarter costs €9 a month.\nOne user\nEmail support' });
  });

  it('falls back to the body without navigation, header and footer when no main content is marked', () => {
    const html = '<body><header>Menu</header><div><p>First &amp; only paragraph.</p></div><aside>Ad</aside><footer>Legal</footer></body>';
    expect(readableText(html)).toEqual({ title: null, text: 'First & only paragraph.' });
  });
});
