import type { HandlerMap } from '../shared/protocol-core';
import type { pageMessages } from '../shared/messages/page';
import { act } from './executor/act';
import { optionIds, prepareEdit, stateOf, target } from './executor/prepare';
import { arm, settle } from './executor/settle';
import { disarmGuard } from './executor/guard';
import { describe, describeFocused } from './page-model/describe';
import { find } from './page-model/find';
import { snapshot } from './page-model/snapshot';
import { layout } from './vision/layout';
import { atPoint } from './vision/at-point';

/** The page's side of the page.* messages; registered by the content script in the top frame only. */
export const pageHandlers: HandlerMap<typeof pageMessages> = {
  'page.snapshot': (p) => snapshot(p),
  'page.find': (p) => find(p),
  'page.describe': (p) => {
    const d = p.focused || p.id === undefined ? describeFocused() : describe(p.id);
    return d.ok ? { ok: true, info: d.info } : { ok: false, code: d.code, message: d.message };
  },
  'page.act': (p) => act(p.action, p.settle, p.guard),
  'page.target': (p) => target(p),
  'page.release': () => {
    disarmGuard();
    return { ok: true as const };
  },
  'page.edit': (p) => prepareEdit(p),
  'page.options': (p) => optionIds(p),
  'page.state': (p) => stateOf(p),
  'page.layout': () => layout(),
  'page.at': (p) => atPoint(p),
  'page.arm': () => {
    arm();
    return { ok: true };
  },
  // the guard armed by page.target ends with the action: say what it cancelled, if anything
  'page.settle': async (p) => {
    const settled = await settle(p);
    const blocked = disarmGuard();
    return blocked ? { ...settled, blocked } : settled;
  },
};
