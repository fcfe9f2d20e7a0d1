import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address as limits and audit count it. Fastify's `trustProxy` is set from
 * TRUSTED_PROXIES, so `req.ip` honours X-Forwarded-For only when the request came through a
 * configured proxy: a spoofed header from anyone else changes nothing. An IPv6 client is its
 * /64 network (one subscriber holds a whole /64, so counting single addresses would give it
 * 2^64 fresh counters); an IPv4-mapped IPv6 address is its IPv4 address.
 */
export const clientIp = (req: FastifyRequest): string => addressKey(req.ip);

/** "203.0.113.7" stays; "2001:db8:a:b:1:2:3:4" → "2001:db8:a:b::/64"; "::ffff:1.2.3.4" → "1.2.3.4". */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, ''); // zone id (fe80::1%eth0)
  if (isIPv4(address) || !isIPv6(address)) return ip;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and a dotted IPv4 tail expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
