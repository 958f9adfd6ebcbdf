import { Parser } from 'htmlparser2';

/** Never text a reader sees. */
const hiddenElements = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
/** Page chrome around the content; left out when the page marks its main content. */
const chromeElements = new Set(['nav', 'header', 'footer', 'aside', 'form']);
/** Elements that start a new line of text. */
const blockElements = new Set([
  'p', 'div', 'section', 'article', 'main', 'li', 'ul', 'ol', 'br', 'tr', 'table', 'blockquote', 'pre',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dd', 'dt', 'figcaption', 'header', 'footer', 'nav', 'aside',
]);

export interface ReadableText {
  title: string | null;
  text: string;
}

/**
 * The text a person reads on a page: the title, and the content of `<main>` or `<article>` when the page
 * marks one (otherwise the body without navigation, header, footer, asides and forms), one block per line.
 */
export function readableText(html: string): ReadableText {
  let title = '';
  let inTitle = false;
  let hiddenDepth = 0;
  let chromeDepth = 0;
  let mainDepth = 0;
  let sawMain = false;
  const all: string[] = [];
  const main: string[] = [];

  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (hiddenElements.has(name)) hiddenDepth += 1;
        if (chromeElements.has(name)) chromeDepth += 1;
        if (name === 'main' || name === 'article') {
          mainDepth += 1;
          sawMain = true;
        }
        if (blockElements.has(name)) {
          all.push('\n');
          if (mainDepth > 0) main.push('\n');
        }
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (hiddenElements.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (chromeElements.has(name)) chromeDepth = Math.max(0, chromeDepth - 1);
        if (name === 'main' || name === 'article') mainDepth = Math.max(0, mainDepth - 1);
        if (blockElements.has(name)) {
          all.push('\n');
          if (mainDepth > 0) main.push('\n');
        }
      },
      ontext(text) {
        if (inTitle) title += text;
        if (hiddenDepth > 0) return;
        if (mainDepth > 0) main.push(text);
        if (chromeDepth === 0) all.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();

  const chosen = sawMain ? main : all;
  const text = chosen
    .join('')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
  const cleanTitle = title.replace(/\s+/g, ' ').trim();
  return { title: cleanTitle || null, text };
}
