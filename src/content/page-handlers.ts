import type { HandlerMap } from '../shared/protocol-core';
import type { pageMessages } from '../shared/messages/page';
import { act } from './executor/act';
import { optionIds, prepareEdit, stateOf, target } from './executor/prepare';
import { arm, isArmed, settle, stayed } from './executor/settle';
import { disarmGuard } from './executor/guard';
import { describe, describeFocused } from './page-model/describe';
import { find } from './page-model/find';
import { snapshot } from './page-model/snapshot';
import { layout } from './vision/layout';
import { atPoint } from './vision/at-point';
import { readBlob } from './read-blob';
import { watchPerson } from './watch-person';

/** The page's side of the page.* messages; registered by the content script in the top frame only. */
export const pageHandlers: HandlerMap<typeof pageMessages> = {
  'page.snapshot': (p) => snapshot(p),
  'page.find': (p) => find(p),
  'page.describe': (p) => {
    const d = p.focused || p.id === undefined ? describeFocused() : describe(p.id);
    return d.ok ? { ok: true, info: d.info } : { ok: false, code: d.code, message: d.message };
  },
  'page.act': (p) => act(p.action, p.settle, p.guard, p.file),
  'page.target': (p) => target(p),
  'page.release': (p) => {
    disarmGuard();
    if (p.stayed) stayed();
    return { ok: true as const };
  },
  // the image is the document's own load (a content script's fetch would go its own way)
  'page.probe': (p) => {
    new Image().src = p.url;
    return { ok: true as const };
  },
  'page.watchPerson': (p) => {
    watchPerson(p.ms);
    return { ok: true as const };
  },
  'page.edit': (p) => prepareEdit(p),
  'page.options': (p) => optionIds(p),
  'page.state': (p) => stateOf(p),
  'page.layout': () => layout(),
  'page.at': (p) => atPoint(p),
  'page.readBlob': (p) => readBlob(p.url),
  'page.arm': () => {
    arm();
    return { ok: true };
  },
  // the guard armed by page.target ends with the action: say what it cancelled, if anything
  'page.settle': async (p) => {
    // the input went to a document that armed its recorder first (page.target, page.at, page.arm):
    // one that did not is the next document, which a followed link had loaded before this asked
    if (!isArmed()) return { navigating: true, change: { kind: 'navigation' as const, url: location.href, added: 0, removed: 0, summary: 'the input led to this new document' } };
    const settled = await settle(p);
    const blocked = disarmGuard();
    return blocked ? { ...settled, blocked: blocked.message, ...(blocked.offTarget ? { offTarget: true } : {}) } : settled;
  },
};
