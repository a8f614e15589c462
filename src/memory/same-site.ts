import { getDomain, getHostname } from 'tldts';

/**
 * The registrable site of a host or address ("shop.example.co.uk", "me.github.io"), decided by the
 * public-suffix list (private suffixes included, so two github.io pages are two sites). Hosts
 * without one (an IP address, localhost) are their own site. Ports do not make another site.
 */
export function registrableSite(hostOrUrl: string): string {
  const raw = hostOrUrl.trim().toLowerCase();
  if (!raw) return '';
  const host = (getHostname(raw) ?? raw).replace(/\.$/, '');
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

/** Whether two hosts or addresses belong to the same registrable site (false when either is empty). */
export function sameSite(a: string, b: string): boolean {
  const x = registrableSite(a);
  return x !== '' && x === registrableSite(b);
}
