import { hostAllowed, hostOf, siteOf } from '../../shared/site';

/**
 * The sites an app was allowed on. The person may allow an app everywhere or on sites they name;
 * a site is a registrable domain (shop.example.com allows example.com and its subdomains, as the
 * gate's own task sites do), so a link to the same shop's checkout host stays in scope.
 */

/** The person's words ("https://shop.example.com/cart", "example.com") as sites; what is not an address is dropped. */
export function scopeOf(written: string[]): string[] {
  const sites = written.map((w) => hostOf(/^[a-z][a-z0-9+.-]*:\/\//i.test(w.trim()) ? w : `https://${w.trim()}`)).filter((h): h is string => !!h);
  return [...new Set(sites.map(siteOf))];
}

/** Why an app may not touch this address, or null when it may (`sites` absent: every site). */
export function outOfScope(client: string, sites: string[] | undefined, url: string): string | null {
  if (!sites) return null;
  const host = hostOf(url);
  if (host && hostAllowed(host, sites)) return null;
  return `The person allowed "${client}" only on ${sites.join(', ')}; ${host ?? url} is not one of them. They can change that in the co-pilot's Settings, under Apps on this computer (Forget, then allow again).`;
}
