import { isTabAction, type ActionResult, type AgentAction, type BrowserAction, type TabAction } from '../../shared/action';
import type { AimedTarget, ElementInfo } from '../../shared/page';
import { LimitReached } from '../control';
import { currentTrial, type StepRecord } from '../run-state';
import { gateAction, type GateVerdict } from '../safety/gate';
import { hostAllowed, hostOf, siteOf, urlsNamedIn } from '../safety/hosts';
import { actionLine } from '../../core/actions/validate';
import { PLACEHOLDER, SecretVault } from '../safety/secrets';
import { describeAtPoint, describeOnCurrentPage } from './describe';
import { runTabAction } from '../tabs/run-tab-action';
import { askPerson, describeAction } from './ask-person';
import { requestDecider } from './request-hold';
import { formSends } from '../safety/effects';
import { holdsRequestsOf } from '../safety/effects';
import { typedCheck } from './typed-check';
import type { Ctx } from '../ctx';
import { unattachedFile } from '../safety/upload';
import { withoutFileTexts } from './downloaded';
import { cutAtTyping } from './fields-check';
import { REFUSED_STOP } from '../../shared/plain-words';

export { describeAction } from './ask-person';

export interface StepMeta {
  policy: string;
  planNo: number;
  planIndex: number;
  thought: string;
  replayed?: boolean;
  forced?: boolean;
  /** an open_tab that follows this link of the page (EACH): judged as a click on the link, and it opens exactly its address */
  link?: number;
}

export type ExecOutcome =
  | { kind: 'ran'; step: StepRecord }
  | { kind: 'rejected'; reason: string; gone?: boolean }
  | { kind: 'refused'; reason: string }
  | { kind: 'by_person'; step: StepRecord };

/**
 * Runs one browser action through the safety gate and the executor, and records it as the next
 * step of the trial. Only actions that ran become steps: a refused or rejected action goes back
 * to the model instead, so step indices always mean "the nth thing that happened to the page".
 */
