import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BrowserAction, type BrowserActionKind } from '../../../src/shared/action';
import { ACTION_KINDS, traitsOf, type KindTraits } from '../../../src/shared/action-kinds';
import { holdsRequestsOf } from '../../../src/agent/safety/effects';
import { aimPurposeOf } from '../../../src/shared/page';
import { parseActionText } from '../../../src/core/actions/grammar';

const KINDS = BrowserAction.options.map((o) => o.shape.kind.value) as BrowserActionKind[];
const prompt = (name: string) => readFileSync(resolve(import.meta.dirname, '../../../prompts', name), 'utf8');

/** Kinds the action prompts do not offer, each with its reason: a new kind must be offered or named here. */
const NOT_OFFERED: Partial<Record<BrowserActionKind, string>> = {
  click_at: 'offered only by the CLICK_AT policy, which reads a screenshot (prompts/policy-click-at.md)',
  double_click: 'comes from recordings and Chrome Recorder files; the model clicks',
};

describe('one table of what each action kind needs (src/shared/action-kinds.ts)', () => {
  it('has every kind of BrowserAction, and nothing else', () => {
    expect(Object.keys(ACTION_KINDS).sort()).toEqual([...KINDS].sort());
  });

  it('a kind missing from the table is a compile error (typecheck runs this file)', () => {
    // @ts-expect-error 'zoom' has no traits: adding a kind to BrowserAction fails here until the table has it
    const planted: Record<BrowserActionKind | 'zoom', KindTraits> = ACTION_KINDS;
    expect(planted.click.trusted).toBe(true);
  });

  it('answers the questions the gate, the hold and the executor ask, as they were answered before the table', () => {
    const held = KINDS.filter((k) => holdsRequestsOf(k)).sort();
    expect(held).toEqual(['check', 'clear', 'click', 'click_at', 'double_click', 'hover', 'press', 'select', 'type', 'upload']);
    // the agent's own actions are not browser actions: nothing to hold
    for (const k of ['open_tab', 'switch_tab', 'close_tab', 'done', 'ask_user']) expect(holdsRequestsOf(k), k).toBe(false);
    // an upload hands the page a file as a DOM change (no trusted input) but is held like any input: a change listener may post it
    expect(KINDS.filter((k) => ACTION_KINDS[k].trusted).sort()).toEqual(held.filter((k) => k !== 'upload'));
    expect(aimPurposeOf({ kind: 'double_click', id: 1 })).toBe('pointer');
    expect(aimPurposeOf({ kind: 'press', keys: 'Enter', repeat: 1 })).toBeNull();
    expect(KINDS.filter((k) => traitsOf(k)?.hideable).sort()).toEqual(['check', 'click', 'double_click']);
    // a held kind needs no shutting; a scroll is the one look whose page events post
    expect(KINDS.filter((k) => traitsOf(k)?.shutsWrites)).toEqual(['scroll']);
  });

  it('every kind the model may use is in the action prompts and read by the grammar', () => {
    const text = prompt('action-format-text.md');
    const tools = prompt('action-format-tools.md');
    for (const kind of KINDS) {
      if (NOT_OFFERED[kind]) continue;
      expect(text, `${kind} in action-format-text.md`).toMatch(new RegExp(`^${kind}\\b`, 'm'));
      expect(tools, `${kind} in action-format-tools.md`).toContain(kind);
    }
    // the grammar reads every kind by its own name (the offered ones from the prompts, the others from recordings)
    for (const kind of KINDS) {
      const line = { click: 'click 3', click_at: 'click_at 10 20', double_click: 'double_click 3', hover: 'hover 3', type: 'type 3 "x"', clear: 'clear 3', select: 'select 3 "a"', check: 'check 3', press: 'press Enter', scroll: 'scroll down', navigate: 'navigate "https://a.example/"', back: 'back', wait: 'wait "x"', upload: 'upload 3 "cv.pdf"' }[kind];
      const parsed = parseActionText(`Actions:\n${line}`);
      expect((parsed.actions[0] as { kind?: string } | undefined)?.kind, `grammar reads ${line}`).toBe(kind);
    }
  });
});
