import fc from 'fast-check';
import type { RegisteredRoute } from '../support/app-routes.ts';
import { takesBody } from '../support/route-facts.ts';
import { fuzzBody } from './request-bodies.ts';
import { fuzzHeaders, type FuzzCredentials } from './request-headers.ts';
import { fuzzUrl } from './request-urls.ts';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface FuzzContext {
  credentials: FuzzCredentials;
  /** Ids that exist in the app (runs, agents, playbooks, accounts, key prefixes) by the path parameter that names them. */
  idsByParameter: Readonly<Record<string, readonly string[]>>;
}

/**
 * A request to the route with everything fuzzed: the path parameters and query, the headers, and for
 * methods with a body, the body and (usually, not always) the content type that matches it.
 */
export function fuzzRequest(route: RegisteredRoute, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const body = takesBody(route.method) ? fc.option(fuzzBody, { freq: 8 }) : fc.constant(null);
  return fc.tuple(fuzzUrl(route.url, context.idsByParameter), fuzzHeaders(context.credentials), body, fc.nat({ max: 9 })).map(([url, headers, chosen, coin]) => {
    if (chosen === null) return { method: route.method, url, headers };
    // Mostly the content type that fits the body, so parsing gets exercised; otherwise whatever the headers drew, or none.
    const withType = coin < 6 ? { ...headers, 'content-type': chosen.contentType } : coin < 8 ? headers : withoutContentType(headers);
    return { method: route.method, url, headers: withType, payload: chosen.payload };
  });
}

function withoutContentType(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'content-type'));
}

/** The request as a short text for failure messages: huge bodies and URLs cut. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text);
  return JSON.stringify({ ...request, url: cut(request.url), payload: request.payload === undefined ? undefined : cut(request.payload) });
}
