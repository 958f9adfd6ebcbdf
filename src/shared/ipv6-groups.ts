import { isIPv4, isIPv6 } from 'node:net';

/**
 * The eight 16-bit groups of an IPv6 address, or null when the text is not one. A zone (`%eth0`) is
 * dropped and a dotted IPv4 tail (`::ffff:1.2.3.4`) is read as the last two groups.
 */
export function ipv6Groups(text: string): number[] | null {
  const address = text.split('%')[0] ?? '';
  if (!isIPv6(address)) return null;

  const [head = '', tail] = address.split('::');
  const headGroups = parseGroups(head);
  const tailGroups = tail === undefined ? [] : parseGroups(tail);
  if (headGroups === null || tailGroups === null) return null;
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...headGroups, ...new Array<number>(missing).fill(0), ...tailGroups];
}

function parseGroups(part: string): number[] | null {
  if (part === '') return [];
  const groups: number[] = [];
  for (const piece of part.split(':')) {
    if (isIPv4(piece)) {
      const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
      groups.push((a << 8) | b, (c << 8) | d);
    } else {
      groups.push(Number.parseInt(piece, 16));
    }
  }
  return groups.some(Number.isNaN) ? null : groups;
}

/** The dotted IPv4 address held in the last 32 bits of an IPv6 address. */
export function lastIpv4Of(groups: number[]): string {
  const high = groups[6] ?? 0;
  const low = groups[7] ?? 0;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
