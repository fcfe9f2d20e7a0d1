/**
 * An origin allowed to frame a mini-site, in canonical form (`https://host[:port]`, lower
 * case), or undefined when it is not one: only https, a DNS host name with a dot, no path,
 * query, credentials or wildcard. What reaches the CSP header can hold nothing but an origin.
 * One rule for the organiser's list, an event's list and the back-office forms.
 */
export function parseFrameOrigin(input: string): string | undefined {
  const m =
    /^https:\/\/([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+)(:\d{1,5})?\/?$/i.exec(
      input.trim(),
    );
  if (!m) return undefined;
  const port = m[2] ? Number(m[2].slice(1)) : undefined;
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  return `https://${m[1]!.toLowerCase()}${port !== undefined && port !== 443 ? `:${port}` : ''}`;
}
