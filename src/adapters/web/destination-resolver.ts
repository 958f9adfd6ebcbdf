import { lookup } from 'node:dns/promises';
import { isIP, isIPv6 } from 'node:net';
import { OutboundError } from '../../ports/outbound-http.ts';
import { isRefusedAddress } from './address-policy.ts';
import { normalizeHost } from './outbound-url.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Turns a host name into its addresses; injectable so tests can answer without real DNS. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemHostLookup: HostLookup = async (hostname) => {
  const answers = await lookup(hostname, { all: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/**
 * Resolves a host once and checks every address it resolves to. The addresses returned are the ones the
 * connection must use: resolving again at connect time would let DNS answer differently (rebinding).
 */
export class DestinationResolver {
  private readonly allowHosts: Set<string>;
  private readonly lookupHost: HostLookup;

  constructor(options: { allowHosts: string[]; lookupHost: HostLookup }) {
    this.allowHosts = new Set(options.allowHosts.map(canonicalHost));
    this.lookupHost = options.lookupHost;
  }

  async resolve(host: string, signal: AbortSignal): Promise<ResolvedAddress[]> {
    const allowed = this.allowHosts.has(host);
    const family = isIP(host);
    if (family === 4 || family === 6) {
      if (!allowed && isRefusedAddress(host)) {
        throw new OutboundError('refused_address', `${host} is a private, local or reserved address and is not fetched`);
      }
      return [{ address: host, family }];
    }

    const addresses = await this.lookup(host, signal);
    if (!allowed && addresses.some((answer) => isRefusedAddress(answer.address))) {
      // The address itself stays out of the message: it may describe a private network.
      throw new OutboundError('refused_address', `${host} resolves to a private, local or reserved address and is not fetched`);
    }
    return addresses;
  }

  private async lookup(host: string, signal: AbortSignal): Promise<ResolvedAddress[]> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await untilAborted(this.lookupHost(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new OutboundError('dns_failed', dnsFailureMessage(host, error), { cause: error });
    }
    if (addresses.length === 0) throw new OutboundError('dns_failed', `the host ${host} has no addresses`);
    return addresses;
  }
}

/** Allow-list entries written the way URLs write hosts, so `0:0::1` matches `[::1]` and `LocalHost` matches `localhost`. */
function canonicalHost(entry: string): string {
  const host = normalizeHost(entry);
  try {
    return normalizeHost(new URL(`http://${isIPv6(host) ? `[${host}]` : host}/`).hostname);
  } catch {
    return host;
  }
}

function dnsFailureMessage(host: string, error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'ENOTFOUND' || code === 'ENODATA') return `the host ${host} does not exist in DNS`;
  if (code === 'EAI_AGAIN' || code === 'ETIMEOUT') return `DNS did not answer for ${host}; try again later`;
  return `the host ${host} could not be resolved${code === '' ? '' : ` (${code})`}`;
}

// DNS lookups cannot be cancelled, so the deadline stops waiting for them instead.
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
