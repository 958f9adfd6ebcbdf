import { OutboundError } from '../../ports/outbound-http.ts';
import { invalidRequest } from '../errors.ts';
import type { ToolContext } from './agent-tool.ts';
import { oneOf, trimEnd } from '../../shared/text-scanning.ts';

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
  const host = /\b(?:localhost|(?:\d{1,3}\.){3}\d{1,3}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?::\d{1,5})?(?:\/[^\s"'<>)]*)?/i.exec(text)?.[0];
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
