/**
 * Everything a model wrote reaches the page through these functions: text is cleaned and escaped, URLs are
 * checked against a short allow-list. Model text can therefore never become markup, a script, an event
 * handler or a style, whatever it contains.
 */

/**
 * The text without characters HTML forbids in a document (C0 and C1 controls other than tab, line feed
 * and carriage return, noncharacters, lone surrogates): each would be a parse error.
 */
export function cleanText(text: string): string {
  return text
    .toWellFormed()
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, '')
    .replace(/\p{Noncharacter_Code_Point}/gu, '');
}

/** Escapes the five characters that matter in HTML text and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return cleanText(text).replace(/[&<>"']/g, (character) => htmlEntities[character] ?? character);
}

const htmlEntities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** One line of text: whitespace collapsed, then escaped. */
export function escapeLine(text: string): string {
  return escapeHtml(cleanText(text).replace(/\s+/g, ' ').trim());
}

/** ` name="value"`, the value escaped; always quoted, so nothing in it can start another attribute. */
export function attribute(name: string, value: string): string {
  return ` ${name}="${escapeHtml(value)}"`;
}

/**
 * The URL when it is an http(s) or mailto: URL or a relative reference (a path, ?query or #anchor),
 * otherwise "#". A relative reference may not have a colon before its first / ? or # (RFC 3986 §4.2),
 * so nothing accepted can be read as another scheme (javascript:, data:, vbscript:); a network-path
 * reference ("//host") is refused too, as it is not a path on the site. Characters a URL never contains
 * (whitespace, controls, backslash, " < > ` { } | ^) are refused outright: browsers strip or reinterpret
 * some of them, which is how "java\tscript:" tricks work, and the others mean it is markup, not a URL.
 */
export function safeUrl(url: string | undefined): string {
  const candidate = url?.trim() ?? '';
  if (candidate === '' || /[\s\u0000-\u001F\u007F-\u009F\\"<>`{}|^]/.test(candidate)) return '#';
  if (/^(?:https?:\/\/[^/?#]|mailto:[^/?#])/i.test(candidate)) return candidate;
  if (/^[^:/?#]*(?:[/?#]|$)/.test(candidate) && !candidate.startsWith('//')) return candidate;
  return '#';
}
