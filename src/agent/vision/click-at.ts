import type { AgentAction } from '../../shared/action';
import type { Screenshot } from '../../shared/vision';
import type { Validated } from '../../core/actions/validate';
import note from '../../../prompts/screenshot-note.md?raw';

/**
 * The model writes click_at in the screenshot's pixels; the executor clicks in the viewport's CSS
 * pixels. Converted here, once, so every later reader (gate, timeline, reflection, stored run)
 * sees viewport coordinates. A click_at without a screenshot this turn, or off the picture, is
 * sent back to the model like any other ungrounded action.
 */
export function toViewport(actions: AgentAction[], shot: Screenshot | null | undefined): Validated<AgentAction[]> {
  const out: AgentAction[] = [];
  for (const a of actions) {
    if (a.kind !== 'click_at') {
      out.push(a);
      continue;
    }
    if (!shot) return { ok: false, reason: `\`click_at ${a.x} ${a.y}\` needs a screenshot, and none came with this page: use an element id` };
    if (a.x >= shot.width || a.y >= shot.height) {
      return { ok: false, reason: `the point ${a.x},${a.y} is outside the ${shot.width}x${shot.height} screenshot` };
    }
    out.push({ kind: 'click_at', x: Math.round(a.x / shot.scale), y: Math.round(a.y / shot.scale) });
  }
  return { ok: true, value: out };
}

/** The rules for reading a screenshot and clicking a point, added to the policy's format when one is attached. */
export const SCREENSHOT_RULES = note.trim();

/** The line beside the picture in the user turn: its size and why it was sent. */
export function screenshotLine(shot: Screenshot): string {
  return `\nA screenshot of the visible part of the page is attached (${shot.width}x${shot.height} pixels), because ${shot.reason}.`;
}
