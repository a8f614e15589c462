import type { ConfirmCategory, SentDetails } from '../../shared/run-events';
import type { SentRequest } from '../../shared/effect';
import type { ElementInfo } from '../../shared/page';
import { traitsOf } from '../../shared/action-kinds';
import { formTargetCategory, type CommitCategory } from './commit';
import { hostAllowed, hostOf, siteOf } from './hosts';
import { isSecretField } from '../../core/secrets';
import { ibanValid, luhnValid } from './text-secrets';

/**
 * Effects, not words: whatever a control says, a change on a server goes out as a request, and a
 * request cannot lie about where it goes and what it carries. While the co-pilot acts in a tab the
 * executor pauses each request the tab sends (src/background/executor/effect-hold.ts) and asks
 * `judgeRequest` what it is:
 * - a read (GET, HEAD, OPTIONS) passes: it changes nothing on the server that a person would call
 *   an effect. A GET that commits is covered by the gate's words before the action (gate.ts);
 * - a beacon or ping to the task's own sites passes and is logged (analytics after a click);
 * - anything else (a POST, PUT, PATCH or DELETE, a form post, a beacon to another site) is an
 *   effect: it is held until the person approves that exact effect, and failed otherwise.
 */

export interface Effect {
  method: string;
  /** the full address, for the record; the card shows host and path only */
  url: string;
  host: string;
  path: string;
  /** leaves the sites the person started on or named */
  offSite: boolean;
  /** a page load (a form post) rather than a script's fetch */
  navigation: boolean;
  /** the names of the fields it carries, and the values where they are not secret (capped) */
  fields: Array<{ name: string; value: string }>;
  category: ConfirmCategory;
  irreversible: boolean;
}

/** The actions whose requests are held (`holdsRequests` in src/shared/action-kinds.ts says which and why). */
export function holdsRequestsOf(kind: string): boolean {
  return traitsOf(kind)?.holdsRequests ?? false;
}

export type RequestVerdict = { kind: 'pass'; logged?: string } | { kind: 'hold'; effect: Effect };

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `personal`: the person's details this run typed or holds (personalValues). A read that carries
 * one to a site outside the task (an image, a CSS background, an EventSource, a page load with
 * ?email=…) is a leak, not a read, and is held like an effect.
 */
export function judgeRequest(r: SentRequest, allowedHosts: string[], personal: string[] = []): RequestVerdict {
  const method = r.method.toUpperCase();
  const host = hostOf(r.url);
  // not a web address (data:, blob:): nothing leaves the browser
  if (!host) return { kind: 'pass' };
  const offSite = !hostAllowed(host, allowedHosts);
  const read = READS.has(method);
  if (read && !(offSite && carriesAny(r.url, personal))) return { kind: 'pass' };
  const path = pathOf(r.url);
  const fields = read ? queryFields(r.url) : fieldsOf(r);
  const category = categoryOf(path, offSite, fields);
  // analytics after a click: a beacon to the task's site that names no payment, payee or deletion
  if (r.resourceType === 'Ping' && !offSite && category === 'form') return { kind: 'pass', logged: `a beacon to ${host}${path}` };
  return {
    kind: 'hold',
    effect: { method, url: r.url, host, path, offSite, navigation: r.resourceType === 'Document', fields, category, irreversible: isIrreversible(category) },
  };
}

/**
 * The values a GET must not carry to another site unasked: the person's secrets, and what the run
 * typed that looks like their contact or account details (an e-mail address, a phone number, a
 * long number). A city typed into a search goes to a third-party autocomplete unasked.
 */
export function personalValues(typed: string[], secrets: string[]): string[] {
  const details = typed.map((t) => t.trim()).filter((t) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) || /^\+?[\d\s().-]{7,}$/.test(t) || /\d{6,}/.test(t.replace(/[\s-]/g, '')));
  return [...new Set([...secrets, ...details].filter((v) => v.length >= 4).map((v) => v.toLowerCase()))];
}

