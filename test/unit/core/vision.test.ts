import { describe, expect, it } from 'vitest';
import { isThin, THIN_LIMITS } from '../../../src/core/vision/thin';
import { anthropicImageTokens, openaiImageTokens } from '../../../src/core/vision/image-tokens';
import { modelSeesImages, sendsScreenshots } from '../../../src/shared/seeing-models';
import { parseActionLine } from '../../../src/core/actions/grammar';
import { actionLine } from '../../../src/core/actions/validate';
import { AgentAction } from '../../../src/shared/action';

const AREA = 1280 * 720;
const page = (over: Partial<Parameters<typeof isThin>[0]> = {}) => ({ area: AREA, interactive: 12, textChars: 1500, canvasArea: 0, pictureArea: 0, ...over });

describe('is the page model thin for the visible area', () => {
  it('an ordinary page of text and controls is not', () => {
    expect(isThin(page())).toMatchObject({ thin: false });
    // a small canvas (a sparkline, a captcha-sized box) is not enough
    expect(isThin(page({ canvasArea: AREA * 0.05 }))).toMatchObject({ thin: false });
  });
  it('a canvas over a fair share of the screen is, whatever else is there', () => {
    expect(isThin(page({ canvasArea: AREA * THIN_LIMITS.canvasShare }))).toEqual({ thin: true, reason: 'a canvas covers 15% of the visible area' });
    expect(isThin(page({ canvasArea: AREA * 0.6, interactive: 40 })).thin).toBe(true);
  });
  it('pictures without text over much of the screen are; fewer are not', () => {
    expect(isThin(page({ pictureArea: AREA * 0.5 }))).toMatchObject({ thin: true, reason: 'pictures without text cover 50% of the visible area' });
    expect(isThin(page({ pictureArea: AREA * 0.2 })).thin).toBe(false);
  });
  it('a screen with almost nothing to act on and little text is, as a page still drawing itself', () => {
    expect(isThin(page({ interactive: 1, textChars: 40 }))).toEqual({ thin: true, reason: 'only 1 control and 40 characters of text are visible' });
    expect(isThin(page({ interactive: 1, textChars: 900 })).thin).toBe(false);
    expect(isThin(page({ interactive: 5, textChars: 10 })).thin).toBe(false);
  });
  it('a viewport of no size never asks for a picture', () => {
    expect(isThin(page({ area: 0, canvasArea: 0 })).thin).toBe(false);
  });
});

describe('which models see', () => {
  it('knows the families that accept pictures, and those that do not', () => {
    for (const m of ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-3-5-sonnet-latest', 'claude-opus-4-1', 'gpt-4o', 'gpt-4o-mini', 'gpt-4.1-mini', 'gpt-5', 'anthropic/claude-sonnet-4']) expect(modelSeesImages(m), m).toBe(true);
    for (const m of ['gpt-3.5-turbo', 'o3-mini', 'llama3.1:8b', 'qwen2.5', 'scripted-policy', '']) expect(modelSeesImages(m), m).toBe(false);
  });
  it('the person\'s choice wins either way', () => {
    expect(sendsScreenshots('gpt-4o', { 'gpt-4o': false })).toBe(false);
    expect(sendsScreenshots('llava', { llava: true })).toBe(true);
    expect(sendsScreenshots('gpt-4o', {})).toBe(true);
  });
});

describe('image tokens by the published formulas', () => {
  it('Anthropic: width*height/750, after fitting 1568 px and 1.15 megapixels', () => {
    expect(anthropicImageTokens(1024, 576)).toBe(787);
    expect(anthropicImageTokens(1000, 1000)).toBe(1334);
    expect(anthropicImageTokens(4000, 4000)).toBeLessThanOrEqual(1534);
  });
  it('OpenAI: 85 + 170 per 512 px tile after fitting, 85 for low detail', () => {
    expect(openaiImageTokens(1024, 576)).toBe(85 + 170 * 4);
    expect(openaiImageTokens(2048, 4096)).toBe(85 + 170 * 6);
    expect(openaiImageTokens(1024, 576, 'low')).toBe(85);
  });
});

describe('click_at in the text grammar', () => {
  it('reads the shapes models write and prints one back', () => {
    for (const line of ['click_at 120 340', 'click_at(120, 340)', '- click_at x=120 y=340', 'CLICK_AT 120,340']) {
      const parsed = parseActionLine(line) as { action: unknown };
      expect(AgentAction.parse(parsed.action), line).toEqual({ kind: 'click_at', x: 120, y: 340 });
    }
    expect(actionLine({ kind: 'click_at', x: 120.4, y: 339.6 })).toBe('click_at 120 340');
    expect(AgentAction.safeParse((parseActionLine('click_at 120') as { action: unknown }).action).success).toBe(false);
  });
});
