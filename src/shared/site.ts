import { getDomain } from 'tldts';

/**
 * Addresses and sites, decided the way the browser decides them: every address is parsed by the
 * WHATWG `URL` parser (what Chromium itself uses to pick the host it connects to), and "the same
 * site" is the same registrable domain under the public-suffix list (tldts, private suffixes
 * included, so attacker.github.io is not me.github.io). IP addresses and single-label hosts
 * (localhost, intranet names) have no registrable domain: they match only themselves.
 */

interface ParsedUrl {
  protocol: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
}
// URL exists in every runtime the core runs in, but the core's lib (no DOM) does not declare it.
const UrlCtor = (globalThis as unknown as { URL: new (url: string, base?: string) => ParsedUrl }).URL;

function parse(url: string, base?: string): ParsedUrl | null {
  try {
    return new UrlCtor(url, base);
  } catch {
    return null;
  }
}

const WEB = new Set(['http:', 'https:']);

/** A host in the form it is compared in: lower case, ASCII (xn--) form, no trailing dot. */
function cleanHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.+$/, '');
}

/**
 * The host the browser would actually connect to for `url`, or null when the address is not a web
 * page (javascript:, data:, blob:, file:, mailto:, unparsable). `https://bank.example@evil.example/`
 * is evil.example (the part before @ is a user name); a backslash is a path separator in web
 * addresses, so `https://bank.example\@evil.example` is bank.example. A scheme-relative `//host`
 * resolves against `base` when given, else as https. Unicode hosts come back in their xn-- form.
 */
export function hostOf(url: string, base?: string): string | null {
  const text = url.trim();
  const u = parse(text, base) ?? (/^[/\\]{2}/.test(text) ? parse(`https:${text}`) : null);
  if (!u || !WEB.has(u.protocol) || !u.hostname) return null;
  return cleanHost(u.hostname) || null;
}

/** A web address's port when it is not its scheme's own ('' for 443 on https, and for what is not a web address). */
export function portOf(url: string): string {
  const u = parse(url.trim());
  return u && WEB.has(u.protocol) ? u.port : '';
}

/** A bare host, `host:port`, or an address, as a clean host; null when it is none of these. */
function asHost(hostOrUrl: string): string | null {
  const text = hostOrUrl.trim();
  if (!text) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return hostOf(text);
  const u = parse(`http://${text}/`);
  return u?.hostname ? cleanHost(u.hostname) : null;
}

/**
 * The registrable domain of a host: shop.example.com -> example.com, www.bbc.co.uk -> bbc.co.uk,
 * me.github.io -> me.github.io. Hosts without one (IP addresses, localhost, a bare public suffix)
 * are their own site. Accepts `host:port` and full addresses too (the port is not part of a site).
 */
export function siteOf(host: string): string {
  const h = asHost(host);
  if (!h) return host.trim().toLowerCase();
  return getDomain(h, { allowPrivateDomains: true }) ?? h;
}

/** Same registrable domain (or the same exact host, for IPs and single-label hosts). */
export function sameSite(a: string, b: string): boolean {
  const ha = asHost(a);
  const hb = asHost(b);
  return !!ha && !!hb && siteOf(ha) === siteOf(hb);
}

/** Whether `host` belongs to one of the allowed sites. An empty or unparsable host never does. */
export function hostAllowed(host: string, allowed: string[]): boolean {
  return !!asHost(host) && allowed.some((a) => sameSite(host, a));
}

/** Whether an address is a web page the browser would load (http or https), not a script or a local file. */
export function isWebUrl(url: string): boolean {
  return hostOf(url) !== null && !/^[/\\]{2}/.test(url.trim());
}

/**
 * Two addresses name the same page: same host (a leading www. aside), port, path (a trailing slash
 * aside) and query; the scheme and fragment are ignored. A bare host the person wrote ("kayak.com")
 * names that site's home page. Addresses that are not web pages never match.
 */
export function sameAddress(a: string, b: string): boolean {
  const key = (url: string) => {
    const text = url.trim();
    const u = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d+(?:[/?#]|$)/.test(text) ? parse(text) : parse(`http://${text}`);
    if (!u || !WEB.has(u.protocol) || !u.hostname) return null;
    return `${cleanHost(u.hostname).replace(/^www\./, '')}:${u.port}${u.pathname.replace(/\/+$/, '')}${u.search}`;
  };
  const ka = key(a);
  return ka !== null && ka === key(b);
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
