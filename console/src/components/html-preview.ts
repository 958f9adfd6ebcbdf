// A page an agent wrote (page-builder's `html`), shown in a sandboxed frame that can run no script.
//
// The frame's document inherits the console's Content-Security-Policy, which refuses the page's inline
// `<style>` and `style=""`. So the page's styles are set aside, it is parsed into an inert document
// (DOMParser runs nothing), its
// scripts, event-handler attributes, `<style>`, `<link>`, `<meta http-equiv>` and `<base>` are taken out,
// the rest is copied into the frame, and its CSS comes back through the CSS object model, which the
// policy allows: the style sheets as a constructed sheet adopted by the frame's document, and each
// `style` attribute through the element's `style` declaration. Links leave the frame only by a new tab.
import { h } from '../app/dom.ts';

const stripped = 'script, style, link, meta[http-equiv], base, iframe, object, embed, frame, frameset, noscript';

interface PreparedPage {
  documentElement: HTMLElement;
  css: string;
  inlineStyles: Map<Element, string>;
}

const styleElement = /<style\b[^>]*>([\s\S]*?)(?:<\/style\s*>|$)/gi;
const styleAttribute = /(<[a-z][\w:-]*\s(?:[^<>]*?\s)?)style(\s*=)/gi;
const movedStyle = 'data-preview-style';

/**
 * Even an inert parse applies the console's policy to `<style>` and `style=""` (and reports them), so both
 * are taken out of the text first: the style elements' CSS kept aside (HTML ends their text at the first
 * `</style`, as this does), the attributes renamed so that no parser reads them as styles.
 */
function setStylesAside(html: string): { html: string; css: string } {
  const sheets: string[] = [];
  let text = html.replace(styleElement, (_, css: string) => {
    sheets.push(css);
    return '';
  });
  for (let pass = 0; pass < 8; pass += 1) {
    const next = text.replace(styleAttribute, `$1${movedStyle}$2`);
    if (next === text) break;
    text = next;
  }
  return { html: text, css: sheets.join('\n') };
}

function preparePage(html: string): PreparedPage {
  const { html: text, css } = setStylesAside(html);
  const parsed = new DOMParser().parseFromString(text, 'text/html');
  for (const element of parsed.querySelectorAll(stripped)) element.remove();
  const inlineStyles = new Map<Element, string>();
  for (const element of parsed.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'srcdoc' || name === 'formaction') element.removeAttribute(attribute.name);
      else if ((name === 'href' || name === 'src' || name === 'action' || name === 'xlink:href') && /^\s*(javascript|vbscript|data):/i.test(attribute.value) && !(name === 'src' && /^\s*data:image\//i.test(attribute.value))) element.removeAttribute(attribute.name);
    }
    const style = element.getAttribute(movedStyle);
    if (style !== null) {
      inlineStyles.set(element, style);
      element.removeAttribute(movedStyle);
    }
    element.removeAttribute('style');
    if (element instanceof HTMLAnchorElement && element.hasAttribute('href') && !element.getAttribute('href')?.startsWith('#')) {
      element.target = '_blank';
      element.rel = 'noopener noreferrer';
    }
  }
  return { documentElement: parsed.documentElement, css, inlineStyles };
}

function mountInto(frame: HTMLIFrameElement, page: PreparedPage): void {
  const doc = frame.contentDocument;
  const view = frame.contentWindow as (Window & typeof globalThis) | null;
  if (!doc || !view) return;
  // Elements are adopted into the frame's document; the map follows them by identity.
  const imported = doc.importNode(page.documentElement, true);
  const originals = [page.documentElement, ...page.documentElement.querySelectorAll('*')];
  const copies = [imported, ...imported.querySelectorAll('*')];
  const sheet = new view.CSSStyleSheet();
  try {
    sheet.replaceSync(page.css);
  } catch {
    // A sheet that does not parse leaves the page unstyled rather than failing the answer.
  }
  doc.replaceChild(imported, doc.documentElement);
  doc.adoptedStyleSheets = [sheet];
  originals.forEach((original, index) => {
    const style = page.inlineStyles.get(original);
    const copy = copies[index];
    if (style !== undefined && copy instanceof view.HTMLElement) copy.style.cssText = style;
  });
  const fit = (): void => {
    frame.style.height = `${Math.min(Math.max(doc.documentElement.scrollHeight, 240), 4000)}px`;
  };
  fit();
  view.addEventListener('resize', fit);
  // In a srcdoc document `#section` would resolve against the console's address: move within the page instead.
  doc.addEventListener('click', (event) => {
    const link = event.target instanceof view.Element ? event.target.closest('a[href^="#"]') : null;
    if (!link) return;
    event.preventDefault();
    const target = doc.getElementById(decodeURIComponent(link.getAttribute('href')?.slice(1) ?? ''));
    target?.scrollIntoView();
    if (target instanceof view.HTMLElement) target.focus({ preventScroll: true });
  });
}

/**
 * The page in a frame sandboxed without `allow-scripts` (same origin only, so the console can write its
 * content and styles into it); `title` names the frame for assistive technology.
 */
export function htmlPreview(html: string, title: string): HTMLIFrameElement {
  const page = preparePage(html);
  const frame = h('iframe', { className: 'preview-frame', title, sandbox: 'allow-same-origin allow-popups allow-popups-to-escape-sandbox', srcdoc: '<!doctype html><title>Preview</title>', loading: 'eager' });
  frame.addEventListener('load', () => mountInto(frame, page), { once: true });
  return frame;
}
