// Generates the admin-dashboard redesign corpus (bench/relocation/adminlte.json) from three
// published majors of the admin-lte template on npm: 2.4.18 (Bootstrap 3, Font Awesome 4), 3.2.0
// (Bootstrap 4, Font Awesome 5) and 4.0.0 (Bootstrap 5, Bootstrap Icons). Each ships the same
// template's example pages (login, register, forms, tables, mailbox, dashboard...); a pair is one
// page in two successive majors, at its path in each (3.2.0's pages/mailbox/mailbox.html is
// 4.0.0's dist/mailbox/inbox.html, pages/forms/general.html became dist/forms/elements.html...).
// Nothing is edited by hand: what changed is what the template changed (markup, tags, classes,
// addresses, icons, order, blocks added and removed).
//
// Rendering: each page is shown statically with its version's own stylesheets, scripts removed:
// 2.4.18 with its bower_components' Bootstrap 3, Font Awesome 4.7 and Ionicons and its skins; 3.2.0
// with Font Awesome 5.15.4 and icheck-bootstrap 3.0.1 (its pages load them from plugins/, which
// the npm package does not ship: they come from their own npm packages, the versions 3.2.0
// depends on); 4.0.0 with Bootstrap Icons 1.13.1 (its pages load it from a CDN; the same version
// from npm). Icon fonts are inlined (woff2) so icon-only controls have their real size; text fonts
// (Source Sans from Google Fonts) and Ionicons' font are not, the browser's fallback font is used.
// Plugins that style a page only through their script (iCheck, Select2, DataTables, charts,
// calendars) are not run: their elements show as the plain HTML they enhance. Images do not load
// (relative addresses); the stylesheets size most of them. Each stylesheet is cut to the rules
// that match some element of that version's pages (rules matching nothing change nothing).
//
// Ground truth, decided from the two rendered pages only (bench/relocation/adminlte-controls.js
// reads off each control what a labeller sees: region, block title, table row, visible words,
// label, the template's toggle function, icon). For each control shown on the old page (a box on
// the screen), the control of the new page that has the same purpose; a purpose belongs to a sort
// of control (an action, a text field, a check box...), so the "Search" field is not the "Search"
// button:
//  1. same region (header, sidebar, content...), same block and same purpose (its words, else its
//     label or placeholder, else the template's function for a card or layout tool, else its
//     icon), each unique on its page;
//  2. same region and purpose, unique on both pages, in another block (in the content, a block
//     whose title shares a word or that has none: the same block renamed, not another one);
//  3. same purpose, unique on both pages, in another region (a block that moved), the same tag,
//     within the page's frame (header, sidebar, footer) or within its content, never a
//     breadcrumb, never a menu toggle for a link;
//  4. same region, block and purpose on both pages as many times: the n-th is the n-th (rows of
//     the same sample table);
//  5. same region and sort, the words nearly the same ("Sign up using Google+" and "Sign in using
//     Google+"): the mutual best by shared words among all controls of the region, clearly ahead of
//     the runner-up;
//  6. the only button of a form whose fields were matched is the only button of their new form
//     (the register form's submit now says "Sign In"; the lock screen's arrow);
//  7. a link to the same address outside the site, unique on both pages;
// and the counterpart must be shown on the new page (not in a closed menu). A control is gone (the
// right answer is to refuse) when no control of the new page has any of its words (or, nameless,
// its function, its icon, or its icon's word); a field only when no field of its sort is left.
// Anything else is dropped, never guessed. Then the cases were read pair by pair, and the rules
// below (REJECT) drop what a reading found undecidable.
//
// At most PER_PAIR cases a pair, chosen for variety: gone, nameless, tag changed, link address
// changed and content controls first, in an order fixed by a hash of the pair and control; the
// header and sidebar (the same on every page of a version) at most CHROME a pair, icon-only
// controls at most NAMELESS, gone ones at most 2 in the header and sidebar and 6 elsewhere (and the
// same header or sidebar control gone in at most 6 pairs).
// Families are page kinds, held out by a hash of the name.
// Pages are stored once; a pair's cases name their elements by position in the page's body
// (`marks`), and the bench puts data-k on them after loading the page.
// `node bench/relocation/adminlte.mjs [--dump]` fetches the packages with `npm pack` and writes the
// file; --dump prints every case for reading.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const PER_PAIR = 30;
const CHROME = 8;
const NAMELESS = 5;
const V2 = '2.4.18', V3 = '3.2.0', V4 = '4.0.0';
const PACKAGES = [['admin-lte', V2], ['admin-lte', V3], ['admin-lte', V4], ['@fortawesome/fontawesome-free', '5.15.4'], ['icheck-bootstrap', '3.0.1'], ['bootstrap-icons', '1.13.1']];
/** Each version's stylesheets, as its pages link them, relative to the unpacked packages. */
const STYLES = {
  [V2]: ['admin-lte@2.4.18/bower_components/bootstrap/dist/css/bootstrap.min.css', 'admin-lte@2.4.18/bower_components/font-awesome/css/font-awesome.min.css', 'admin-lte@2.4.18/bower_components/Ionicons/css/ionicons.min.css', 'admin-lte@2.4.18/dist/css/AdminLTE.min.css', 'admin-lte@2.4.18/dist/css/skins/_all-skins.min.css'],
  [V3]: ['@fortawesome/fontawesome-free@5.15.4/css/all.min.css', 'icheck-bootstrap@3.0.1/icheck-bootstrap.min.css', 'admin-lte@3.2.0/dist/css/adminlte.min.css'],
  [V4]: ['bootstrap-icons@1.13.1/font/bootstrap-icons.min.css', 'admin-lte@4.0.0/dist/css/adminlte.min.css'],
};
// [family, old version, old path, new version, new path]; the same page kind across a redesign
const PAIRS = [
  ...[
    ['dashboard', 'index.html'], ['dashboard-2', 'index2.html'], ['login', 'pages/examples/login.html'], ['register', 'pages/examples/register.html'],
    ['lockscreen', 'pages/examples/lockscreen.html'], ['error-404', 'pages/examples/404.html'], ['error-500', 'pages/examples/500.html'], ['blank', 'pages/examples/blank.html'],
    ['invoice', 'pages/examples/invoice.html'], ['profile', 'pages/examples/profile.html'], ['forms-general', 'pages/forms/general.html'], ['forms-advanced', 'pages/forms/advanced.html'],
    ['forms-editors', 'pages/forms/editors.html'], ['tables-simple', 'pages/tables/simple.html'], ['tables-data', 'pages/tables/data.html'], ['mailbox', 'pages/mailbox/mailbox.html'],
    ['mailbox-compose', 'pages/mailbox/compose.html'], ['mailbox-read', 'pages/mailbox/read-mail.html'], ['ui-general', 'pages/UI/general.html'], ['ui-buttons', 'pages/UI/buttons.html'],
    ['ui-modals', 'pages/UI/modals.html'], ['ui-timeline', 'pages/UI/timeline.html'], ['ui-sliders', 'pages/UI/sliders.html'], ['calendar', 'pages/calendar.html'], ['widgets', 'pages/widgets.html'],
    ['layout-top-nav', 'pages/layout/top-nav.html'], ['layout-boxed', 'pages/layout/boxed.html'], ['layout-collapsed-sidebar', 'pages/layout/collapsed-sidebar.html'],
    ['charts-chartjs', 'pages/charts/chartjs.html'], ['charts-flot', 'pages/charts/flot.html'], ['charts-inline', 'pages/charts/inline.html'],
  ].map(([f, p]) => [f, V2, p, V3, p]),
  [ 'layout-fixed', V2, 'pages/layout/fixed.html', V3, 'pages/layout/fixed-sidebar.html'],
  ...[
    ['dashboard', 'index.html', 'dist/index.html'], ['dashboard-2', 'index2.html', 'dist/index2.html'], ['dashboard-3', 'index3.html', 'dist/index3.html'],
    ['login', 'pages/examples/login.html', 'dist/examples/login.html'], ['register', 'pages/examples/register.html', 'dist/examples/register.html'],
    ['login-v2', 'pages/examples/login-v2.html', 'dist/examples/login-v2.html'], ['register-v2', 'pages/examples/register-v2.html', 'dist/examples/register-v2.html'],
    ['lockscreen', 'pages/examples/lockscreen.html', 'dist/examples/lockscreen.html'], ['error-404', 'pages/examples/404.html', 'dist/pages/404.html'], ['error-500', 'pages/examples/500.html', 'dist/pages/500.html'],
    ['invoice', 'pages/examples/invoice.html', 'dist/pages/invoice.html'], ['profile', 'pages/examples/profile.html', 'dist/pages/profile.html'], ['projects', 'pages/examples/projects.html', 'dist/pages/projects.html'],
    ['faq', 'pages/examples/faq.html', 'dist/pages/faq.html'], ['kanban', 'pages/kanban.html', 'dist/pages/kanban.html'], ['calendar', 'pages/calendar.html', 'dist/pages/calendar.html'],
    ['forms-general', 'pages/forms/general.html', 'dist/forms/elements.html'], ['forms-validation', 'pages/forms/validation.html', 'dist/forms/validation.html'],
    ['tables-simple', 'pages/tables/simple.html', 'dist/tables/simple.html'], ['tables-data', 'pages/tables/data.html', 'dist/tables/data.html'],
    ['mailbox', 'pages/mailbox/mailbox.html', 'dist/mailbox/inbox.html'], ['mailbox-compose', 'pages/mailbox/compose.html', 'dist/mailbox/compose.html'], ['mailbox-read', 'pages/mailbox/read-mail.html', 'dist/mailbox/read.html'],
    ['ui-general', 'pages/UI/general.html', 'dist/UI/general.html'], ['ui-timeline', 'pages/UI/timeline.html', 'dist/UI/timeline.html'], ['widgets', 'pages/widgets.html', 'dist/widgets/cards.html'],
    ['layout-collapsed-sidebar', 'pages/layout/collapsed-sidebar.html', 'dist/layout/collapsed-sidebar.html'], ['layout-fixed', 'pages/layout/fixed-sidebar.html', 'dist/layout/fixed-sidebar.html'],
    ['layout-fixed-footer', 'pages/layout/fixed-footer.html', 'dist/layout/fixed-footer.html'],
  ].map(([f, a, b]) => [f, V3, a, V4, b]),
];

