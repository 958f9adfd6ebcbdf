import { RE2JS } from 're2js';

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
    if (line.includes('|') && isTableDelimiterRow(line)) continue;
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

/**
 * A table's delimiter row ("| :--- | ---: |"): cells of dashes with optional colons, between optional outer
 * pipes. Read cell by cell: as one pattern, the spaces around each pipe are shared out in every way.
 */
function isTableDelimiterRow(line: string): boolean {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|')) row = row.slice(0, -1);
  return row.split('|').every((cell) => /^:?-+:?$/.test(cell.trim()));
}

// Brackets and tags, run by a linear-time engine: a backtracking one reads to the end of the text from each
// "[" or "<" that is never closed.
const image = RE2JS.compile(String.raw`!\[[^\]]*\]\((?:[^()]|\([^)]*\))*\)`);
const referenceImage = RE2JS.compile(String.raw`!\[[^\]]*\]\[[^\]]*\]`);
const footnote = RE2JS.compile(String.raw`\[\^[^\]]+\]`);
const link = RE2JS.compile(String.raw`\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)`);
const referenceLink = RE2JS.compile(String.raw`\[([^\]]+)\]\[[^\]]*\]`);
const autolink = RE2JS.compile(String.raw`<(?:https?|mailto):[^>\s]*>`, RE2JS.CASE_INSENSITIVE);
const htmlTag = RE2JS.compile(String.raw`</?[a-zA-Z][^>]*>`);

/** Every match replaced ($1 for the first group); the text as it is when it lacks the pattern's first character. */
function replaceEvery(text: string, pattern: RE2JS, opening: string, replacement: string): string {
  return text.includes(opening) ? pattern.matcher(text).replaceAll(replacement) : text;
}

/** Inline markup to plain text. */
function inlineToText(text: string): string {
  let plain = replaceEvery(text, image, '![', ' ');
  plain = replaceEvery(plain, referenceImage, '![', ' ');
  plain = replaceEvery(plain, footnote, '[^', '');
  plain = replaceEvery(plain, link, '[', '$1');
  plain = replaceEvery(plain, referenceLink, '[', '$1');
  plain = replaceEvery(plain, autolink, '<', ' ');
  plain = replaceEvery(plain, htmlTag, '<', ' ');
  return plain
    .replace(/`+([^`]*?)`+/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
    .replace(/\*+|~~/g, '')
    // Underscores mark emphasis only at the edge of a word; inside one (snake_case) they are text.
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
    .replace(/&(?:[a-z]+|#\d+|#x[\da-f]+);/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