export async function executeAction(ctx: Ctx, action: BrowserAction | TabAction, meta: StepMeta): Promise<ExecOutcome> {
  await ctx.checkpoint();
  const { run } = ctx;
  if (run.stepsTaken >= run.config.maxSteps) throw new LimitReached(`The run reached its limit of ${run.config.maxSteps} actions.`);
  const index = currentTrial(run).steps.length;
  const id = 'id' in action ? action.id : meta.link;
  const unattached = unattachedFile(action, run.files);
  if (unattached) return { kind: 'rejected', reason: unattached };
  // a click_at point is judged, shown and checked by the element there, like a click by id
  const { element, aimed } = action.kind === 'click_at' ? { element: await describeAtPoint(ctx, action), aimed: null } : await lookAt(ctx, action, id);
  if (!element && (id !== undefined || action.kind === 'click_at')) return { kind: 'rejected', reason: id !== undefined ? `there is no element with id ${id} on the page any more` : missingElement(action), gone: id !== undefined };
  const followed = meta.link === undefined ? null : linkFollowed(action, element!);
  if (followed?.kind === 'rejected') return followed;

  const filled = await fromVault(ctx, action, element);
  if ('rejected' in filled) {
    if (aimed) await ctx.ports.browser.release?.();
    return { kind: 'rejected', reason: filled.rejected };
  }
  const toRun = filled.toRun;
  // A key pressed without an id goes to the focused element, which after typing is the field typed
  // into: the gate judges a bare Enter by that field's form, as it would `press <id> Enter`.
  const judged = element ?? (action.kind === 'press' && id === undefined ? await focusedElement(ctx) : null);
  const pageUrl = await ctx.ports.browser.url();
  const moved = await movedOffSite(ctx, action, pageUrl, !!aimed);
  if (moved) return moved;
  // a value filled from the vault went into a field the page marks secret: nothing more to judge
  // with the tab's requests held, a control's words need not say what it does: what it sends is asked about
  const requestsHeld = holdsRequestsOf(action.kind) && !!(await ctx.ports.browser.holdsRequests?.().catch(() => false));
  // a socket the page opened carries what no hold sees: the gate asks before pressing or changing a control
  const liveConnection = holdsRequestsOf(action.kind) ? await ctx.ports.browser.liveConnection?.().catch(() => null) : null;
  const verdict: GateVerdict = filled.missing ? { kind: 'handoff', reason: filled.missing } : toRun !== action ? ALLOW : gateAction(followed?.click ?? action, judged, { allowedHosts: run.allowedHosts, approvals: run.approvals, knownUrls: knownUrls(ctx), pageUrl, requestsHeld, liveConnection, files: run.files });
  // the aim guarded the element for input about to come; none comes now, and the person's own clicks must go through
  if (aimed && verdict.kind !== 'allow') await ctx.ports.browser.release?.();
  const line = element?.line ?? '';
  // handed to the person, the line says so, never that the model's text was typed
  const shown = verdict.kind === 'handoff' && action.kind === 'type' ? { ...action, text: HIDDEN } : shownAction(ctx, action, element);
  ctx.emit({ type: 'action', step: index, action: shown, line, replayed: !!meta.replayed, forced: !!meta.forced });

  if (verdict.kind === 'handoff') return { kind: 'by_person', step: await handOff(ctx, verdict.reason, pageUrl, { index, action, line, meta }) };

  let irreversible = false;
  if (verdict.kind === 'confirm') {
    // asked before the click, by the control's words: the card shows what its form holds now
    const answer = await askPerson(ctx, action, judged, verdict, judged ? formSends(judged, pageUrl) : undefined);
    if (answer === 'refuse') return refused(ctx, index, `the person refused \`${actionLine(action)}\``, verdict.irreversible && describeAction(action, judged, pageUrl));
    irreversible = verdict.irreversible;
  }

  // The executor checks the element still matches the facts just judged, and cancels input that
  // lands elsewhere: what runs is what the gate (or the person) saw.
  // allowed at once, the input goes where the page aimed as it described the element; after a question, the page looks again
  const held = requestsHeld ? requestDecider(ctx, action, judged, verdict.kind === 'confirm') : undefined;
  const result: ActionResult = isTabAction(toRun) ? await runTabAction(ctx, toRun) : await ctx.ports.browser.act(toRun, judged?.facts, (verdict.kind === 'allow' && aimed) || undefined, held?.decide);
  if (!result.ok && held?.refused()) return refused(ctx, index, `the person did not allow what \`${actionLine(action)}\` sends: ${result.message}`, held.refusedIrreversible() && describeAction(action, judged, pageUrl));
  if (!result.ok) {
    const reason = `${result.code}: ${result.message}`;
    ctx.emit({ type: 'observation', step: index, ok: false, error: { code: result.code, message: result.message }, summary: reason });
    await ctx.save();
    return { kind: 'rejected', reason: `\`${actionLine(action)}\` could not run (${reason})` };
  }
  const check = await typedCheck(ctx, toRun, element, result, toRun !== action);
  if (check?.kind === 'empty') return notTaken(ctx, index, action, element);
  if (check?.kind === 'shows') result.change.summary = [result.change.summary, `the field now shows "${ctx.secrets.hide(check.value)}"`].filter(Boolean).join('; ');
  const step = record(ctx, index, action, line, meta, { ok: true, irreversible, change: result.change });
  const summary = ctx.secrets.hide(result.change.summary || result.change.kind);
  const title = result.change.title ? { title: ctx.secrets.hide(result.change.title) } : {};
  ctx.emit({ type: 'observation', step: index, ok: true, change: { ...withoutFileTexts(result.change), summary: ctx.secrets.hide(result.change.summary), ...title }, summary });
  // a value the page cut to its length: the step says so, rather than a tick
  if (check?.kind === 'shows') cutAtTyping(ctx, step, check.value);
  await ctx.save();
  // a navigation the person said yes to (a typed address, a link off the site): they want the run there
  if (verdict.kind === 'confirm' && verdict.category === 'navigation' && result.change.kind === 'navigation') visited(ctx, result.change.url);
  const leftSite = await landedOffSite(ctx, action, result.change.kind === 'navigation' ? result.change.url : '');
  if (leftSite) return leftSite;
  return { kind: 'ran', step };
}

