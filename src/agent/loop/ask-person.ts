import { placeOf, placeWithQuery } from '../safety/place';
import type { AgentAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import type { GateVerdict } from '../safety/gate';
import { hostOf } from '../safety/hosts';
import { actionLine } from '../../core/actions/validate';
import type { ConfirmAnswer, ConfirmRequest, SentDetails } from '../../shared/run-events';
import type { Ctx } from '../ctx';
import { currentTrial } from '../run-state';
import { noteRefusal, refusalKey, wasRefused } from './refusals';

/**
 * A confirmation card for one action: what it does in the page's words, where, and why the gate
 * or the request hold stopped it. The run waits (saved as waiting) until the person answers.
 * `sends`: what the action's request carries, field by field, when the card is about a held
 * request; `to`: the other site it goes to, if it does.
 */
export async function askPerson(ctx: Ctx, action: AgentAction, element: ElementInfo | null, verdict: Extract<GateVerdict, { kind: 'confirm' }>, sends?: SentDetails, to = ''): Promise<'once' | 'run' | 'refuse'> {
  const { run } = ctx;
  const url = await ctx.ports.browser.url();
  const { category, irreversible, reason, approvalKey } = verdict;
  const request = {
    id: `${run.runId}-c${run.seq + 1}`,
    runId: run.runId,
    category,
    irreversible,
    action,
    elementLine: element?.line ?? '',
    url,
    description: ctx.secrets.hide(describeAction(action, element, url)),
    reason: ctx.secrets.hide(reason),
    host: hostOf(url) ?? url.slice(0, 60),
    // a held request says what it carries (`sends`): that is the effect, not the page around the control (a
    // flight list, a calendar); a payment, a send or a deletion keeps the page's words too (the total, the recipient)
    context: sends && !irreversible ? '' : ctx.secrets.hide(element?.context ?? ''),
    to,
    rememberable: !!approvalKey,
    control: ctx.secrets.hide(controlWords(element)),
    ...(sends ? { sends: { ...sends, fields: sends.fields.map((f) => ({ ...f, label: ctx.secrets.hide(f.label), value: ctx.secrets.hide(f.value) })) } } : {}),
    ...filesField(ctx, action),
  };
  const refusal = refusalKey(run, request);
  if (wasRefused(run, refusal)) return refusedAgain(ctx, action);
  const answer = await waitForAnswer(ctx, request);
  if (answer === 'refuse') noteRefusal(run, refusal);
  // only reversible kinds are remembered, and only for the same site (and the same control, for unknown ones)
  if (answer === 'run' && approvalKey && !run.approvals.includes(approvalKey)) run.approvals.push(approvalKey);
  await ctx.save();
  return answer;
}

/**
 * The same question the person already refused, with nothing new said since: no card comes back,
 * and the model reads that it was not asked again (it was told at the refusal not to retry).
 */
function refusedAgain(ctx: Ctx, action: AgentAction): 'refuse' {
  currentTrial(ctx.run).notes.push(`The person already refused \`${actionLine(action)}\` (the same effect) in this task and was not asked again: do not retry it unless they say so.`);
  return 'refuse';
}

/**
 * The person's files this page holds because the run put them there (uploaded or dropped since the
 * page last changed address): a page may send them as a form's file part, as base64 in a text
 * field or by a script of its own, so the card names them whatever the request looks like. An
 * upload's own question is about that file already.
 */
export function filesInPage(ctx: Ctx): string[] {
  let files: string[] = [];
  for (const s of currentTrial(ctx.run).steps) {
    if (s.change?.kind === 'navigation') files = [];
    if (s.ok && s.action.kind === 'upload' && !files.includes(s.action.file)) files.push(s.action.file);
  }
  return files;
}

function filesField(ctx: Ctx, action: AgentAction): { files?: string[] } {
  const files = action.kind === 'upload' ? [] : filesInPage(ctx);
  return files.length ? { files } : {};
}

/** The words a person sees on the control ("Continue"), for the card's title; '' without one. */
export function controlWords(element: ElementInfo | null): string {
  const words = (element?.text || element?.label || element?.name || '').replace(/\s+/g, ' ').trim();
  return words.length > 60 ? `${words.slice(0, 59)}…` : words;
}

/** Puts a card to the person and waits (saved as waiting, so the panel and a restart know) for the answer. */
export async function waitForAnswer(ctx: Ctx, request: ConfirmRequest): Promise<ConfirmAnswer> {
  ctx.emit({ type: 'confirmation_needed', request });
  ctx.run.status = 'waiting';
  await ctx.save();
  const answer = await ctx.ports.user.confirm(request);
  ctx.run.status = 'running';
  ctx.emit({ type: 'confirmation_answered', requestId: request.id, answer });
  return answer;
}

/** Exactly what will happen, in words, for the confirmation card. */
export function describeAction(action: AgentAction, element: ElementInfo | null, address: string): string {
  // the host and path only: a query string would bury them (the full address is in the request)
  const url = placeOf(address);
  // the words a person sees on the control, and its accessible name when the page made them differ
  const words = element ? (element.text && element.label && element.text !== element.label ? `${element.text}" / "${element.label}` : element.text || element.name || element.label || element.line) : '';
  const target = element ? `"${words.length > 120 ? `${words.slice(0, 119)}…` : words}" (${element.role || element.tag})` : '';
  switch (action.kind) {
    case 'navigate':
      return `Open ${placeWithQuery(action.url)}`;
    case 'open_tab':
      return `Open ${placeWithQuery(action.url)} in a new tab`;
    case 'type':
      return `Type "${action.text}" into ${target || 'the focused field'} on ${url}`;
    case 'press':
      return `Press ${action.keys}${target ? ` in ${target}` : ''} on ${url}`;
    case 'select':
      return `Choose "${action.values.join('", "')}" in ${target || 'the list'} on ${url}`;
    case 'check':
      return `${action.checked ? 'Tick' : 'Untick'} ${target || 'the box'} on ${url}`;
    case 'upload':
      // a file input's role is "button" to the browser; to the person it is where a file goes
      return `Attach your file "${action.file}" to ${element ? `"${words.length > 120 ? `${words.slice(0, 119)}…` : words}" (${element.inputType === 'file' ? 'file field' : element.role || element.tag})` : 'the page'} on ${url}`;
    case 'click_at':
      // an unnamed canvas or picture is named by what it is, never by its markup
      return `Click ${element && !(element.text || element.name || element.label) ? `the ${element.tag} ` : target ? `${target} ` : ''}at ${action.x}, ${action.y} on ${url}`;
    default:
      return `${action.kind === 'double_click' ? 'Double-click' : 'Click'} ${target || actionLine(action)} on ${url}`;
  }
}

