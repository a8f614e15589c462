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
