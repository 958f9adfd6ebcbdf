import { describe, expect, it } from 'vitest';
import { findPii } from './find-pii.ts';
import { findIps, ipv6Groups, isIpv4 } from './ip-recognizer.ts';

const values = (text: string) => findIps(text).map((ip) => text.slice(ip.start, ip.end));
const foundIps = (text: string) => findPii(text).filter((finding) => finding.type === 'ip').map((finding) => text.slice(finding.start, finding.end));

describe('IP recognizer', () => {
  it('validates IPv4 octets', () => {
    expect(isIpv4('192.168.1.254')).toBe(true);
    expect(isIpv4('0.0.0.0')).toBe(true);
    expect(isIpv4('256.1.1.1')).toBe(false);
    expect(isIpv4('10.01.1.1')).toBe(false);
    expect(isIpv4('10.1.1')).toBe(false);
  });

  it('parses the IPv6 forms', () => {
    expect(ipv6Groups('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBe(8);
    expect(ipv6Groups('2001:db8:85a3::8a2e:370:7334')).toBe(6);
    expect(ipv6Groups('fe80::1ff:fe23:4567:890a')).toBe(5);
    expect(ipv6Groups('2001:db8::')).toBe(2);
    expect(ipv6Groups('::ffff:192.0.2.128')).toBe(3);
    expect(ipv6Groups('2001:DB8::1')).toBe(3);
    expect(ipv6Groups('1::2::3')).toBeUndefined();
    expect(ipv6Groups('1:2:3:4:5:6:7:8:9')).toBeUndefined();
    expect(ipv6Groups('1:2:3:4:5:6:7')).toBeUndefined();
    expect(ipv6Groups('12345::1')).toBeUndefined();
    expect(ipv6Groups('::ffff:300.0.2.128')).toBeUndefined();
    // Loopback: too short to tell from code.
    expect(ipv6Groups('::1')).toBeUndefined();
  });

  it('finds addresses with ports, brackets, zone ids and at the end of a sentence', () => {
    expect(values('upstream 10.0.3.17:8080 timed out')).toEqual(['10.0.3.17']);
    expect(values('from [2001:db8:19:71::7]:6016 closed')).toEqual(['2001:db8:19:71::7']);
    expect(values('link fe80::1ff:fe23:4567:890a%eth0 up')).toEqual(['fe80::1ff:fe23:4567:890a']);
    expect(values('the new host is 2001:db8::8a2e:370:7334.')).toEqual(['2001:db8::8a2e:370:7334']);
    // The embedded IPv4 is a candidate too; the whole mapped address wins the overlap.
    expect(foundIps('mapped ::ffff:192.0.2.128 here')).toEqual(['::ffff:192.0.2.128']);
  });

  it('ignores dotted numbers that are not addresses, MAC addresses and times', () => {
    expect(values('v1.2.3.4 and 10.0.19041.1 and 1.2.3.4.5')).toEqual([]);
    expect(values('MAC 00:1A:2B:3C:4D:5E at 12:30:45, ratio 16:9')).toEqual([]);
    expect(values('std::vector and a::b')).toEqual([]);
  });

  it('reports a valid IPv4 unless the context says it is a version', () => {
    expect(foundIps('login from 203.0.113.195 blocked')).toEqual(['203.0.113.195']);
    expect(foundIps('203.0.113.195')).toEqual(['203.0.113.195']);
    expect(foundIps('Firmware version 2.10.3.1 fixes it')).toEqual([]);
    expect(foundIps('upgrade to 4.12.0.7 tonight')).toEqual([]);
    expect(foundIps('ping 8.8.8.8 and 1.1.1.1')).toEqual(['8.8.8.8', '1.1.1.1']);
    expect(foundIps('see 1.2.3.4')).toEqual(['1.2.3.4']);
    expect(foundIps('see section 1.2.3.4 and build 1.2.3.4')).toEqual([]);
  });
});
