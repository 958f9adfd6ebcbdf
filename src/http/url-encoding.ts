import { invalidRequest, type AppError } from '../domain/errors.ts';

const notPercentEncoding = 'is not valid percent-encoding: each % must start a %XX escape, and the escapes must spell UTF-8';

/** The refusal of a URL whose path (`url`) or query string (`querystring`) does not decode. */
export function malformedUrl(part: 'url' | 'querystring'): AppError {
  return invalidRequest([{ path: part, message: notPercentEncoding }]);
}

/**
 * Whether the query string of a URL (after `?`) decodes: the query parser keeps an escape it cannot decode
 * as it was sent, so `?from=%E0%A4%A` would reach a route as those nine characters rather than be refused.
 */
export function queryDecodes(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return true;
  try {
    decodeURIComponent(url.slice(start + 1));
    return true;
  } catch {
    return false;
  }
}
