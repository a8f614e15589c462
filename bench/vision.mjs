// Screenshot benchmark, called by bench/run.mjs (or alone: node bench/run.mjs vision): the size in
// tokens of a policy request with a screenshot against the text-only request for the same page,
// through the built extension and the scripted provider (bench/vision-run.ts). Picture tokens are
// the providers' published formulas (src/core/vision/image-tokens.ts); text tokens are o200k.
import { build } from 'vite';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

async function bundle(root) {
  const outDir = join(root, '.tmp/bench-vision');
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    build: { ssr: join(root, 'bench/vision-run.ts'), outDir, emptyOutDir: true, target: 'node20', rollupOptions: { output: { format: 'es', entryFileNames: 'vision-run.mjs' } } },
  });
  return import(pathToFileURL(join(outDir, 'vision-run.mjs')).href);
}

const PAGES = [
  ['canvas-click', 3, 'the green button on the board'],
  ['airline-book', 1, 'the Search flights button'],
  ['inbox-reply', 1, 'the first email'],
];

export async function run({ arenaUrl, root }) {
  const { createScenario } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const { runVisionBench } = await bundle(root);
  const pages = [];
  for (const [task, seed, target] of PAGES) {
    const sc = await createScenario(arenaUrl, task, seed);
    pages.push({ name: `${task} (seed ${seed})`, url: sc.startUrl, task: target });
  }
  const rows = await runVisionBench(pages);
  const fmt = (n) => n.toLocaleString('en-US');
  const total = (r, image) => r.withShotTextTokens + image;
  const markdown = [
    `One CLICK_AT step on each arena page, through the built extension and the scripted provider, once with "send screenshots" off and once on (viewport ${rows[0]?.viewport} CSS pixels, the picture scaled to at most 1024x768, JPEG quality 0.75). Text tokens are o200k counts of the policy request (system and user turn); the picture is priced by each provider's published formula: Anthropic width×height/750, OpenAI 85 + 170 per 512-pixel tile (detail "high").`,
    '',
    '| page | text only | with screenshot: text | picture | JPEG | picture, Anthropic | picture, OpenAI | request with screenshot vs text only |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | --- |',
    ...rows.map((r) => `| ${r.page} | ${fmt(r.textTokens)} | ${fmt(r.withShotTextTokens)} | ${r.width}x${r.height} | ${fmt(Math.round(r.jpegBytes / 1024))} KiB | ${fmt(r.anthropicImageTokens)} | ${fmt(r.openaiImageTokens)} | ${(total(r, r.anthropicImageTokens) / r.textTokens).toFixed(2)}x (Anthropic), ${(total(r, r.openaiImageTokens) / r.textTokens).toFixed(2)}x (OpenAI) |`),
    '',
    'A screenshot goes only where the page text is thin for the visible area (a canvas, pictures without text, almost nothing to act on) or a policy looks (CLICK_AT), and only to a model that sees; every other request is the text-only one.',
  ].join('\n');
  return { markdown, results: { rows } };
}