/**
 * The person types their secret themselves while the run waits; the step records that they did,
 * without the model's text.
 */
async function handOff(ctx: Ctx, gateReason: string, pageUrl: string, at: { index: number; action: BrowserAction | TabAction; line: string; meta: StepMeta }): Promise<StepRecord> {
  // they must see which site they are typing it into
  const host = hostOf(pageUrl) ?? pageUrl;
  const reason = `${gateReason}. You are on ${host}: check it is the site you expect.`;
  ctx.emit({ type: 'handoff', phase: 'started', reason });
  ctx.run.status = 'waiting';
  await ctx.save();
  await ctx.ports.user.handoff(reason);
  ctx.run.status = 'running';
  ctx.emit({ type: 'handoff', phase: 'finished', reason });
  // The model's text is dropped: only the person's own typing reaches a secret field.
  const redacted: AgentAction = at.action.kind === 'type' ? { ...at.action, text: '' } : at.action;
  return record(ctx, at.index, redacted, at.line, at.meta, { ok: true, byPerson: true });
}

/**
 * A placeholder for the person's secret becomes the real value only here, and only for a field the
 * page model marks secret; the action the model wrote (placeholders) is what is shown and stored.
 * Only on a site the person started on or named: a secret field elsewhere (a page that sent the
 * agent to a look-alike) goes to the person, who sees where they are typing.
 */
async function fromVault(ctx: Ctx, action: BrowserAction | TabAction, element: ElementInfo | null): Promise<{ toRun: BrowserAction | TabAction; missing?: string } | { rejected: string }> {
  const placeholders = action.kind === 'type' ? SecretVault.placeholdersIn(action.text) : [];
  if (action.kind !== 'type' || !placeholders.length) return { toRun: action };
  if (!element?.secret) return { rejected: `${placeholders.join(', ')} stands for the person's secret and is typed only into a field the page marks as secret (value=(filled) or value=(empty))` };
  const host = hostOf(await ctx.ports.browser.url());
  // the person's secret goes only to the sites of their task: elsewhere they type it, told why
  const given = placeholders.map((p) => p.slice(1, -1).replace(/ \d+$/, '')).join(' and ');
  if (!host || !hostAllowed(host, ctx.run.allowedHosts)) return { toRun: action, missing: `your ${given} is typed for you only on the sites this task works on, and this page is not on one of them: type it yourself if it belongs here` };
  const real = ctx.secrets.reveal(action.text);
  if (real !== null) return { toRun: { ...action, text: real } };
  // the model named a value the person never gave, or one lost with the browser's session: the
  // person types it, told why they are asked for it
  const names = placeholders.filter((p) => ctx.secrets.reveal(p) === null).map((p) => p.slice(1, -1));
  return { toRun: action, missing: `I don't have your ${names.join(' and ')} for this task (it was not given in this chat, or was forgotten when the browser closed)` };
}

/**
 * The action's element, as the gate will judge it: aimed at and described by the page in one look
 * where the browser can (trusted input), otherwise described. Null for an action with no element.
 */
async function lookAt(ctx: Ctx, action: BrowserAction | TabAction, id: number | undefined): Promise<{ element: ElementInfo | null; aimed: AimedTarget | null }> {
  if (id === undefined) return { element: null, aimed: null };
  const aimed = isTabAction(action) || !ctx.ports.browser.aim ? null : await ctx.ports.browser.aim(action).catch(() => null);
  return { element: aimed?.info ?? (await describeOnCurrentPage(ctx, id)), aimed };
}

