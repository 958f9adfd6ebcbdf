import { OutboundError } from '../../ports/outbound-http.ts';

/** Parses an address the service was given and refuses anything but plain http(s) without credentials. */
export function parseOutboundUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch (error) {
    throw new OutboundError('invalid_url', `${describe(raw)} is not a valid URL`, { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('invalid_url', `only http and https URLs can be fetched, not ${url.protocol.slice(0, -1)}`);
  }
  // Credentials in a URL end up in logs and redirects; callers send them as headers instead.
  if (url.username !== '' || url.password !== '') {
    throw new OutboundError('invalid_url', 'URLs with a user name or password are not fetched');
  }
  return url;
}

/** The host as DNS and the allow list know it: lowercase, IPv6 without brackets, no trailing dot kept. */
export function hostOf(url: URL): string {
  return normalizeHost(url.hostname);
}

export function normalizeHost(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

// Quoted and shortened, so a long or odd input cannot flood a log line.
function describe(raw: string): string {
  const shown = raw.length > 100 ? `${raw.slice(0, 100)}…` : raw;
  return JSON.stringify(shown);
}
