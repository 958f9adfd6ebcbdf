export type LinkKind = 'internal' | 'external';

// Links that lead nowhere on the web: same-page anchors, mail, phone and script pseudo-links.
const ignoredPrefixes = ['#', 'mailto:', 'tel:', 'javascript:'];

/**
 * Whether a link stays on the site. The site is the page's host without a leading `www.`, so a page on
 * www.example.com counts links to example.com and to its other subdomains as internal.
 * Returns null for links that are not web navigation.
 */
export function classifyLink(href: string, base: URL, pageHost: string): LinkKind | null {
  const trimmed = href.trim();
  const lower = trimmed.toLowerCase();
  if (trimmed === '' || ignoredPrefixes.some((prefix) => lower.startsWith(prefix))) return null;
  let target: URL;
  try {
    target = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  const site = pageHost.toLowerCase().replace(/^www\./, '');
  const host = target.hostname.toLowerCase();
  return host === site || host.endsWith(`.${site}`) ? 'internal' : 'external';
}
