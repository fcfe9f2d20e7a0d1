import { describe, expect, it } from 'vitest';
import { addressKey } from './client-ip';

describe('addressKey: what per-IP limits count', () => {
  it('keeps IPv4 addresses', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 client by its /64, however it spells its address', () => {
    const key = '2001:db8:a:b::/64';
    for (const ip of [
      '2001:db8:a:b:1:2:3:4',
      '2001:db8:a:b:ffff:ffff:ffff:ffff',
      '2001:0DB8:000a:000B::1',
      '2001:db8:a:b::',
      '2001:db8:a:b:0:0:1.2.3.4',
      '2001:db8:a:b::9%eth0',
    ])
      expect(addressKey(ip), ip).toBe(key);
    expect(addressKey('2001:db8:a:c::1')).toBe('2001:db8:a:c::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 client', () => {
    expect(addressKey('::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(addressKey('::ffff:c633:6409')).toBe('198.51.100.9');
  });

  it('passes anything else through unchanged', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not an ip')).toBe('not an ip');
  });
});
