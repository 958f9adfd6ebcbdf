import { isIP, isIPv4 } from 'node:net';
import { ipv6Groups, lastIpv4Of } from '../shared/ipv6-groups.ts';

/**
 * The key the free tier counts a client under: an IPv4 address as is, an IPv6 address by its /64 network
 * (one subscriber usually holds a whole /64, so per-address limits would be trivial to dodge), and an
 * IPv4 address written in IPv6 form as the IPv4 address it is. `address` is what the socket or a trusted
 * proxy reported: written with a port, brackets or a zone it counts as the address. When it is no address
 * at all, the client counts under `peer`, the socket's address (the proxy that sent the value), so a
 * client cannot dodge the limit by sending a new nonsense value each time.
 */
export function clientKey(address: string, peer?: string): string {
  const ip = ipAddressOf(address) ?? (peer === undefined ? undefined : ipAddressOf(peer));
  if (ip === undefined) return 'unknown';
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) return lastIpv4Of(groups);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** `1.2.3.4:5678` → `1.2.3.4`, `[2001:db8::1]:443` → `2001:db8::1`, `fe80::1%eth0` → `fe80::1`; undefined when no IP address is left. */
function ipAddressOf(text: string): string | undefined {
  const trimmed = text.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(trimmed);
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(trimmed);
  const address = (bracketed?.[1] ?? ipv4WithPort?.[1] ?? trimmed).split('%')[0] ?? '';
  return isIP(address) === 0 ? undefined : address;
}
