import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address.ts';

describe('clientKey', () => {
  it('keeps IPv4 addresses', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('reads IPv4-mapped IPv6 as IPv4', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 per /64', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});
