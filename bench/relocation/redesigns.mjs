// Generates the real-redesign relocation corpus (bench/relocation/redesigns.json) from published
// versions of design systems: govuk-frontend 3, 4, 5 and 6 (and nhsuk-frontend 10.0 and 10.6) ship every component's
// examples as rendered HTML (components/<name>/fixtures.json). A page is one component's examples,
// one after another, as that version renders them; a pair is the same component in two successive
// majors. Nothing is edited by hand: what changed between the pages is what the design system
// changed (markup, classes, addresses, names, order of examples, tags).
//
// Ground truth, per control of an example present in both versions (same fixture name, shown in
// both): the control with the same id in the new example; else the input with the same name and
// value; else, when the example has as many controls in both versions, the one at the same place in
// the example's own order (and only if no id or name match in that example disagrees with that
// order). Anything else is dropped, never guessed; so is a control whose example renders exactly
// like another example of the page (nobody can tell those apart).
//
// Families are components; held-out families are chosen by a hash of the name, before any fitting.
// `node bench/relocation/redesigns.mjs` fetches the packages with `npm pack` and writes the file.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
// Each design system's versions in order; a pair is two successive ones. govuk-frontend 3.x and 4.x
// ship Sass only: their pages are styled with 5.14's stylesheet (the same govuk- classes).
const SYSTEMS = [
  { pkg: 'govuk-frontend', prefix: '', versions: ['3.15.0', '4.10.1', '5.14.0', '6.6.0'], styleOf: { '3.15.0': '5.14.0', '4.10.1': '5.14.0' } },
  // nhsuk-frontend ships fixtures from 10.0 on: its first and latest 10.x, a year of changes apart
  { pkg: 'nhsuk-frontend', prefix: 'nhsuk/', versions: ['10.0.0', '10.6.1'], styleOf: {} },
];
/** At most this many cases per pair: a component with 60 radios must not outweigh one with 3 links. */
const PER_PAIR = 24;

async function fetchVersion(dir, pkg, version) {
  const file = execFileSync('npm', ['pack', `${pkg}@${version}`, '--silent'], { cwd: dir, encoding: 'utf8' }).trim().split('\n').pop();
  const out = join(dir, `${pkg}-${version}`);
  execFileSync('mkdir', ['-p', out]);
  execFileSync('tar', ['xzf', join(dir, file), '-C', out]);
  const sys = pkg.replace('-frontend', '');
  const base = [join(out, `package/dist/${sys}`), join(out, `package/${sys}`)].find((p) => existsSync(join(p, 'components')));
  const components = {};
  for (const name of (await readdir(join(base, 'components'))).sort()) {
    const f = join(base, 'components', name, 'fixtures.json');
    if (!existsSync(f)) continue;
    components[name] = JSON.parse(await readFile(f, 'utf8')).fixtures.filter((x) => !x.hidden).map((x) => ({ name: x.name, html: x.html }));
  }
  const css = join(base, `${pkg}.min.css`);
  return { components, css: existsSync(css) ? await readFile(css, 'utf8') : null };
}

/** A component's examples page; each example in a wrapper the matching finds and then removes. */
const pageOf = (title, fixtures) =>
  `<!doctype html><html lang="en" class="govuk-template"><head><meta charset="utf-8"><title>${title}</title></head><body class="govuk-template__body"><div class="govuk-width-container"><main class="govuk-main-wrapper" id="main-content"><h1 class="govuk-heading-xl">${title}</h1>${fixtures
    .map((f) => `<div class="app-example" data-fixture="${f.name.replace(/"/g, '&quot;')}">${f.html}</div>`)
    .join('\n')}</main></div></body></html>`;

const title = (name) => name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** FNV-1a: the held-out families are fixed by their names, not by anything measured. */
function hash(s) {
  let h = 0x811c9dc5;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}
const splitOf = (family) => (hash(`redesigns:${family}`) % 3 === 0 ? 'held-out' : 'train');

/** Evenly spread picks, so a capped pair still covers its whole page. */
const spread = (list, n) => (list.length <= n ? list : Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]));

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'redesigns-'));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const styles = {};
    const page = await browser.newPage();
    await page.addScriptTag({ content: await readFile(join(here, 'redesign-truth.js'), 'utf8') });
    const pairs = [];
    const cases = [];
    const dropped = {};
    for (const sys of SYSTEMS) {
      const versions = {};
      for (const v of sys.versions) {
        versions[v] = await fetchVersion(dir, sys.pkg, v);
        if (versions[v].css) styles[`${sys.pkg}@${v}`] = versions[v].css;
      }
      const style = (v) => `${sys.pkg}@${sys.styleOf[v] ?? v}`;
      for (let i = 0; i + 1 < sys.versions.length; i++) {
        const [a, b] = [sys.versions[i], sys.versions[i + 1]];
        for (const component of Object.keys(versions[a].components)) {
          const before = versions[a].components[component];
          const after = versions[b].components[component];
          if (!after) continue;
          const out = await page.evaluate(([o, n]) => window.matchExamples(o, n), [pageOf(title(component), before), pageOf(title(component), after)]);
          for (const [why, n] of Object.entries(out.dropped)) dropped[why] = (dropped[why] ?? 0) + n;
          if (!out.cases.length) continue;
          const family = sys.prefix + component;
          const id = `${family}@${a}-${b}`;
          const split = splitOf(family);
          pairs.push({ id, family, split, from: `${sys.pkg}@${a}`, to: `${sys.pkg}@${b}`, oldStyle: style(a), newStyle: style(b), old: out.old, new: out.new });
          for (const c of spread(out.cases, PER_PAIR)) cases.push({ id: `${id}:${c.k}`, pair: id, family, split, kind: `by-${c.how}`, target: `[data-k="${c.k}"]`, truth: `[data-k="${c.k}"]` });
        }
      }
    }
    const sources = SYSTEMS.map((s) => `${s.pkg} ${s.versions.join(', ')}`).join('; ');
    const json = JSON.stringify({ note: `generated by bench/relocation/redesigns.mjs from ${sources}; do not edit`, styles, pairs, cases });
    await writeFile(resolve(here, 'redesigns.json'), json + '\n');
    const families = (s) => new Set(pairs.filter((p) => p.split === s).map((p) => p.family)).size;
    console.log(`redesigns: ${pairs.length} pairs, ${cases.length} cases, families train ${families('train')} held-out ${families('held-out')}, ${(json.length / 1024).toFixed(0)} KiB; dropped`, dropped);
  } finally {
    await browser.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
