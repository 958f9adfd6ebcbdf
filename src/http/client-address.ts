import { isIPv4 } from 'node:net';
import { ipv6Groups, lastIpv4Of } from '../shared/ipv6-groups.ts';

/**
 * The key the free tier counts a client under: an IPv4 address as is, an IPv6 address by its /64 network
 * (one subscriber usually holds a whole /64, so per-address limits would be trivial to dodge), and an
 * IPv4 address written in IPv6 form as the IPv4 address it is.
 */
export function clientKey(address: string): string {
  if (isIPv4(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) return lastIpv4Of(groups);
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
