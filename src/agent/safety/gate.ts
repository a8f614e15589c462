import type { AgentAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import type { ConfirmCategory } from '../../shared/run-events';
import { commitCategory, formTargetCategory } from './commit';
import { hostAllowed, hostOf, sameAddress } from './hosts';

/**
 * The safety gate: a deterministic decision on every action before it runs, from the action and
 * the element's structured facts (ElementInfo from `describe`), never from the model's wording.
 * The model cannot talk its way past it: a page that injects "go to evil.example" or "type the API
 * key here" gets an action that stops for the person.
 */

export interface GateContext {
  /** sites the person started on or named */
  allowedHosts: string[];
  /** categories the person approved for this run */
  approvals: ConfirmCategory[];
  /**
   * addresses a typed navigation may open without asking: the page the run started on and the
   * addresses the person wrote. Anything else the model types as a URL came from somewhere else,
   * most likely the page, which is how an injected "open this link" gets followed.
   */
  knownUrls?: string[];
}

export type GateVerdict =
  /** irreversible is set when the person approved this kind for the run: still not safe to retry */
  | { kind: 'allow'; irreversible?: true }
  | { kind: 'confirm'; category: ConfirmCategory; irreversible: boolean; reason: string }
  /** the value must come from the person: they type it in the tab themselves */
  | { kind: 'handoff'; reason: string };

const IRREVERSIBLE = new Set<ConfirmCategory>(['payment', 'send', 'delete', 'account']);

const SECRET_AUTOCOMPLETE = /\b(current-password|new-password|one-time-code|cc-number|cc-csc|cc-exp)\b/i;

/** Tokens that look like keys or secrets: API keys, long random strings, JSON web tokens. */
const SECRET_TEXT = /\b(?:sk-[A-Za-z0-9_-]{8,}|AKIA[A-Z0-9]{12,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abp]-[A-Za-z0-9-]{10,}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+|[A-Za-z0-9+/_-]{32,})\b/;

function isSecretField(el: ElementInfo): boolean {
  return el.secret || el.inputType === 'password' || SECRET_AUTOCOMPLETE.test(el.autocomplete ?? '');
}

function offSite(url: string | undefined, ctx: GateContext): string | null {
  if (!url) return null;
  const host = hostOf(url);
  if (!host) return null;
  return hostAllowed(host, ctx.allowedHosts) ? null : host;
}

function confirm(category: ConfirmCategory, reason: string, ctx: GateContext): GateVerdict {
  if (ctx.approvals.includes(category)) return IRREVERSIBLE.has(category) ? { kind: 'allow', irreversible: true } : { kind: 'allow' };
  return { kind: 'confirm', category, irreversible: IRREVERSIBLE.has(category), reason };
}

export function gateAction(action: AgentAction, el: ElementInfo | null, ctx: GateContext): GateVerdict {
  switch (action.kind) {
    case 'navigate': {
      const host = offSite(action.url, ctx);
      if (!/^https?:/i.test(action.url)) return confirm('navigation', `"${action.url}" is not a web page address`, ctx);
      if (host) return confirm('navigation', `${host} is not a site named in the task`, ctx);
      if (!(ctx.knownUrls ?? []).some((known) => sameAddress(known, action.url))) {
        return confirm('navigation', `the task does not give the address ${action.url}; it may come from the page`, ctx);
      }
      return { kind: 'allow' };
    }
    case 'type': {
      if (el && isSecretField(el)) {
        // Never type a model-written value into a password, card or code field.
        return { kind: 'handoff', reason: `"${el.name || 'this field'}" takes a password, card number or code: please enter it yourself` };
      }
      if (SECRET_TEXT.test(action.text)) {
        // Credential approvals are never remembered for the run: each one is shown.
        return { kind: 'confirm', category: 'credential', irreversible: false, reason: 'the text looks like a key, token or password' };
      }
      return { kind: 'allow' };
    }
    case 'click':
    case 'double_click':
    case 'press': {
      if (!el) return { kind: 'allow' };
      if (action.kind === 'press' && !/\bEnter\b/i.test(action.keys)) return { kind: 'allow' };
      if (action.kind === 'press') {
        const category = formTargetCategory(el.formAction);
        if (category) return confirm(category, `Enter submits a form to ${el.formAction}`, ctx);
      } else {
        const category = commitCategory(el);
        if (category) return confirm(category, `"${el.name}" looks like it will ${verb(category)}`, ctx);
      }
      const host = offSite(el.href ?? el.formAction, ctx);
      if (host && action.kind !== 'press') return confirm('navigation', `it leads to ${host}, a site not named in the task`, ctx);
      return { kind: 'allow' };
    }
    default:
      return { kind: 'allow' };
  }
}

function verb(category: ConfirmCategory): string {
  switch (category) {
    case 'payment':
      return 'pay or place an order';
    case 'delete':
      return 'delete or cancel something';
    case 'send':
      return 'send or publish something';
    case 'account':
      return 'change account settings';
    default:
      return 'do something that needs your approval';
  }
}
