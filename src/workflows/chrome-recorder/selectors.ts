import type { Fingerprint } from '../../shared/fingerprint';
import type { Selector } from './schema';

/**
 * Chrome Recorder selectors to one fingerprint. Each alternative says the same element another
 * way: `aria/Name[role="button"]` gives role and name, `text/...` the text, `xpath/...` an XPath,
 * `pierce/...` a CSS selector that crosses shadow roots, anything else is CSS (an array of CSS
 * selectors walks down through shadow hosts). Frame indexes become `nth-frame(N)` entries, which
 * the page resolver reads as "the N-th frame of that document, in document order".
 */
export function fingerprintFromSelectors(selectors: Selector[], frame: number[] = [], selectorAttribute?: string): Fingerprint {
  const fp: Fingerprint = { tag: '', role: '', name: '', css: '', xpath: '', frames: frame.map((n) => `nth-frame(${n})`), shadow: [] };
  for (const sel of selectors) {
    const parts = Array.isArray(sel) ? sel : [sel];
    const last = parts.at(-1) ?? '';
    if (parts.length === 1 && last.startsWith('aria/')) {
      const m = /^aria\/(.*?)(?:\[role="([^"]+)"\])?$/.exec(last);
      if (m && !fp.name) {
        fp.name = m[1] ?? '';
        fp.role = m[2] ?? fp.role;
      }
    } else if (parts.length === 1 && last.startsWith('text/')) {
      fp.text ??= last.slice(5);
    } else if (parts.length === 1 && last.startsWith('xpath/')) {
      fp.xpath ||= last.slice(6);
    } else if (parts.length === 1 && last.startsWith('pierce/')) {
      if (!fp.css) fp.css = last.slice(7);
    } else if (!parts.some((p) => /^(aria|text|xpath|pierce)\//.test(p))) {
      readCss(fp, last, selectorAttribute);
      if (!fp.css) {
        fp.css = last;
        fp.shadow = parts.slice(0, -1);
      }
    }
  }
  fp.tag = /^([a-z][a-z0-9-]*)/i.exec(fp.css)?.[1]?.toLowerCase() ?? '';
  return fp;
}

/** Plain `#id`, `[data-testid="x"]`, `[name="x"]`, `[placeholder="x"]` and `[type="x"]` selectors say more than a path. */
function readCss(fp: Fingerprint, css: string, selectorAttribute?: string): void {
  const id = /^(?:[a-z]+)?#([A-Za-z][\w-]*)$/.exec(css);
  if (id && !fp.domId) fp.domId = id[1];
  const attr = /^(?:[a-z]+)?\[([\w-]+)=["']?([^"'\]]+)["']?\]$/.exec(css);
  if (attr) {
    const [, name = '', value = ''] = attr;
    if ((name === selectorAttribute || /^data-(testid|test|qa|cy)$/.test(name)) && !fp.testId) fp.testId = `${name}=${value}`;
    else if (name === 'name' && !fp.nameAttr) fp.nameAttr = value;
    else if (name === 'placeholder' && !fp.placeholder) fp.placeholder = value;
    else if (name === 'type' && !fp.inputType) fp.inputType = value;
  }
}

const cssString = (s: string): string => JSON.stringify(s);

/** A fingerprint back to Chrome Recorder selectors, most specific first. */
export function selectorsFromFingerprint(fp: Fingerprint): Selector[] {
  const out: Selector[] = [];
  const wrap = (css: string): Selector => (fp.shadow.length ? [...fp.shadow, css] : css);
  if (fp.name) out.push(fp.role ? `aria/${fp.name}[role="${fp.role}"]` : `aria/${fp.name}`);
  if (fp.testId) {
    const [attr, ...rest] = fp.testId.split('=');
    out.push(wrap(`[${attr}=${cssString(rest.join('='))}]`));
  }
  if (fp.domId) out.push(wrap(/^[A-Za-z][\w-]*$/.test(fp.domId) ? `#${fp.domId}` : `[id=${cssString(fp.domId)}]`));
  if (fp.css) out.push(wrap(fp.css));
  if (fp.xpath && !fp.shadow.length) out.push(`xpath/${fp.xpath}`);
  if (fp.css) out.push(`pierce/${fp.css}`);
  if (fp.text) out.push(`text/${fp.text}`);
  return out;
}
