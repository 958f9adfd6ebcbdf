import { OutboundError, type DestinationCheck, type OutboundHttp, type OutboundRequest, type OutboundResponse } from '../../ports/outbound-http.ts';
import { bodyText } from './body-text.ts';
import { DestinationResolver, systemHostLookup, type HostLookup } from './destination-resolver.ts';
import { networkFailure } from './network-failure.ts';
import { flattenHeaders, initialHeaders, withBodyLength, withoutBodyHeaders, withoutCredentials } from './outgoing-headers.ts';
import { hostOf, parseOutboundUrl } from './outbound-url.ts';
import { isRedirect, methodAfterRedirect } from './redirect-step.ts';
import { exchange, type ExchangeResponse } from './single-exchange.ts';

export interface SafeOutboundHttpOptions {
  /** Hosts (names or IPs, any case) that skip the address check: local setups and tests. */
  allowHosts: string[];
  /** Default deadline for a whole request, redirects included. */
  timeoutMs: number;
  /** Default cap on the bytes of body read. */
  maxBytes: number;
  userAgent: string;
  /** Default number of redirects followed; 5 when not set. */
  maxRedirects?: number;
  /** How host names become addresses; the system resolver when not set. */
  lookupHost?: HostLookup;
}

/** The longest a destination check waits for DNS. */
const destinationCheckMs = 2_000;

/** What stays the same across the hops of one request. */
interface RequestLimits {
  maxBytes: number;
  followRedirects: boolean;
  timeoutMs: number;
  /** The deadline and the caller's signal together. */
  signal: AbortSignal;
  callerSignal: AbortSignal | undefined;
}

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * The one way the service fetches addresses it is given. Every hop (the first request and each
 * redirect) is checked against the address policy, and the connection goes to exactly the addresses
 * that were checked. `redirects` lists the URLs redirected to, in order.
 */
export class SafeOutboundHttp implements OutboundHttp, DestinationCheck {
  private readonly resolver: DestinationResolver;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly maxRedirects: number;
  private readonly userAgent: string;

  constructor(options: SafeOutboundHttpOptions) {
    this.resolver = new DestinationResolver({ allowHosts: options.allowHosts, lookupHost: options.lookupHost ?? systemHostLookup });
    this.timeoutMs = options.timeoutMs;
    this.maxBytes = options.maxBytes;
    this.maxRedirects = options.maxRedirects ?? 5;
    this.userAgent = options.userAgent;
  }

  /**
   * The address policy of a request's first hop, without the request: for addresses stored to be called later.
   * A caller waits for it, so DNS gets at most `destinationCheckMs`; a host it cannot resolve in time passes.
   */
  async checkDestination(url: string): Promise<void> {
    const parsed = parseOutboundUrl(url);
    try {
      await this.resolver.resolve(hostOf(parsed), AbortSignal.timeout(Math.min(this.timeoutMs, destinationCheckMs)));
    } catch (error) {
      if (error instanceof OutboundError && error.kind === 'refused_address') throw error;
    }
  }

  async request(request: OutboundRequest): Promise<OutboundResponse> {
    const startedAt = performance.now();
    const timeoutMs = request.timeoutMs ?? this.timeoutMs;
    const maxBytes = request.maxBytes ?? this.maxBytes;
    const maxRedirects = request.maxRedirects ?? this.maxRedirects;
    const deadline = AbortSignal.timeout(timeoutMs);
    const limits: RequestLimits = {
      maxBytes,
      followRedirects: maxRedirects > 0,
      timeoutMs,
      signal: request.signal === undefined ? deadline : AbortSignal.any([request.signal, deadline]),
      callerSignal: request.signal,
    };

    let hop: Hop = {
      url: parseOutboundUrl(request.url),
      method: request.method ?? 'GET',
      headers: initialHeaders(request.headers, this.userAgent),
      body: request.body,
    };
    const redirects: string[] = [];

    for (;;) {
      const response = await this.send(hop, limits);
      const location = headerValue(response.headers.location);
      if (!limits.followRedirects || !isRedirect(response.status, location)) {
        return {
          status: response.status,
          headers: flattenHeaders(response.headers),
          body: bodyText(response.body, headerValue(response.headers['content-type']), response.truncated),
          finalUrl: hop.url.href,
          redirects,
          truncated: response.truncated,
          elapsedMs: Math.round(performance.now() - startedAt),
        };
      }
      if (redirects.length >= maxRedirects) {
        const plural = maxRedirects === 1 ? '' : 's';
        throw new OutboundError('too_many_redirects', `stopped after ${maxRedirects} redirect${plural}: ${hostOf(hop.url)} redirected once more`);
      }
      hop = nextHop(hop, response.status, parseOutboundUrl(location, hop.url));
      redirects.push(hop.url.href);
    }
  }

  private async send(hop: Hop, limits: RequestLimits): Promise<ExchangeResponse> {
    const { maxBytes, followRedirects, timeoutMs, signal, callerSignal } = limits;
    const host = hostOf(hop.url);
    try {
      const addresses = await this.resolver.resolve(host, signal);
      return await exchange({
        url: hop.url,
        method: hop.method,
        headers: withBodyLength(hop.headers, hop.body),
        body: hop.body,
        addresses,
        maxBytes,
        skipBody: (status, headers) => followRedirects && isRedirect(status, headerValue(headers.location)),
        signal,
      });
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      if (callerSignal?.aborted === true) throw new OutboundError('timeout', `the request to ${host} was cancelled`, { cause: error });
      if (signal.aborted) throw new OutboundError('timeout', `${host} did not answer completely within ${timeoutMs} ms`, { cause: error });
      throw networkFailure(host, error);
    }
  }
}

function nextHop(previous: Hop, status: number, url: URL): Hop {
  const { method, keepsBody } = methodAfterRedirect(status, previous.method);
  let headers = keepsBody ? previous.headers : withoutBodyHeaders(previous.headers);
  if (url.origin !== previous.url.origin) headers = withoutCredentials(headers);
  return { url, method, headers, body: keepsBody ? previous.body : undefined };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
