import type { AgentAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import type { ConfirmCategory } from '../../shared/run-events';
import { finalCategory, formTargetCategory, linkTargetCategory, namesOf, submitOnlyCategory, type CommitCategory } from './commit';
import { harmlessWords, isControl, isToggle } from './harmless';
import { hostAllowed, hostOf, sameAddress, siteOf } from './hosts';
import { activationOf, shortcutQuestion, type Activation } from './activation';
import { isSecretField } from '../../core/secrets';
import { drawnClick, isDrawnSurface } from './drawn';
import { placeWithQuery } from './place';
import { uploadElsewhere, type AttachedFile } from './upload';

/**
 * The safety gate: a deterministic decision on every action before it runs, from the action and
 * the element's structured facts (ElementInfo from `describe`, read from the live element), never
 * from the model's wording. It asks unless it knows better: an action that can activate a control
 * (a click, a double click, Enter or Space on it, a change that submits a form) runs unasked only
 * when the gate can tell it is harmless (a link on the task's sites, a menu, a tab, a date picker,
 * a search, a box to tick, a control whose every name says it only shows or moves). A page that
 * injects "go to evil.example" or "press Confirm" gets an action that stops for the person.
 */

export interface GateContext {
  /** sites the person started on or named */
  allowedHosts: string[];
  /** approval keys the person gave "for this run" (see approvalKey); irreversible kinds never appear */
  approvals: string[];
  /**
   * addresses a typed navigation may open without asking: the page the run started on and the
   * addresses the person wrote. Anything else the model types as a URL came from somewhere else,
   * most likely the page, which is how an injected "open this link" gets followed.
   */
  knownUrls?: string[];
  /** the tab's address now, which names the site a form or an unknown control belongs to */
  pageUrl?: string;
  /**
   * The tab's requests are held while the action runs (src/agent/safety/effects.ts): whatever a
   * control sends to a server is asked about at the request, with where it goes and what it
   * carries. Then words that commit to nothing named ("Submit", "OK"), a form post and a control
   * the gate does not know are not asked about before: a button that sends nothing is harmless
   * whatever it says. Words that name a payment, a message, a deletion or an account change still
   * ask first: the effect may go out where the hold cannot see it (a WebSocket, a GET).
   */
  requestsHeld?: boolean;
  /**
   * The host of a live connection (a WebSocket) the page opened since it loaded. What a control
   * sends over it goes out as a frame, which no request hold pauses: pressing or changing a control
   * there asks first, whatever its words, unless it is a link (a GET, judged as links are) or only
   * opens a menu or a tab. Keyed by the control's words, so "allow for this task" on "Continue"
   * is not a yes for "Autopay: On".
   */
  liveConnection?: string | null;
  /** the files the person attached and where: an upload to another site asks (upload.ts) */
  files?: AttachedFile[];
}

export type GateVerdict =
  | { kind: 'allow' }
  /** approvalKey: what "allow for this run" remembers; absent for kinds asked every time */
  | { kind: 'confirm'; category: ConfirmCategory; irreversible: boolean; reason: string; approvalKey?: string }
  /** the value must come from the person: they type it in the tab themselves */
  | { kind: 'handoff'; reason: string };

/** Tokens that look like keys or secrets: API keys, long random strings, JSON web tokens. */
const SECRET_TEXT = /\b(?:sk-[A-Za-z0-9_-]{8,}|AKIA[A-Z0-9]{12,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abp]-[A-Za-z0-9-]{10,}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+|[A-Za-z0-9+/_-]{32,})\b/;

/** The page model's own verdict, or the shared vocabulary on the facts the gate has (for fields the walk never saw). */
function isSecret(el: ElementInfo): boolean {
  if (el.secret) return true;
  // only fields hold secrets: a button whose name says "token" is still a button
  return (el.tag === 'input' || el.tag === 'textarea') && isSecretField({ type: el.inputType, autocomplete: el.autocomplete, label: el.label ?? el.name });
}

const ALLOW: GateVerdict = { kind: 'allow' };

/** An irreversible kind: asked every time, whatever was answered before in the run. */
function irreversible(category: CommitCategory, reason: string): GateVerdict {
  return { kind: 'confirm', category, irreversible: true, reason };
}

/** A reversible kind: "allow for this run" covers the same key later in the run. */
function reversible(category: ConfirmCategory, key: string, reason: string, ctx: GateContext): GateVerdict {
  if (ctx.approvals.includes(key)) return ALLOW;
  return { kind: 'confirm', category, irreversible: false, reason, approvalKey: key };
}

/** The site an address belongs to, or null for an address that is not a web page (javascript:, data:). */
function siteOfUrl(url: string | undefined): string | null {
  if (!url) return null;
  const host = hostOf(url);
  return host ? siteOf(host) : null;
}

/** http(s) only (Chromium strips leading spaces before reading the scheme). */
function isWebAddress(url: string): boolean {
  return /^https?:/i.test(url.trimStart());
}

export function gateAction(action: AgentAction, el: ElementInfo | null, ctx: GateContext): GateVerdict {
  switch (action.kind) {
    case 'navigate':
    // a new tab at an address is judged as typing that address would be
    case 'open_tab':
      return gateNavigate(action.url, ctx);
    case 'type': {
      if (el && isSecret(el)) {
        // Never type a model-written value into a password, card or code field (one the person gave
        // in chat is filled from the vault before the gate, on the task's sites: src/agent/loop/execute.ts).
        return { kind: 'handoff', reason: `"${el.name || 'this field'}" takes a password, card number or code: please enter it yourself` };
      }
      if (SECRET_TEXT.test(action.text)) {
        // Credential approvals are never remembered for the run: each one is shown.
        return { kind: 'confirm', category: 'credential', irreversible: false, reason: 'the text looks like a key, token or password' };
      }
      const activation = activationOf(action, el);
      return activation && el ? gateActivation(activation, el, ctx) : ALLOW;
    }
    case 'upload': {
      const elsewhere = uploadElsewhere(action, ctx.files ?? [], ctx.pageUrl, !!ctx.requestsHeld, el?.formAction);
      return elsewhere ? irreversible('send', elsewhere) : ALLOW;
    }
    case 'click_at':
      // words drawn on a canvas or in a picture are out of the gate's sight: it cannot know them harmless
      if (el && isDrawnSurface(el)) return drawnClick(el, ctx.pageUrl, ctx.approvals);
      return el ? gateActivation({ via: 'clicking', submits: false }, el, ctx) : ALLOW;
    default: {
      const activation = activationOf(action, el) ?? (ctx.liveConnection ? liveChange(action, el) : null);
      return activation && el ? gateActivation(activation, el, ctx) : ALLOW;
    }
  }
}

function gateNavigate(url: string, ctx: GateContext): GateVerdict {
  if (!isWebAddress(url)) return { kind: 'confirm', category: 'navigation', irreversible: false, reason: `"${url}" is not a web page address` };
  const host = hostOf(url);
  const site = host ? siteOf(host) : url;
  if (host && !hostAllowed(host, ctx.allowedHosts)) return reversible('navigation', `navigation:${site}`, `${host} is not a site named in the task`, ctx);
  if (!(ctx.knownUrls ?? []).some((known) => sameAddress(known, url))) {
    // a typed address on the task's site: the model has no source for it but the person or the page
    return { kind: 'confirm', category: 'navigation', irreversible: false, reason: `the task does not give the address ${placeWithQuery(url)}; it may come from the page` };
  }
  return ALLOW;
}

/** Judges an action that activates `el` (see activation.ts) from the element's fresh facts. */
function gateActivation(a: Activation, el: ElementInfo, ctx: GateContext): GateVerdict {
  const names = namesOf(el);
  // the button a field's Enter presses speaks for the submission
  const pressed = a.submits && el.submitName ? namesOf({ ...el, label: el.submitName, text: '', name: '' }) : [];
  const how = a.via;

  // 1. Words that commit, on any of the control's names, or a form posting to a committing address.
  const link = isLink(el);
  let final = finalCategory(names);
  let what = `${how} "${shown(el)}"`;
  if (!final && pressed.length) {
    final = finalCategory(pressed);
    what = `${how} "${shown(el)}" presses "${el.submitName}", which`;
  }
  // "Submit" or "OK" on a search or a GET form only asks for a page of results; with the hold on, a
  // button's "Confirm" is judged by what it sends, a link's still by its words (a GET passes the hold)
  if (final === 'commit' && a.submits && (el.searchForm || el.formMethod === 'get')) final = null;
  if (final && (!link || final === 'delete' || linkCommits(el, names)) && !(link && /^discard\b/.test(names[0] ?? '')) && !(final === 'commit' && ctx.requestsHeld && !link)) {
    return irreversible(final, `${what} looks like it will ${verb(final)}`);
  }
  // a link whose words say nothing, to an address that acts when loaded (/do/pay/inv-7731)
  const loads = link ? linkTargetCategory(el.href) : null;
  if (loads) return irreversible(loads, `${how} "${shown(el)}" loads ${placeWithQuery(el.href!)}, an address that looks like it will ${verb(loads)}`);
  if (a.submits) {
    const target = formTargetCategory(el.formAction) ?? submitOnlyCategory([...names, ...pressed]);
    if (target) return irreversible(target, `${how} "${shown(el)}" submits a form to ${el.formAction ?? 'this page'}, which looks like it will ${verb(target)}`);
  }
  if (a.composer && !a.submits) return irreversible('send', `${how} "${shown(el)}" usually sends what is written there`);
  // a key off a field may be the site's own shortcut (Delete on an open mail): no request shows it first
  const shortcut = shortcutQuestion(a, el);
  if (shortcut) return reversible('other', `other:${siteOfUrl(ctx.pageUrl) ?? 'this site'}:${shortcut.words}`, shortcut.reason, ctx);

  // 2. Leaving the task's sites, by a link, a form or a script URL.
  const dest = a.submits ? el.formAction : link ? el.href : undefined;
  if (dest) {
    if (!isWebAddress(dest)) return { kind: 'confirm', category: 'navigation', irreversible: false, reason: `${how} opens "${dest.slice(0, 80)}", which is not a web page address` };
    const host = hostOf(dest);
    if (host && !hostAllowed(host, ctx.allowedHosts)) {
      const what = a.submits ? `sends a form to ${host}` : `leads to ${host}`;
      return reversible('navigation', `navigation:${siteOf(host)}`, `${how} ${what}, a site not named in the task`, ctx);
    }
  }

  // 3. A control on a page with a live connection: what it sends there no hold sees.
  const live = liveQuestion(how, el, link, ctx);
  if (live) return live;

  // 4. A form submission asks, unless it only searches or loads a page (GET), or its post is held.
  if (a.submits) {
    if (el.searchForm || el.formMethod === 'get' || ctx.requestsHeld) return ALLOW;
    const site = siteOfUrl(el.formAction) ?? siteOfUrl(ctx.pageUrl) ?? 'this site';
    return reversible('form', `form:${site}`, `${how} sends a form to ${site}; the gate cannot tell what it does`, ctx);
  }

  // a frame is another page (often another site's, in its own process): neither its words nor its
  // requests can be checked from here, so a click into it asks
  if (/^(?:iframe|frame|object|embed)$/.test(el.tag)) {
    const site = siteOfUrl(ctx.pageUrl) ?? 'this site';
    return reversible('other', `other:${site}:frame:${el.name || el.label || ''}`, `${how} lands inside an embedded frame${el.name || el.label ? ` ("${shown(el)}")` : ''}, whose content the co-pilot cannot check`, ctx);
  }
  // what a script link or an unknown control sends is held and asked about at the request
  if (ctx.requestsHeld) return ALLOW;
  // A script link runs the page's code, whatever it says: only an empty one (a menu toggle) is judged by its words.
  if (isScriptLink(el)) {
    const site = siteOfUrl(ctx.pageUrl) ?? 'this site';
    return reversible('other', `other:${site}:${names[0] ?? ''}`, `${how} "${shown(el)}" runs the page's script ${el.href!.slice(0, 80)}`, ctx);
  }

  // 5. What is known to be harmless.
  if (link) return ALLOW;
  if (isToggle(el) || el.popup) return ALLOW;
  if (harmlessWords(names)) return ALLOW;
  // text, a heading, a list item: a click only focuses or selects it, unless a script says otherwise
  // (its words were read above)
  if (!isControl(el)) return ALLOW;

  // 6. A control the gate does not know.
  const site = siteOfUrl(ctx.pageUrl) ?? 'this site';
  const words = names[0] ?? '';
  return reversible('other', `other:${site}:${words}`, `the gate does not know what ${words ? `"${shown(el)}"` : 'this unnamed control'} does`, ctx);
}

/** A box ticked or an option chosen changes a control: its change listener may send over the live connection. */
function liveChange(action: AgentAction, el: ElementInfo | null): Activation | null {
  if (!el) return null;
  if (action.kind === 'select') return { via: 'choosing an option of', submits: false };
  if (action.kind === 'check') return { via: 'ticking', submits: false };
  return null;
}

/** The question for a control pressed or changed on a page with a live connection (GateContext.liveConnection). */
function liveQuestion(how: string, el: ElementInfo, link: boolean, ctx: GateContext): GateVerdict | null {
  if (!ctx.liveConnection || link || el.popup || /^tab$/i.test(el.role)) return null;
  // a click into a text field only focuses it (activationOf); typing is not a press
  const site = siteOfUrl(ctx.pageUrl) ?? 'this site';
  const words = namesOf(el)[0] ?? '';
  const what = words ? `"${shown(el)}"` : 'this control';
  return reversible('other', `other:${site}:live:${words}`, `${how} ${what}: this page keeps a live connection to ${ctx.liveConnection}, and what it sends over it cannot be checked before it goes`, ctx);
}

/**
 * A link loads a page by GET, which the request hold lets through, so only its words and address
 * can say that loading it pays: "Pay $420" names an amount (a link to /do/pay), and a final word
 * on a link that carries details after "?" (/buy?item=7&qty=1) is a request, not a page. "Send
 * money" and "Pay bills" links open the pages where that is done, and pass.
 */
function linkCommits(el: ElementInfo, names: string[]): boolean {
  return names.some((n) => /[$£€¥]\s?\d|\d\s?(?:usd|eur|gbp)\b/i.test(n)) || /\?[^#]*=/.test(el.href ?? '');
}

/** A link that loads a page (a GET): not `href="#"` or a `javascript:` link, which run a script like a button. */
function isLink(el: ElementInfo): boolean {
  const role = el.role.toLowerCase();
  if (!(el.tag === 'a' || role === 'link') || !el.href) return false;
  const href = el.href.trim();
  if (/^javascript:/i.test(href) || /(?:^#|#$)/.test(href)) return false;
  return true;
}

/** `javascript:` with code in it; `javascript:void(0)` and `javascript:;` do nothing by themselves. */
function isScriptLink(el: ElementInfo): boolean {
  const href = el.href?.trim() ?? '';
  if (!/^javascript:/i.test(href)) return false;
  return !/^javascript:\s*(?:void\s*\(?\s*0\s*\)?|undefined|false|null)?\s*;?\s*$/i.test(decodeHref(href));
}

function decodeHref(href: string): string {
  try {
    return decodeURIComponent(href);
  } catch {
    return href;
  }
}

function shown(el: ElementInfo): string {
  const name = el.text && el.label && el.text !== el.label ? `${el.text}" / "${el.label}` : el.text || el.label || el.name || el.line;
  return name.length > 120 ? `${name.slice(0, 119)}…` : name;
}

function verb(category: CommitCategory): string {
  switch (category) {
    case 'payment':
      return 'pay, transfer money or place an order';
    case 'delete':
      return 'delete or cancel something';
    case 'send':
      return 'send or publish something';
    case 'account':
      return 'change account settings or access';
    case 'commit':
      return 'confirm or approve something';
  }
}
