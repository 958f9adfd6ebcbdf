import { OutboundError } from '../../ports/outbound-http.ts';

const hasScheme = /^[a-z][a-z\d+.-]*:\/\//i;

/** What to fetch for an audit target: a URL as given, a bare domain (or domain and path) over HTTPS. */
export function pageUrlOf(target: string): string {
  const trimmed = target.trim();
  const candidate = hasScheme.test(trimmed) ? trimmed : `https://${trimmed}`;
  try {
    return new URL(candidate).href;
  } catch (error) {
    throw new OutboundError('invalid_url', `${JSON.stringify(trimmed.slice(0, 100))} is neither a domain nor a URL`, { cause: error });
  }
}
