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

  it('counts an address written with a port, brackets, spaces or a zone as the address', () => {
    expect(clientKey('203.0.113.7:5678')).toBe('203.0.113.7');
    expect(clientKey(' 203.0.113.7:1 ')).toBe('203.0.113.7');
    expect(clientKey('[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64');
    expect(clientKey('[::ffff:203.0.113.7]:8080')).toBe('203.0.113.7');
    expect(clientKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('counts what is not an address under the peer that sent it', () => {
    expect(clientKey('unknown', '10.0.0.1')).toBe('10.0.0.1');
    expect(clientKey('203.0.113.7:port', '10.0.0.1')).toBe('10.0.0.1');
    expect(clientKey('', '[2001:db8::1]:1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('garbage', 'also garbage')).toBe('unknown');
  });
});
