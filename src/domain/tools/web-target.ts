import { RE2JS } from 're2js';
import { OutboundError } from '../../ports/outbound-http.ts';
import { invalidRequest } from '../errors.ts';
import type { ToolContext } from './agent-tool.ts';
import { oneOf, trimEnd } from '../../shared/text-scanning.ts';

// A host name, an IPv4 address or localhost, with an optional port and path. Run by a linear-time engine: a
// backtracking one retries its dotted labels from every label of a long "a.a.a.a…". (The whitespace class
// is written out as JavaScript's `\s`, which is wider than RE2's.)
const pathCharacter = String.raw`[^\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}"'<>)]`;
const hostPattern = RE2JS.compile(
  String.raw`\b(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?::\d{1,5})?(?:/${pathCharacter}*)?`,
  RE2JS.CASE_INSENSITIVE,
);

/** Punctuation that ends the sentence around a URL rather than the URL. */
const closingPunctuation = oneOf('.,;:!?');

/**
 * The site or page a request is about: the given field's value, or else the first URL or host name in the
 * prompt. Returns what to fetch (a bare host means its home page over HTTPS, decided by the fetcher).
 */
export function findWebTarget(fieldValue: unknown, prompt: string | undefined): string | undefined {
  const field = typeof fieldValue === 'string' ? fieldValue.trim() : '';
  if (field) return field;
  const text = prompt ?? '';
  const url = /\bhttps?:\/\/[^\s"'<>)]+/i.exec(text)?.[0];
  if (url) return trimEnd(url, closingPunctuation);
  const host = hostPattern.exec(text)?.[0];
  return host === undefined ? undefined : trimEnd(host, closingPunctuation);
}

/**
 * Fetches what a request points at for a tool: the target from `field` (or the prompt), or 400 naming the
 * field; a target that cannot be fetched (refused address, DNS, timeout…) is a 400 that says why.
 */
export async function fetchWebTarget<Result>(
  context: ToolContext,
  field: { name: string; missing: string; failure: string },
  fetch: (target: string, options: { signal?: AbortSignal }) => Promise<Result>,
): Promise<{ target: string; result: Result }> {
  const target = findWebTarget(context.fields[field.name], context.prompt);
  if (!target) throw invalidRequest([{ path: field.name, message: field.missing }]);
  try {
    const result = await fetch(target, context.signal ? { signal: context.signal } : {});
    context.onOutbound?.();
    return { target, result };
  } catch (error) {
    // Only a target that could not even be read as an address never left the service.
    if (!(error instanceof OutboundError && error.kind === 'invalid_url')) context.onOutbound?.();
    if (error instanceof OutboundError) throw invalidRequest([{ path: field.name, message: `${target} ${field.failure}: ${error.message}` }]);
    throw error;
  }
}
