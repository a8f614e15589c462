/** Host handling for the navigation rule of the safety gate. */

export function hostOf(url: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:@]+)/i.exec(url.trim());
  return match ? (match[1] ?? '').toLowerCase().replace(/\.$/, '') : null;
}

const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gov', 'ac', 'edu']);

/** A rough registrable domain: shop.example.com -> example.com, www.bbc.co.uk -> bbc.co.uk. */
export function siteOf(host: string): string {
  const labels = host.split('.');
  if (labels.length <= 2) return host;
  const last = labels[labels.length - 1] ?? '';
  const second = labels[labels.length - 2] ?? '';
  const keep = last.length === 2 && SECOND_LEVEL.has(second) ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** Domain-like words in what the person wrote: "kayak.com", "https://www.united.com/". */
export function hostsNamedIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24})\b/gi)) {
    const host = (m[1] ?? '').toLowerCase();
    if (/\.(?:md|txt|pdf|png|jpe?g|csv|json)$/.test(host)) continue;
    found.add(host);
  }
  return [...found];
}

export function hostAllowed(host: string, allowed: string[]): boolean {
  const site = siteOf(host);
  return allowed.some((a) => siteOf(a) === site);
}

/**
 * Two addresses name the same page: same host, path (a trailing slash aside) and query; the
 * fragment is ignored. A bare host the person wrote ("kayak.com") names that site's home page.
 */
export function sameAddress(a: string, b: string): boolean {
  const parts = (url: string) => {
    const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#:@]+)(:\d+)?([^?#]*)(\?[^#]*)?/i.exec(url.trim());
    if (!m) return null;
    return `${(m[1] ?? '').toLowerCase().replace(/^www\./, '')}${m[2] ?? ''}${(m[3] ?? '').replace(/\/+$/, '')}${m[4] ?? ''}`;
  };
  const pa = parts(a);
  return pa !== null && pa === parts(b);
}

/** Web addresses in what the person wrote, with or without a scheme: "https://a.example/x", "kayak.com/deals". */
export function urlsNamedIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b(?:https?:\/\/)?(?:(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,24}|(?:\d{1,3}\.){3}\d{1,3}|localhost(?=[:/]))(?::\d+)?(?:\/[^\s"'<>)]*)?/gi)) {
    const url = m[0].replace(/[.,;:!?]+$/, '');
    if (/^[^/]*\.(?:md|txt|pdf|png|jpe?g|csv|json)$/i.test(url)) continue;
    found.add(url);
  }
  return [...found];
}
