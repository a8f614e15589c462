import type { BrowserActionKind } from './action';

/** What the page aims an action's element for: where trusted input will go (page.target's purposes an action uses). */
export type AimPurpose = 'pointer' | 'choose' | 'hover' | 'edit' | 'check';

/**
 * What the parts of the extension need to know about one kind of browser action, in one place.
 * Each question is a field here rather than a list of kinds in the module that asks it, so adding
 * a kind to `BrowserAction` is a compile error in this table until every question has an answer
 * (`satisfies Record<BrowserActionKind, …>`); the switches that render or run a kind (the
 * executor's `act.ts`, the grammar, the plain words) are exhaustive and fail to compile too.
 */
export interface KindTraits {
  /** sends the page input: trusted CDP input where the browser offers it (background/executor/runner.ts) */
  trusted: boolean;
  /**
   * its requests are held while it runs (the request hold): every kind that sends the page input,
   * hovering included (a mouseenter listener can post as well as a click's). A navigation loads a
   * page, and scrolling and waiting only look: holding them would attach the debugger (and its bar)
   * to a run that only reads (a scroll is shut to posts another way: `shutsWrites`)
   */
  holdsRequests: boolean;
  /**
   * a look whose page events can still post (a scroll listener): the tab is shut to state-changing
   * requests while it runs, by a browser rule with no debugger, and what it refused is told
   * (background/executor/look-hold.ts)
   */
  shutsWrites: boolean;
  /** what the page aims the element for before the input (page.target); null: aimed as it runs (a press focuses its element then), or not at all */
  aim: AimPurpose | null;
  /** a reflection's disabled set can hide its element from the page: only click-like actions (typing and keys cannot be hidden meaningfully) */
  hideable: boolean;
}

const input = (aim: AimPurpose | null, hideable = false): KindTraits => ({ trusted: true, holdsRequests: true, shutsWrites: false, aim, hideable });
const look: KindTraits = { trusted: false, holdsRequests: false, shutsWrites: false, aim: null, hideable: false };

export const ACTION_KINDS = {
  click: input('pointer', true),
  click_at: input(null),
  double_click: input('pointer', true),
  hover: input('hover'),
  type: input('edit'),
  clear: input('edit'),
  select: input('choose'),
  check: input('check', true),
  press: input(null),
  // the page gets the file as a DOM change, not trusted input; its change listener may post it at once
  upload: { trusted: false, holdsRequests: true, shutsWrites: false, aim: null, hideable: false },
  scroll: { ...look, shutsWrites: true },
  navigate: look,
  back: look,
  wait: look,
} as const satisfies Record<BrowserActionKind, KindTraits>;

/** The traits of a kind, none for the agent's own actions (tabs, done, ask). */
export function traitsOf(kind: string): KindTraits | undefined {
  return Object.hasOwn(ACTION_KINDS, kind) ? ACTION_KINDS[kind as BrowserActionKind] : undefined;
}
