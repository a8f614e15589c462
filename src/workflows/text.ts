/** A sentence's first letter in capitals. */
export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Whitespace-collapsed, lower-cased text: how names and labels are compared everywhere in replay. */
export const norm = (s: string | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** A variable name from a field's label: "Departure date" -> "departure_date". */
export function slug(label: string, fallback: string): string {
  const s = norm(label)
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30)
    .replace(/_+$/, '');
  return /^[a-z]/.test(s) ? s : fallback;
}

interface ParsedUrl {
  pathname: string;
  host: string;
  href: string;
  origin: string;
}
// URL exists in every runtime the core runs in, but the core's lib (no DOM) does not declare it.
const UrlCtor = (globalThis as unknown as { URL: new (url: string, base?: string) => ParsedUrl }).URL;

export function parseUrl(url: string, base?: string): ParsedUrl | undefined {
  try {
    return new UrlCtor(url, base);
  } catch {
    return undefined;
  }
}

/** Path of a URL (no query, no hash); the input itself when it does not parse. */
export function pathOf(url: string): string {
  return parseUrl(url)?.pathname ?? url;
}

export function hostOf(url: string): string {
  return parseUrl(url)?.host ?? '';
}