/**
 * Cases a reading found undecidable, by pair (a pattern of its id) and old control (its words or a
 * piece of its html): dropped.
 */
const REJECT = [
  // 2.4.18's sidebar menu "Examples" holds what 3.2.0 files under "Pages" and "Extras": renamed or gone, who can say
  [/2\.4\.18-3\.2\.0/, 'Examples'],
  // 4.0.0's error pages have no header; its "Back to dashboard" may or may not be 3.2.0's header "Home"
  [/^error-.*3\.2\.0-4\.0\.0/, 'Home'],
  // 2.4.18's "Multilevel" menu: 3.2.0 lists its levels without it
  [/2\.4\.18-3\.2\.0/, 'Multilevel'],
  // 2.4.18's second editor (wysihtml5, a placeholder) and 3.2.0's Summernote (the same words as content): the same field?
  [/^forms-editors@2/, 'Place some text here'],
  // 3.2.0's check-all toggle (an icon button) and 4.0.0's check box heading the list: the same control?
  [/^mailbox@3\.2\.0/, 'checkbox-toggle'],
  // 4.0.0's mail folders say "Spam" where 3.2.0's said "Junk": renamed, not gone
  [/^mailbox.*3\.2\.0-4\.0\.0/, 'Junk'],
  // 2.4.18's top navigation "Link (current)" and 3.2.0's "Home": the same current-page link or not?
  [/^layout-top-nav@2/, 'Link (current)'],
  // 3.2.0's validation page has one form, 4.0.0's several others: its terms box and submit may or may not be theirs
  [/^forms-validation@3\.2\.0/, 'terms'],
  [/^forms-validation@3\.2\.0/, 'Submit'],
];
const rejected = (id, d) => REJECT.some(([p, w]) => p.test(id) && (d.name === w || d.label === w || d.html.includes(w)));

