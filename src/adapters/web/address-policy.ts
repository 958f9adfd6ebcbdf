import { BlockList, isIPv4 } from 'node:net';
import { ipv6Groups, lastIpv4Of } from '../../shared/ipv6-groups.ts';

/**
 * Which IP addresses an outbound request may never reach: anything that is not a public unicast
 * address. A fetch the service makes for a user must not become a way into this host, its network or
 * the cloud metadata service (SSRF).
 */
const refusedIpv4Ranges: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes the 169.254.169.254 metadata service
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes broadcast 255.255.255.255
];

/**
 * IPv6 is allowed only in global unicast, 2000::/3: everything outside it is loopback, unspecified,
 * IPv4-compatible or IPv4-translated (::/8), local-use NAT64 (64:ff9b:1::/48), discard-only (100::/64),
 * unique local (fc00::/7), link-local (fe80::/10), site-local (fec0::/10), multicast (ff00::/8), segment
 * routing (5f00::/16) or not allocated. Within it, these are refused too.
 */
const globalUnicastIpv6: [string, number] = ['2000::', 3];
const refusedGlobalIpv6Ranges: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32 (tunnels to an embedded IPv4 address), benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
];

const refusedIpv4 = new BlockList();
for (const [network, prefix] of refusedIpv4Ranges) refusedIpv4.addSubnet(network, prefix, 'ipv4');
const allowedIpv6 = new BlockList();
allowedIpv6.addSubnet(globalUnicastIpv6[0], globalUnicastIpv6[1], 'ipv6');
const refusedIpv6 = new BlockList();
for (const [network, prefix] of refusedGlobalIpv6Ranges) refusedIpv6.addSubnet(network, prefix, 'ipv6');

/** True when the address must not be contacted; anything that is not a valid IP address is refused too. */
export function isRefusedAddress(address: string): boolean {
  if (isIPv4(address)) return refusedIpv4.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (groups === null) return true;
  // These forms carry an IPv4 address that the packet ends up at, so that address decides.
  const embedded = embeddedIpv4(groups);
  if (embedded !== null) return refusedIpv4.check(embedded, 'ipv4');
  const canonical = groups.map((group) => group.toString(16)).join(':');
  if (!allowedIpv6.check(canonical, 'ipv6') || refusedIpv6.check(canonical, 'ipv6')) return true;
  // An ISATAP interface id names the IPv4 address a host on that prefix tunnels to.
  const isatap = isatapIpv4(groups);
  return isatap !== null && refusedIpv4.check(isatap, 'ipv4');
}

function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5] = groups;
  // ::ffff:0:0/96, IPv4-mapped.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return lastIpv4Of(groups);
  // 64:ff9b::/96, NAT64: the gateway forwards to the embedded address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return lastIpv4Of(groups);
  // 2002::/16, 6to4: the relay forwards to the IPv4 address in bits 16-47.
  if (g0 === 0x2002 && g1 !== undefined && g2 !== undefined) return lastIpv4Of([0, 0, 0, 0, 0, 0, g1, g2]);
  return null;
}

/** The IPv4 address in an ISATAP interface id (`…:0:5efe:a.b.c.d` or `…:200:5efe:a.b.c.d`). */
function isatapIpv4(groups: number[]): string | null {
  const [, , , , g4, g5] = groups;
  return (g4 === 0 || g4 === 0x200) && g5 === 0x5efe ? lastIpv4Of(groups) : null;
}
