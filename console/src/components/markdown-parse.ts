// Markdown read into plain data: blocks and inline pieces, with no DOM and no HTML. Raw HTML in the text is
// text like any other; a link keeps its address only when it is http(s) or mailto. markdown.ts builds the
// nodes. (Free of the DOM so it can be checked outside a browser.)

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: number; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; content: Inline[] }
  | { kind: 'rule' };

/** The address a link may have: http, https or mailto, as typed; anything else (javascript:, data:, relative) is refused. */
export function safeHref(raw: string): string | undefined {
  const href = raw.trim();
  if (!/^(https?:\/\/|mailto:)/i.test(href)) return undefined;
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

const inlinePattern = /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])|\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const found = inlinePattern.exec(rest);
    if (!found) {
      out.push({ kind: 'text', text: rest });
      break;
    }
    if (found.index > 0) out.push({ kind: 'text', text: rest.slice(0, found.index) });
    const [whole, code, strong, strong2, em, em2, label, href] = found;
    if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (strong !== undefined || strong2 !== undefined) out.push({ kind: 'strong', children: parseInline(strong ?? strong2 ?? '') });
    else if (em !== undefined || em2 !== undefined) out.push({ kind: 'em', children: parseInline(em ?? em2 ?? '') });
    else if (label !== undefined && href !== undefined) {
      const safe = safeHref(href);
      out.push(safe ? { kind: 'link', href: safe, children: parseInline(label) } : { kind: 'text', text: whole });
    }
    rest = rest.slice(found.index + whole.length);
  }
  return out;
}

const listItem = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (!line.trim()) {
      index += 1;
      continue;
    }
    if (/^\s{0,3}```/.test(line)) {
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !/^\s{0,3}```/.test(lines[index] ?? '')) code.push(lines[index++] ?? '');
      index += 1;
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]?.length ?? 1, content: parseInline(heading[2] ?? '') });
      index += 1;
      continue;
    }
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line)) {
      blocks.push({ kind: 'rule' });
      index += 1;
      continue;
    }
    const first = listItem.exec(line);
    if (first) {
      const ordered = first[2] !== undefined;
      const items: Inline[][] = [];
      let text: string[] = [];
      while (index < lines.length) {
        const current = lines[index] ?? '';
        const item = listItem.exec(current);
        if (item && (item[2] !== undefined) === ordered) {
          if (text.length) items.push(parseInline(text.join(' ')));
          text = [item[3] ?? ''];
        } else if (current.trim() && /^\s+/.test(current)) {
          text.push(current.trim());
        } else break;
        index += 1;
      }
      items.push(parseInline(text.join(' ')));
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    if (/^\s{0,3}>/.test(line)) {
      const quote: string[] = [];
      while (index < lines.length && /^\s{0,3}>/.test(lines[index] ?? '')) quote.push((lines[index++] ?? '').replace(/^\s{0,3}>\s?/, ''));
      blocks.push({ kind: 'quote', content: parseInline(quote.join(' ')) });
      continue;
    }
    const paragraph: string[] = [];
    while (index < lines.length) {
      const current = lines[index] ?? '';
      if (!current.trim() || /^\s{0,3}(#{1,6}\s|```|>)/.test(current) || listItem.test(current)) break;
      paragraph.push(current.trim());
      index += 1;
    }
    blocks.push({ kind: 'paragraph', content: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

/** Whether a string reads as Markdown rather than a plain value (a line break, a heading, a list, emphasis, a link or code). */
export function looksLikeMarkdown(text: string): boolean {
  return /\n|^\s*#{1,6}\s|\*\*|`|\[[^\]]+\]\(/.test(text);
}