/** Whether an address carries one of the values, whole or its first 4 characters or more (a value sent key by key). */
function carriesAny(url: string, values: string[]): boolean {
  if (!values.length) return false;
  // the path and query only: the host is where it goes, not what it carries
  const address = decode(url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')).toLowerCase();
  if (values.some((v) => address.includes(v))) return true;
  const parts = address.split(/[?&=/#;,]+/).filter((p) => p.length >= 4);
  return parts.some((p) => values.some((v) => v.startsWith(p)));
}

function queryFields(url: string): Effect['fields'] {
  const query = /\?([^#]*)/.exec(url)?.[1] ?? '';
  return query ? formPairs(query).slice(0, MAX_FIELDS).map(([name, value]) => ({ name: name.slice(0, 60), value: shownValue(name, value) })) : [];
}

/** Field names that move money whatever the path says ("/api/v2/items" with a payee and an amount). */
const MONEY_FIELDS = /^(?:payee|payees|iban|bic|swift|recipient|beneficiary|amount|sum|to_account|toaccount|account_to|sort_?code|routing)$/i;

function categoryOf(path: string, offSite: boolean, fields: Effect['fields']): ConfirmCategory {
  const final: CommitCategory | null = formTargetCategory(path);
  if (final && final !== 'commit') return final;
  if (offSite) return 'navigation';
  return fields.filter((f) => MONEY_FIELDS.test(f.name)).length >= 2 ? 'payment' : 'form';
}

const isIrreversible = (c: ConfirmCategory) => c === 'payment' || c === 'send' || c === 'delete' || c === 'account';

/**
 * What "allow for this task" remembers for an effect: the site, the method, the path, the words of
 * the control that sent it and the names of the fields it carries, so approving one harmless form
 * does not approve another form on the same site, the same request from another control, nor the
 * same control sending other things.
 */
export function effectKey(e: Pick<Effect, 'host' | 'method' | 'path'> & { fields?: Effect['fields'] }, words: string): string {
  // the names of what it carries too: the same Save sending a payee and an amount instead of a note is another effect
  const carries = [...new Set((e.fields ?? []).map((f) => f.name.toLowerCase()))].sort().join(',');
  return `effect:${siteOf(e.host)}:${e.method}:${e.path}:${words.trim().toLowerCase().slice(0, 80)}:${carries}`;
}

/** One sentence for the card: where it goes and what it carries. */
export function describeEffect(e: Effect): string {
  const what = e.fields.length ? ` with ${e.fields.map((f) => (f.value ? `${f.name} "${f.value}"` : f.name)).join(', ')}` : '';
  return `sends ${e.method === 'POST' ? 'data' : `a ${e.method}`} to ${e.host}${e.path}${what}`;
}

function pathOf(url: string): string {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url);
  return m?.[1] || '/';
}

const MAX_FIELDS = 12;
const MAX_VALUE = 40;

/** Field names from a form, JSON or multipart body; values shown unless the name says secret. */
function fieldsOf(r: SentRequest): Effect['fields'] {
  const body = r.postData ?? '';
  if (!body) return [];
  const pairs = jsonPairs(body) ?? multipartPairs(body, r.contentType) ?? formPairs(body);
  return pairs.slice(0, MAX_FIELDS).map(([name, value]) => ({ name: name.slice(0, 60), value: shownValue(name, value) }));
}

/**
 * A value that may be a payment card's number or an account: never shown. A run of 12 to 19
 * digits is hidden unless the field is a phone's (its name, or a value written as "+44 …") and the
 * digits fail the Luhn check every card number passes; an IBAN is hidden by its own checksum.
 */
function cardOrAccount(name: string, value: string): boolean {
  const compact = value.replace(/[\s().-]/g, '');
  const phone = /phone|tel\b|mobile|cell|fax/i.test(name) || /^\+\d/.test(value.trim());
  return [...compact.matchAll(/\d{12,19}/g)].some((m) => !phone || luhnValid(m[0])) || ibanValid(compact);
}

function shownValue(name: string, value: string): string {
  // "pass" for a password field's short names (pass, passwd, passcode), not a passenger's name
  if (isSecretField({ name }) || /pass(?!enger)|pwd|pin\b/i.test(name) || cardOrAccount(name, value)) return '';
  const v = value.replace(/\s+/g, ' ').trim();
  // a file's bytes sent as base64 (as single-page uploaders do): not words anyone can read, and the person's file
  if (v.length > 200 && /^[A-Za-z0-9+/_-]+=*$/.test(v)) return '(file data)';
  return v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE - 1)}…` : v;
}

function formPairs(body: string): Array<[string, string]> {
  if (!/^[^=&\s]+=/.test(body)) return [['(data)', '']];
  return body.split('&').map((kv) => {
    const [k = '', v = ''] = kv.split('=');
    return [decode(k), decode(v)];
  });
}

function jsonPairs(body: string): Array<[string, string]> | null {
  if (!/^\s*[[{]/.test(body)) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [['(data)', '']];
    return Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'object' ? '' : String(v)]);
  } catch {
    return null;
  }
}

function multipartPairs(body: string, contentType = ''): Array<[string, string]> | null {
  if (!/multipart\/form-data/i.test(contentType)) return null;
  const pairs: Array<[string, string]> = [];
  // a file part is named by its file name: its bytes are never shown on a card or stored with it
  for (const m of body.matchAll(/name="([^"]*)"(?:; filename="([^"]*)")?\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/g)) pairs.push([m[1] ?? '', m[2] === undefined ? (m[3] ?? '') : `(file ${m[2]})`]);
  return pairs;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Names of values a page adds for itself (a form's token, ASP.NET's state): counted when no form label says otherwise. */
const MACHINE_FIELD = /^__|csrf|xsrf|token|nonce|viewstate|eventvalidation|authenticity|^utf8$|^\(data\)$/i;

/**
 * What a request carries, for a card's list: each field by the words the page shows for it (its
 * raw name only when the page gives none), a secret's value never; a hidden input of the form, or
 * a token the page adds, is counted and not named: the person never saw it and its name (a
 * `csrf_token`, a `__VIEWSTATE`) says nothing to them. It is still in the question's stored reason.
 */
export function sentDetails(e: Pick<Effect, 'fields' | 'host' | 'path'>, labels: Record<string, string> = {}): SentDetails {
  const hidden = (f: { name: string }) => labels[f.name] === '' || (labels[f.name] === undefined && MACHINE_FIELD.test(f.name));
  const fields = e.fields.filter((f) => !hidden(f)).map((f) => {
    const label = labels[f.name] || f.name;
    // a chosen option's label that already says its value ("Select SW1911 departing 08:15") stands alone
    if (f.value && label.includes(f.value)) return { label, value: '', secret: false };
    return { label, value: f.value, secret: !f.value };
  });
  return { to: `${e.host}${e.path === '/' ? '' : e.path}`, fields, hidden: e.fields.length - fields.length };
}

/**
 * What a form's submit control would send, read off the form before the click (ElementInfo's
 * `formValues`): the card of a question asked by the control's words ("Send", "Pay") shows the
 * values as a held request's card does, hidden values counted, secrets and card numbers not shown.
 */
export function formSends(el: Pick<ElementInfo, 'formValues' | 'fieldLabels' | 'formAction'>, pageUrl: string): SentDetails | undefined {
  if (!el.formValues?.length) return undefined;
  // the form's action as the page resolved it (absolute), else the page it posts back to
  const target = el.formAction || pageUrl;
  const host = hostOf(target);
  if (!host) return undefined;
  const path = pathOf(target);
  const labels = el.fieldLabels ?? {};
  const hidden = (name: string) => labels[name] === '' || (labels[name] === undefined && MACHINE_FIELD.test(name));
  const fields = el.formValues.filter((f) => !hidden(f.name)).map((f) => {
    const label = labels[f.name] || f.name;
    const value = shownValue(f.name, f.value);
    if (value && label.includes(value)) return { label, value: '', secret: false };
    // an empty field says it is empty (a card number nobody typed must not read as filled); a value not shown is a secret
    if (!f.value.trim()) return { label, value: '', secret: false, empty: true };
    return { label, value, secret: !value };
  });
  return { to: `${host}${path === '/' ? '' : path}`, fields, hidden: el.formValues.length - fields.length };
}