const norm = (s) => (s || '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
const STOP = new Set(['the', 'and', 'for', 'with', 'your', 'this', 'that', 'from', 'you', 'are', 'new', 'all', 'more', 'view', 'see', 'here', 'link', 'item', 'other']);
// words by their first letters, so that "Information" and "Informational" are one word
const wordsOf = (s) => norm(s).split(' ').filter((w) => w.length >= 3 && !STOP.has(w) && !/^\d+$/.test(w)).map((w) => w.slice(0, 6));
/** What a control is for, as a labeller reads it: its words, else its label, else its function or icon. */
// the template's card and layout tools: what they do is their name, whatever their tooltip says
const WIDGETS = new Set(['collapse', 'remove', 'maximize', 'expand', 'refresh', 'pushmenu', 'control-sidebar', 'fullscreen', 'navbar-search', 'modal']);
function purposeOf(d) {
  if (!norm(d.name) && WIDGETS.has(d.fn)) return `[${d.fn}]`;
  const n = norm(d.name) || norm(d.label);
  if (n) return n;
  if (d.fn || d.icon) return `[${d.fn || d.icon}]`;
  if (['input', 'select', 'textarea'].includes(d.tag)) return `<${d.tag} ${d.type}>`;
  return null;
}
const nameless = (d) => !norm(d.name) && !norm(d.label);

function fetchAll(dir) {
  const roots = {};
  for (const [pkg, v] of PACKAGES) {
    const file = execFileSync('npm', ['pack', `${pkg}@${v}`, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
    const out = join(dir, `${pkg.replace('/', '_')}-${v}`);
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['xzf', join(dir, file), '-C', out]);
    roots[`${pkg}@${v}`] = join(out, 'package');
  }
  return roots;
}

/** A stylesheet with its relative font addresses replaced by the woff2 file itself. */
async function styleText(roots, rel) {
  const [pkg, ...rest] = rel.startsWith('@') ? [rel.split('/').slice(0, 2).join('/'), ...rel.split('/').slice(2)] : [rel.split('/')[0], ...rel.split('/').slice(1)];
  const file = join(roots[pkg], ...rest);
  let css = await readFile(file, 'utf8');
  const fonts = [];
  for (const face of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
    const url = face.match(/url\(\s*["']?([^"')?#]+\.woff2)[^)]*\)/)?.[1];
    if (!url || /ionicons/i.test(url)) continue;
    const data = (await readFile(resolve(dirname(file), url))).toString('base64');
    fonts.push([face, face.replace(/src\s*:[^;}]*;?/g, '').replace(/}$/, `;src:url(data:font/woff2;base64,${data}) format("woff2")}`)]);
  }
  for (const [a, b] of fonts) css = css.replace(a, b);
  return css;
}

/** A page as the site shows it without its scripts: no script, no external stylesheet, no comments. */
function strip(html) {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<noscript\b[\s\S]*?<\/noscript>/gi, '')
    .replace(/<link\b[^>]*>/gi, '')
    .replace(/<iframe\b[\s\S]*?<\/iframe>/gi, '')
    .replace(/\n\s*\n+/g, '\n')
    // indentation is not shown (but in a <pre>)
    .replace(/\n[ \t]+/g, (m) => (/<pre\b/i.test(html) ? m : '\n'));
}

/** The rules of a stylesheet that match some element of the pages (in the browser). */
function pruneStyle([css, pages]) {
  const docs = pages.map((h) => new DOMParser().parseFromString(h, 'text/html'));
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css.replace(/@import[^;]+;/g, ''));
  const cache = new Map();
  const matches = (sel) => {
    if (cache.has(sel)) return cache.get(sel);
    let bare = sel.replace(/::?[a-zA-Z-]+(\((?:[^()]|\([^()]*\))*\))?/g, '').trim();
    if (!bare || /[>+~]$/.test(bare)) bare = bare.replace(/[>+~]$/, '').trim() || '*';
    let hit;
    try {
      hit = docs.some((d) => d.querySelector(bare));
    } catch {
      hit = true;
    }
    cache.set(sel, hit);
    return hit;
  };
  const keep = (rules) => {
    const out = [];
    for (const r of rules) {
      if (r instanceof CSSStyleRule) {
        if (/[(]/.test(r.selectorText) && /:(is|where|has)\(/.test(r.selectorText)) out.push(r.cssText);
        else if (r.selectorText.split(',').some((s) => matches(s.trim()))) out.push(r.cssText);
      } else if (r instanceof CSSMediaRule || r instanceof CSSSupportsRule || (typeof CSSLayerBlockRule !== 'undefined' && r instanceof CSSLayerBlockRule)) {
        const inner = keep(r.cssRules);
        if (inner.length) out.push(`${r.cssText.slice(0, r.cssText.indexOf('{'))}{${inner.join('')}}`);
      } else out.push(r.cssText);
    }
    return out;
  };
  return keep(sheet.cssRules).join('\n');
}

function hash(s) {
  let h = 0x811c9dc5;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
const splitOf = (family) => (hash(`adminlte:${family}`) % 3 === 0 ? 'held-out' : 'train');

/** Each old control's counterpart on the new page, by the rules of the header comment. */
function match(olds, news) {
  // a purpose is of a sort of control: the "Search" field is not the "Search" button
  const key = (d, ...parts) => [kindOf(d), ...parts.map((p) => (p === 'purpose' ? purposeOf(d) : d[p]))].join(' | ');
  const count = (list, k, ...parts) => list.filter((d) => purposeOf(d) && key(d, ...parts) === k).length;
  const taken = new Set();
  const got = new Map();
  const set = (o, n, how) => {
    got.set(o, { n, how });
    taken.add(n);
  };
  const shownOld = olds.filter((d) => d.shown && purposeOf(d));
  for (const parts of [['region', 'block', 'purpose'], ['region', 'purpose'], ['purpose']]) {
    const how = parts.length === 3 ? 'same-block' : parts.length === 2 ? 'same-region' : 'moved-region';
    for (const o of shownOld) {
      if (got.has(o)) continue;
      const k = key(o, ...parts);
      if (count(olds, k, ...parts) !== 1 || count(news, k, ...parts) !== 1) continue;
      const n = news.find((d) => purposeOf(d) && key(d, ...parts) === k);
      // in the content, another block must be the same block renamed, not another one ("Send" of the
      // quick email box is not the chat's "Send")
      if (how === 'same-region' && o.region === 'content' && !sameBlock(o, n)) continue;
      // a breadcrumb's words are a page's name, as some menu link's: not the same control
      if (how === 'moved-region' && (o.region === 'content-header' || n.region === 'content-header' || kindOf(o) !== kindOf(n))) continue;
      // a menu's toggle is not a link with the same words (the header's user menu, the sidebar's user name)
      if (how === 'moved-region' && (o.dropdown !== n.dropdown || (o.region === n.region && !sameBlock(o, n)))) continue;
      // a page's frame (header, sidebar, footer) moves within the frame: the sidebar's "Search" menu is
      // not the search button of a page that has no sidebar any more
      if (how === 'moved-region' && (FRAME.has(o.region) !== FRAME.has(n.region) || o.tag !== n.tag)) continue;
      if (!taken.has(n)) set(o, n, how);
    }
  }
  // the n-th of a group present as many times in both: rows of the same sample table
  const groups = new Map();
  for (const o of olds) if (purposeOf(o)) groups.set(key(o, 'region', 'block', 'purpose'), 1);
  for (const k of groups.keys()) {
    const a = olds.filter((d) => purposeOf(d) && key(d, 'region', 'block', 'purpose') === k);
    const b = news.filter((d) => purposeOf(d) && key(d, 'region', 'block', 'purpose') === k);
    if (a.length < 2 || a.length !== b.length || a.some((d) => got.has(d)) || b.some((d) => taken.has(d))) continue;
    a.forEach((o, i) => o.shown && set(o, b[i], 'same-order'));
  }
  // nearly the same words in the same region: the mutual best, well ahead of the runner-up
  const sim = (a, b) => {
    const x = new Set(wordsOf(`${a.name} ${a.label}`));
    const y = new Set(wordsOf(`${b.name} ${b.label}`));
    if (!x.size || !y.size) return 0;
    const both = [...x].filter((w) => y.has(w)).length;
    return both / (x.size + y.size - both);
  };
  // the best among all controls of the region (taken ones too), clearly ahead of the runner-up
  const best = (d, pool) => {
    const s = pool.map((p) => [p, sim(d, p)]).sort((p, q) => q[1] - p[1]);
    return s.length && s[0][1] >= 0.5 && (s.length < 2 || s[0][1] - s[1][1] >= 0.25) ? s[0][0] : null;
  };
  for (const o of shownOld) {
    if (got.has(o) || nameless(o)) continue;
    const n = best(o, news.filter((d) => d.region === o.region));
    if (!n || taken.has(n) || kindOf(n) !== kindOf(o) || (o.region === 'content' && !sameBlock(o, n))) continue;
    if (best(n, olds.filter((d) => d.region === n.region)) === o) set(o, n, 'similar-wording');
  }
  // the only button of a form whose fields were matched is the only button of their new form
  // (the register form's submit, whatever it now says; the lock screen's arrow)
  const button = (d) => d.tag === 'button' || /^(submit|button|image)$/.test(d.type) && d.tag === 'input';
  for (const o of olds) {
    if (!o.shown || got.has(o) || !button(o) || o.form < 0 || o.formButtons !== 1) continue;
    const forms = new Set([...got].filter(([p]) => p.form === o.form && p !== o).map(([, { n }]) => n.form));
    if (forms.size !== 1 || [...forms][0] < 0) continue;
    const n = news.filter((d) => d.form === [...forms][0] && button(d));
    if (n.length === 1 && n[0].formButtons === 1 && !taken.has(n[0])) set(o, n[0], 'same-form');
  }
  // a link to the same address outside the site (the footer's link to the template's site), unique on both pages
  for (const o of shownOld) {
    if (got.has(o) || !/^https?:/.test(o.href)) continue;
    const a = olds.filter((d) => d.href === o.href);
    const b = news.filter((d) => d.href === o.href && d.region === o.region);
    if (a.length === 1 && b.length === 1 && news.filter((d) => d.href === o.href).length === 1 && !taken.has(b[0])) set(o, b[0], 'same-address');
  }
  // gone: nothing on the new page with any of its words, or (nameless) its function or icon
  const newWords = new Set(news.flatMap((d) => wordsOf(`${d.name} ${d.label}`)));
  const newPurposes = new Set(news.map(purposeOf));
  const gone = shownOld.filter((o) => {
    if (got.has(o)) return false;
    // a field may be another one reworded: gone only when the page has no field of its sort left
    if (['input', 'select', 'textarea'].includes(o.tag) && news.some((d) => kindOf(d) === kindOf(o))) return false;
    if (!norm(o.name) && o.fn && news.some((d) => d.fn === o.fn)) return false;
    if (nameless(o)) {
      if (newPurposes.has(purposeOf(o)) || (o.icon && news.some((d) => d.icon === o.icon))) return false;
      // an icon that a control of the new page says in words (the 404 page's search button), or a check box drawn by an icon
      if (o.icon && newWords.has(o.icon.slice(0, 6))) return false;
      return !(o.icon === 'checkbox' && news.some((d) => d.type === 'checkbox'));
    }
    const w = wordsOf(`${o.name} ${o.label}`);
    return w.length > 0 && w.every((x) => !newWords.has(x));
  });
  return { got, gone };
}

const FRAME = new Set(['header', 'sidebar', 'control-sidebar', 'footer']);
/** Blocks that are the same block: the same title, or titles sharing a word, or no title on one side. */
function sameBlock(o, n) {
  const [a, b] = [o.block.split(' / ')[0], n.block.split(' / ')[0]];
  if (!a || !b || a === b) return true;
  const w = new Set(wordsOf(a));
  return wordsOf(b).some((x) => w.has(x));
}
/** What sort of control it is, for wording that may only change within one sort. */
const kindOf = (d) => (d.tag === 'a' || d.tag === 'button' || /^(submit|button|reset|image)$/.test(d.type) ? 'action' : d.tag === 'input' && !/^(checkbox|radio|range|file|color)$/.test(d.type) ? 'text' : `${d.tag}:${d.type}`);
/** A fixed order that differs from pair to pair, so that capped pairs do not all keep the same controls. */
const shuffle = (list, seed) => list.map((x) => [hash(`${seed}:${x.o.c}`), x]).sort((p, q) => p[0] - q[0]).map(([, x]) => x);

/** Up to PER_PAIR cases, the varied ones first, the page chrome capped. */
function choose(cands, seed, seen) {
  const chrome = (c) => FRAME.has(c.o.region);
  const buckets = [
    cands.filter((c) => c.gone),
    cands.filter((c) => !c.gone && nameless(c.o)),
    cands.filter((c) => !c.gone && c.n.tag !== c.o.tag),
    cands.filter((c) => !c.gone && c.o.tag === 'a' && c.n.href && c.o.href !== c.n.href),
    cands.filter((c) => !c.gone && !chrome(c)),
    cands.filter((c) => !c.gone),
  ].map((b) => shuffle(b, seed));
  const out = [];
  let chromeN = 0;
  for (let round = 0; out.length < PER_PAIR && buckets.some((b) => b.length); round++) {
    for (const b of buckets) {
      while (b.length) {
        const c = b.shift();
        // the same header or sidebar control gone from every page of a version counts a few times, not on every page
        if (c.gone && chrome(c) && (seen.get(purposeOf(c.o)) ?? 0) >= 6) continue;
        if (out.includes(c) || (chrome(c) && chromeN >= CHROME) || (c.gone && out.filter((x) => x.gone && chrome(x) === chrome(c)).length >= (chrome(c) ? 2 : 6))) continue;
        // icon-only controls are about a tenth of a real page's: a few a pair, not a third
        if (!c.gone && nameless(c.o) && out.filter((x) => !x.gone && nameless(x.o)).length >= NAMELESS) continue;
        out.push(c);
        if (chrome(c)) chromeN++;
        if (c.gone && chrome(c)) seen.set(purposeOf(c.o), (seen.get(purposeOf(c.o)) ?? 0) + 1);
        break;
      }
      if (out.length >= PER_PAIR) break;
    }
  }
  return out.sort((a, b) => Number(a.o.c) - Number(b.o.c));
}

async function main() {
  const dump = process.argv.includes('--dump');
  const dir = await mkdtemp(join(tmpdir(), 'adminlte-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const roots = fetchAll(dir);
    const root = (v) => roots[`admin-lte@${v}`];
    const pathOf = (v, p) => `admin-lte@${v}/${p}`;
    const pages = {};
    for (const [, a, pa, b, pb] of PAIRS) {
      for (const [v, p] of [[a, pa], [b, pb]]) if (!pages[pathOf(v, p)]) pages[pathOf(v, p)] = strip(await readFile(join(root(v), p), 'utf8'));
    }
    const tab = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await tab.setContent('<!doctype html><html><body></body></html>');
    const styles = {};
    for (const [v, files] of Object.entries(STYLES)) {
      const css = (await Promise.all(files.map((f) => styleText(roots, f)))).join('\n');
      styles[`admin-lte@${v}`] = await tab.evaluate(pruneStyle, [css, Object.entries(pages).filter(([k]) => k.startsWith(`admin-lte@${v}/`)).map(([, h]) => h)]);
    }
    const script = await readFile(join(here, 'adminlte-controls.js'), 'utf8');
    const withStyle = (html, style) => html.replace('</head>', `<style>${styles[style]}</style></head>`);
    // the stored page is the browser's own serialization, so that positions in the body hold when the bench loads it
    for (const [k, html] of Object.entries(pages)) {
      await tab.setContent(html);
      pages[k] = '<!doctype html>' + (await tab.evaluate(() => document.documentElement.outerHTML));
    }
    const describe = async (page, style) => {
      await tab.setContent(withStyle(pages[page], style), { waitUntil: 'load' });
      await tab.addScriptTag({ content: script });
      const controls = await tab.evaluate(() => window.describeControls());
      const at = await tab.evaluate(() => {
        const all = [...document.body.querySelectorAll('*')];
        return [...document.querySelectorAll('[data-c]')].map((el) => all.indexOf(el));
      });
      controls.forEach((d, i) => (d.at = at[i]));
      return controls;
    };
    const pairs = [];
    const cases = [];
    const seenGone = new Map();
    const tally = {};
    const count = (k) => (tally[k] = (tally[k] ?? 0) + 1);
    for (const [family, a, pa, b, pb] of PAIRS) {
      const id = `${family}@${a}-${b}`;
      const oldStyle = `admin-lte@${a}`, newStyle = `admin-lte@${b}`;
      const olds = await describe(pathOf(a, pa), oldStyle);
      const news = await describe(pathOf(b, pb), newStyle);
      const { got, gone } = match(olds, news);
      const cands = [];
      for (const [o, { n, how }] of got) {
        if (rejected(id, o)) { count('rejected on reading'); continue; }
        if (!n.shown) {
          count('counterpart hidden');
          if (dump) console.log(`HIDDEN ${id} ${o.region} «${o.name || o.label || purposeOf(o)}» ${o.block} -> ${n.html}`);
          continue;
        }
        cands.push({ o, n, how });
      }
      for (const o of gone) {
        if (rejected(id, o)) { count('rejected on reading'); continue; }
        cands.push({ o, n: null, how: 'gone', gone: true });
      }
      const shown = olds.filter((d) => d.shown).length;
      tally['old controls shown'] = (tally['old controls shown'] ?? 0) + shown;
      tally['undecided'] = (tally['undecided'] ?? 0) + shown - got.size - gone.length;
      const picked = choose(cands, id, seenGone);
      if (!picked.length) continue;
      const split = splitOf(family);
      const marks = { old: {}, new: {} };
      for (const [i, c] of picked.entries()) {
        const k = `a${i + 1}`;
        marks.old[k] = c.o.at;
        if (c.n) marks.new[k] = c.n.at;
        cases.push({ id: `${id}:${k}`, pair: id, family, split, kind: c.gone ? 'gone' : `by-${c.how}`, target: `[data-k="${k}"]`, truth: c.n ? `[data-k="${k}"]` : null });
        count(c.gone ? 'gone' : `by-${c.how}`);
        if (dump) {
          const show = (d) => `${d.tag}${d.type ? `[${d.type}]` : ''} ${d.region} «${d.name || d.label || `[${d.fn || d.icon}]`}»${d.block ? ` {${d.block}}` : ''}${d.href ? ` ${d.href}` : ''}`;
          console.log(`${id}:${k} ${c.how}\n   ${show(c.o)}\n   ${c.n ? show(c.n) : 'GONE'}`);
        }
      }
      pairs.push({ id, family, split, from: pathOf(a, pa), to: pathOf(b, pb), oldStyle, newStyle, old: pathOf(a, pa), new: pathOf(b, pb), marks });
    }
    // only the pages some pair uses
    const used = new Set(pairs.flatMap((p) => [p.old, p.new]));
    for (const k of Object.keys(pages)) if (!used.has(k)) delete pages[k];
    const json = JSON.stringify({ note: `generated by bench/relocation/adminlte.mjs from admin-lte ${V2}, ${V3} and ${V4}; do not edit`, styles, pages, pairs, cases });
    await writeFile(resolve(here, 'adminlte.json'), json + '\n');
    const families = (s) => new Set(pairs.filter((p) => p.split === s).map((p) => p.family)).size;
    console.log(`adminlte: ${Object.keys(pages).length} pages, ${pairs.length} pairs, ${cases.length} cases, families train ${families('train')} held-out ${families('held-out')}, ${(json.length / 1024).toFixed(0)} KiB`, tally);
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
