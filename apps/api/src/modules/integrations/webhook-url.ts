/**
 * Where webhooks may be sent (SSRF guard). In production an endpoint must be https and public:
 * its host is refused when it names a loopback, private, link-local or otherwise internal
 * address, and again when it is sent to, on the address it resolves to at connection time
 * (`publicOnlyLookup`), so a name that later resolves to 10.0.0.1 (DNS rebinding) is refused too.
 * Outside production http and local receivers are allowed, so tests can run one on 127.0.0.1.
 */
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

const internal = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  internal.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(prefix, bits, 'ipv6');

/** True for an address no webhook may reach in production (IPv4-mapped IPv6 included). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return internal.check(address, 'ipv4');
  if (family === 6) return internal.check(address, 'ipv6');
  return false;
}

/**
 * Why `url` cannot be an endpoint here (a message key), or null when it can. `production`
 * refuses plain http and hosts that are internal addresses or local names.
 */
export function webhookUrlProblem(url: string, production: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'integrations.url_invalid';
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password)
    return 'integrations.url_invalid';
  if (!production) return null;
  if (u.protocol !== 'https:') return 'integrations.url_not_https';
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    isInternalAddress(host) ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    !host.includes('.')
  )
    return 'integrations.url_private';
  return null;
}

/** A DNS lookup for outgoing webhooks that refuses internal addresses (production). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isInternalAddress(a.address));
    if (bad || !list.length)
      return callback(
        Object.assign(new Error(`refused: ${hostname} resolves to an internal address`), {
          code: 'EWEBHOOKINTERNAL',
        }),
        '',
        0,
      );
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
