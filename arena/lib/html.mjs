// A tiny escaping template: interpolated values are escaped unless wrapped in raw(),
// which keeps every page safe from its own seeded data without a template engine.

class Raw {
  constructor(text) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}

export const raw = (text) => new Raw(String(text));

/** JSON for a <script type="application/json"> block, safe against a closing script tag. */
export const jsonRaw = (value) => raw(JSON.stringify(value).replace(/</g, '\\u003c'));

export function esc(value) {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function render(value) {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return esc(value);
}

export function html(strings, ...values) {
  let out = strings[0];
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1];
  });
  return new Raw(out);
}

/** Attributes from an object; false/null drop the attribute, true writes it bare. */
export function attrs(map) {
  return raw(
    Object.entries(map)
      .filter(([, v]) => v !== false && v !== null && v !== undefined)
      .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${esc(v)}"`))
      .join(''),
  );
}

/** A full document in one of the arena's site skins. */
export function page({ title, brand = 'Practice Arena', nav = [], scenario, body, scripts = [], head = '' }) {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/static/arena.css">
${raw(head)}
</head>
<body${attrs({ 'data-scenario': scenario?.id })}>
<header class="site-header"><div class="wrap">
<span class="brand">${brand}</span>
<nav>${nav.map(([href, label]) => html`<a href="${href}">${label}</a>`)}</nav>
</div></header>
<main class="wrap">
${body}
</main>
<footer class="site-footer"><div class="wrap">&copy; 2027 ${brand}. All rights reserved.</div></footer>
<script src="/static/arena.js"></script>
${scripts.map((s) => html`<script>${raw(s)}</script>`)}
</body>
</html>`.toString();
}