/**
 * A redirect, a script or a pop-under can take the tab to a site the gate never judged (the link
 * was on the task's site). Before anything else happens there, the person says whether to go on;
 * if not, the tab goes back.
 */
async function landedOffSite(ctx: Ctx, action: BrowserAction | TabAction, url: string): Promise<ExecOutcome | null> {
  const host = url ? hostOf(url) : null;
  if (!host || action.kind === 'navigate' || action.kind === 'open_tab' || hostAllowed(host, ctx.run.allowedHosts)) return null;
  const verdict = { kind: 'confirm' as const, category: 'navigation' as const, irreversible: false, reason: `the page took the tab to ${host}, a site not named in the task`, approvalKey: `navigation:${siteOf(host)}` };
  if (ctx.run.approvals.includes(verdict.approvalKey)) return null;
  const answer = await askPerson(ctx, { kind: 'navigate', url }, null, verdict);
  if (answer !== 'refuse') return (visited(ctx, url), null);
  await ctx.ports.browser.act({ kind: 'back' });
  // a page that replaced itself on the way (location.replace) leaves nothing of the task's site to go
  // back to: the tab goes to where the task started rather than stay on a blank page or the other site
  const now = hostOf(await ctx.ports.browser.url().catch(() => ''));
  const start = hostOf(ctx.run.startUrl);
  if ((!now || !hostAllowed(now, ctx.run.allowedHosts)) && start && hostAllowed(start, ctx.run.allowedHosts)) await ctx.ports.browser.act({ kind: 'navigate', url: ctx.run.startUrl });
  return { kind: 'refused', reason: `the page went on to ${host}, a site not named in the task, and the person did not want to continue there, so the tab went back` };
}

/** Typing that left the field empty did not happen, whatever the input did: the model is told, and the timeline says so. */
async function notTaken(ctx: Ctx, index: number, action: BrowserAction | TabAction, element: ElementInfo | null): Promise<ExecOutcome> {
  const message = `the field${element?.name ? ` "${element.name}"` : ''} is still empty after typing: the page did not take the text`;
  ctx.emit({ type: 'observation', step: index, ok: false, error: { code: 'not_editable', message }, summary: message });
  await ctx.save();
  return { kind: 'rejected', reason: `\`${actionLine(action)}\` could not run (not_editable: ${message})` };
}

/**
 * An action the person refused. A payment, a send, a deletion or an account change they refused
 * (`irreversible`: what was asked, in words) ends the run there: the task cannot be done the way
 * the person asked without it, and "another way" to pay or send is not what they want.
 */
async function refused(ctx: Ctx, index: number, reason: string, irreversible: string | false = false): Promise<ExecOutcome> {
  ctx.emit({ type: 'observation', step: index, ok: false, error: { code: 'refused', message: reason }, summary: reason });
  await ctx.save();
  if (irreversible) {
    ctx.control.stop(`${REFUSED_STOP}${ctx.secrets.hide(irreversible)}, so nothing more was done`);
    ctx.control.throwIfStopped();
  }
  return { kind: 'refused', reason };
}

/**
 * The tab may have left the task's sites since the run last read it (a page that redirects itself a
 * while after loading): nothing is done there before the person says so.
 */
async function movedOffSite(ctx: Ctx, action: BrowserAction | TabAction, pageUrl: string, aimed: boolean): Promise<ExecOutcome | null> {
  if (isTabAction(action) || !movedSince(ctx, pageUrl)) return null;
  const moved = await landedOffSite(ctx, action, pageUrl);
  if (moved && aimed) await ctx.ports.browser.release?.();
  return moved;
}

/**
 * The tab is on a site the task does not name and the person has not said yes to being on (a
 * page that sent itself there a while after loading, after the run last looked).
 */
