// A small, safe Markdown renderer for agents' answers. The text is parsed into blocks and inline pieces
// (plain data, no DOM), then built as DOM nodes with createElement and text nodes: nothing is ever parsed
// as HTML, so `<script>` in an answer is shown as the characters it is. Links are kept only for http(s)
// and mailto addresses and open with rel="noopener noreferrer".
import { h, type Child } from '../app/dom.ts';
import { parseMarkdown, type Inline } from './markdown-parse.ts';

export { looksLikeMarkdown, parseInline, parseMarkdown, safeHref } from './markdown-parse.ts';

function renderInline(pieces: readonly Inline[]): Child[] {
  return pieces.map((piece) => {
    switch (piece.kind) {
      case 'text': return piece.text;
      case 'code': return h('code', null, piece.text);
      case 'strong': return h('strong', null, renderInline(piece.children));
      case 'em': return h('em', null, renderInline(piece.children));
      case 'link': return h('a', { href: piece.href, rel: 'noopener noreferrer', target: '_blank' }, renderInline(piece.children));
    }
  });
}

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

/**
 * Markdown as DOM nodes. `headingLevel` is the level a `#` heading gets on the page (the answer sits under
 * the page's own headings); deeper ones follow, up to h6.
 */
export function renderMarkdown(source: string, options: { headingLevel?: number } = {}): HTMLElement {
  const base = options.headingLevel ?? 3;
  const blocks = parseMarkdown(source);
  return h('div', { className: 'markdown' }, blocks.map((block) => {
    switch (block.kind) {
      case 'heading': return h(`h${Math.min(6, Math.max(2, base + block.level - 1))}` as HeadingTag, null, renderInline(block.content));
      case 'paragraph': return h('p', null, renderInline(block.content));
      case 'list': return h(block.ordered ? 'ol' : 'ul', null, block.items.map((item) => h('li', null, renderInline(item))));
      case 'code': return h('pre', { tabindex: 0 }, h('code', null, block.text));
      case 'quote': return h('blockquote', null, renderInline(block.content));
      case 'rule': return h('hr');
    }
  }));
}
