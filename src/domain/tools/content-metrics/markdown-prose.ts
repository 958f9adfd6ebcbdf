/**
 * The prose of a markdown document as a reader reads it: one plain-text block per paragraph, heading, list
 * item or table row. Blocks matter for sentence counting: a heading or a list item ends where its block
 * ends, with or without a full stop, as readability tools count them.
 *
 * What is dropped: fenced code blocks (code is not prose), images (their alt text is not read in the flow),
 * HTML tags and comments, link reference definitions, thematic breaks and table separator rows. What is
 * kept: the text of links, emphasis and inline code (it is read as part of its sentence).
 */
export function markdownToProse(markdown: string): string[] {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = (): void => {
    const text = inlineToText(paragraph.join(' '));
    if (text) blocks.push(text);
    paragraph = [];
  };

  const lines = markdown.replace(/\r\n?/g, '\n').replace(/<!--[\s\S]*?(?:-->|$)/g, '').split('\n');
  let fence: string | undefined;
  for (const rawLine of lines) {
    if (fence) {
      if (closesFence(rawLine, fence)) fence = undefined;
      continue;
    }
    const opening = /^\s{0,3}(`{3,}|~{3,})/.exec(rawLine);
    if (opening) {
      flush();
      fence = opening[1] as string;
      continue;
    }
    // A quote's content is prose like any other; only its markers go.
    const line = rawLine.replace(/^\s{0,3}(?:>\s?)+/, '');
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = /^\s{0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      flush();
      paragraph = [heading[1] ?? ''];
      flush();
      continue;
    }
    if (/^\s{0,3}(?:=+|-+)\s*$/.test(line) && paragraph.length > 0) {
      // A setext underline: the paragraph above was a heading.
      flush();
      continue;
    }
    if (/^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/.test(line)) {
      flush();
      continue;
    }
    if (/^\s{0,3}\[[^\]]+\]:\s*\S/.test(line)) continue;
    if (line.includes('|') && /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/.test(line)) continue;
    const listItem = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(line);
    if (listItem) {
      flush();
      paragraph = [listItem[1] as string];
      continue;
    }
    if (/^\s*\|.*\|\s*$/.test(line)) {
      flush();
      paragraph = [line.replace(/\|/g, ' ')];
      flush();
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

function closesFence(line: string, fence: string): boolean {
  const closing = /^\s{0,3}(`{3,}|~{3,})\s*$/.exec(line);
  return closing !== null && (closing[1] as string)[0] === fence[0] && (closing[1] as string).length >= fence.length;
}

/** Inline markup to plain text. */
function inlineToText(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\((?:[^()]|\([^)]*\))*\)/g, ' ')
    .replace(/!\[[^\]]*\]\[[^\]]*\]/g, ' ')
    .replace(/\[\^[^\]]+\]/g, '')
    .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/<(?:https?|mailto):[^>\s]*>/gi, ' ')
    .replace(/<\/?[a-zA-Z][^>]*>/g, ' ')
    .replace(/`+([^`]*?)`+/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
    .replace(/\*+|~~/g, '')
    // Underscores mark emphasis only at the edge of a word; inside one (snake_case) they are text.
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
    .replace(/&(?:[a-z]+|#\d+|#x[\da-f]+);/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
