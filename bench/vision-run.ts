// The screenshot bench's runs, bundled by bench/vision.mjs: the built extension in Chromium with
// the scripted provider, the same CLICK_AT step on the same arena page twice, once with "send
// screenshots" off (text only) and once on, and what each policy request carried.
import { countTokens as strictCount } from 'gpt-tokenizer/encoding/o200k_base';
import { startAgentSession } from '../test/support/agent-session';
import { panelSend } from '../test/support/panel';
import { decodeJpeg } from '../test/support/images';
import { isPlanner, isPolicy } from '../test/support/model-reading';
import { planOnce } from '../test/support/scripted-web-model';
import { askInPanel } from '../test/support/scripted-panel';
import { anthropicImageTokens, openaiImageTokens } from '../src/core/vision/image-tokens';

const countTokens = (text: string) => strictCount(text, { disallowedSpecial: new Set() });

export interface VisionRow {
  page: string;
  /** the viewport in CSS pixels */
  viewport: string;
  /** the policy request with the page text only */
  textTokens: number;
  /** the same request with the screenshot: its text, and the picture by each provider's formula */
  withShotTextTokens: number;
  width: number;
  height: number;
  jpegBytes: number;
  anthropicImageTokens: number;
  openaiImageTokens: number;
}

export async function runVisionBench(pages: { name: string; url: string; task: string }[]): Promise<VisionRow[]> {
  const s = await startAgentSession({ panelWindow: true });
  const rows: VisionRow[] = [];
  try {
    for (const p of pages) {
      const seen: Record<'off' | 'on', { text: number; image?: Buffer }> = { off: { text: 0 }, on: { text: 0 } };
      for (const mode of ['off', 'on'] as const) {
        const setup = await s.ext.openPanel();
        await panelSend(setup, 'settings.save', { screenshotModels: { 'scripted-policy': mode === 'on' } });
        await setup.close();
        s.llm.clear();
        s.llm.script(
          { name: 'planner', match: isPlanner, answer: planOnce('Look and click.', [{ policy: 'CLICK_AT', target: p.task }], 'Finished.') },
          {
            name: 'policy',
            match: (r) => isPolicy(r, 'CLICK_AT'),
            answer: (r) => {
              seen[mode] = { text: countTokens(r.system + r.messages.map((m) => m.text).join('\n')), image: r.images[0]?.bytes };
              return { toolCalls: [{ name: 'act', args: { thought: 'Looked.', actions: [{ kind: 'done', summary: 'looked' }] } }] };
            },
          },
        );
        await s.page.goto(p.url);
        await s.page.bringToFront();
        // this run's own end entry: earlier runs in the chat keep theirs
        const end = await (await askInPanel(s, p.task)).end(60_000);
        if (end.kind !== 'done') throw new Error(`${p.name} (${mode}): the run ended ${end.kind}: ${end.text}`);
      }
      const image = seen.on.image;
      if (!image || seen.off.image) throw new Error(`${p.name}: expected a picture with screenshots on and none with them off`);
      const { width, height } = decodeJpeg(image);
      const vp = await s.page.evaluate(() => `${window.innerWidth}x${window.innerHeight}`);
      rows.push({
        page: p.name,
        viewport: vp,
        textTokens: seen.off.text,
        withShotTextTokens: seen.on.text,
        width,
        height,
        jpegBytes: image.length,
        anthropicImageTokens: anthropicImageTokens(width, height),
        openaiImageTokens: openaiImageTokens(width, height),
      });
    }
  } finally {
    await s.close();
  }
  return rows;
}