function movedSince(ctx: Ctx, url: string): boolean {
  const host = hostOf(url);
  if (!host || hostAllowed(host, ctx.run.allowedHosts)) return false;
  const site = siteOf(host);
  return !ctx.run.approvals.includes(`navigation:${site}`) && !ctx.run.approvals.includes(`${VISIT}${site}`);
}

/** Marks a site the person said yes to being on (once): the check before each action lets the run act there. */
const VISIT = 'visit:';
function visited(ctx: Ctx, url: string): void {
  const host = url ? hostOf(url) : null;
  const key = host ? `${VISIT}${siteOf(host)}` : '';
  if (key && !ctx.run.approvals.includes(key)) ctx.run.approvals.push(key);
}

/** A tab opened on a link's address is judged as the click on that link would be; any other address is refused. */
function linkFollowed(action: BrowserAction | TabAction, link: ElementInfo): { kind: 'link'; click: AgentAction } | { kind: 'rejected'; reason: string } {
  if (action.kind !== 'open_tab' || link.href !== action.url) return { kind: 'rejected', reason: `the tab would not open the address of ${link.line}` };
  return { kind: 'link', click: { kind: 'click', id: link.id, button: 'left', modifiers: [] } };
}

/**
 * The action as the timeline may show it: text typed into a secret field is hidden unless it is
 * only placeholders, and a known secret value anywhere else is replaced by its placeholder.
 */
function shownAction(ctx: Ctx, action: BrowserAction | TabAction, element: ElementInfo | null): AgentAction {
  if (action.kind !== 'type') return action;
  const onlyPlaceholders = action.text.replace(PLACEHOLDER, '').trim() === '';
  if (element?.secret && !onlyPlaceholders) return { ...action, text: HIDDEN };
  return { ...action, text: ctx.secrets.hide(action.text) };
}

const HIDDEN = '(hidden)';
const ALLOW: GateVerdict = { kind: 'allow' };

/**
 * The element a key pressed without an id goes to: the one with the focus now, as the page says;
 * for a browser that cannot say, the element the trial's last step acted on, if that step left
 * the page in place (so it likely has the focus).
 */
async function focusedElement(ctx: Ctx): Promise<ElementInfo | null> {
  if (ctx.ports.browser.describeFocused) return ctx.ports.browser.describeFocused();
  const last = currentTrial(ctx.run).steps.at(-1);
  if (!last || !('id' in last.action) || last.action.id === undefined || last.change?.kind === 'navigation') return null;
  return ctx.ports.browser.describe(last.action.id);
}

/** The start page and the addresses the person wrote in this chat: the only URLs a typed navigation opens unasked. */
function knownUrls(ctx: Ctx): string[] {
  const said = [...ctx.run.history.filter((t) => t.role === 'user').map((t) => t.content), ctx.run.task].join('\n');
  return [ctx.run.startUrl, ...urlsNamedIn(said)];
}

function record(
  ctx: Ctx,
  index: number,
  action: AgentAction,
  line: string,
  meta: StepMeta,
  extra: Partial<StepRecord> & { ok: boolean },
): StepRecord {
  const step: StepRecord = {
    index,
    action,
    line,
    planNo: meta.planNo,
    planIndex: meta.planIndex,
    policy: meta.policy,
    thought: meta.thought,
    irreversible: false,
    byPerson: false,
    replayed: !!meta.replayed,
    forced: !!meta.forced,
    ...extra,
  };
  currentTrial(ctx.run).steps.push(step);
  ctx.run.stepsTaken += 1;
  return step;
}

function missingElement(action: BrowserAction | TabAction): string {
  if (action.kind === 'click_at') return `nothing on the page is at ${action.x},${action.y} (or this browser cannot click at a point)`;
  return `there is no element with id ${'id' in action ? action.id : '?'} on the page any more`;
}
