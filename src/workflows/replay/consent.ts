import type { AgentAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import type { ConfirmCategory } from '../../shared/run-events';
import type { Workflow, WorkflowStep } from '../../shared/workflow';
import { gateAction } from '../../agent/safety/gate';
import { hostOf, sameSite } from '../../shared/site';
import { norm } from '../text';

/**
 * The replay's safety decision for one step: the agent's gate (src/agent/safety/gate.ts) on the
 * action and the element's facts read just before acting, plus the workflow's own rules, plus the
 * consent a recording carries.
 *
 * Consent: a workflow the person recorded here and starts with one click already says "do what I
 * did". So a step counts as approved by the recording when the workflow comes from the person's
 * own recording (not a file, not a Chrome Recorder import), the element was found by its recorded
 * fingerprint (no repair), its accessible name is still the recorded one, and the tab is on the
 * workflow's site; a Chrome Recorder file whose effects the person accepted at its review counts
 * as theirs the same way. That consent covers reversible questions only (a form submission, an unknown
 * button, a same-site address); an irreversible one (pay, send, delete, account changes) is asked
 * at every replay, once per step, and a repaired or imported step is asked like the agent's.
 */

export type ReplayDecision =
  | { kind: 'allow' }
  | { kind: 'confirm'; category: ConfirmCategory; irreversible: boolean; reason: string }
  | { kind: 'refuse'; reason: string };

export interface DecisionInput {
  workflow: Pick<Workflow, 'site' | 'startUrl' | 'source'>;
  step: WorkflowStep;
  /** the action about to run (values filled; a secret's value may be in it) */
  action: AgentAction;
  el: ElementInfo | null;
  /** the tab's address now */
  url: string;
  /** found by a lower strategy than the recording's best, or by the model */
  repaired: boolean;
  /** the step types a secret variable (into a field already checked to be a secret field) */
  typesSecret: boolean;
  /** reversible categories the person allowed for this replay */
  approvals: ConfirmCategory[];
  /** the tab's requests are held while the step acts (./request-hold.ts): what it sends is asked about there */
  requestsHeld?: boolean;
  /** the host of a live connection the page opened, whose frames no hold sees (gate.ts asks before a control is pressed) */
  liveConnection?: string | null;
}

export function replayDecision(d: DecisionInput): ReplayDecision {
  const { workflow: wf, action } = d;
  if (action.kind === 'navigate') {
    const host = hostOf(action.url, d.url);
    if (!host) return { kind: 'refuse', reason: `"${action.url.slice(0, 80)}" is not a web page address` };
    if (!sameSite(host, wf.site)) return unlessApproved(d, { kind: 'confirm', category: 'navigation', irreversible: false, reason: `this step leaves ${wf.site} for ${host}` });
  }
  // A secret from the Run form typed into a secret field on the workflow's own site is the step
  // the person asked for; the gate would hand it back to them, which is for values a model wrote.
  if (d.typesSecret) {
    if (!d.el?.secret) return { kind: 'refuse', reason: 'the step types a secret, but the field is not a secret field' };
    const here = hostOf(d.url);
    return here && sameSite(here, wf.site) ? { kind: 'allow' } : { kind: 'refuse', reason: `a secret is typed only on ${wf.site}` };
  }
  const verdict = gateAction(action, d.el, {
    allowedHosts: [wf.site],
    // the person approved no category for a replay in advance: every question reaches them here
    approvals: [],
    // a navigate step on the workflow's site was written by the workflow, not read from the page
    knownUrls: action.kind === 'navigate' ? [wf.startUrl, action.url] : [wf.startUrl],
    requestsHeld: !!d.requestsHeld,
    liveConnection: d.liveConnection,
    // the file chosen in the Run form is for the workflow's own host: anywhere else it is asked about
    // (only for the person's own recording or a reviewed import: another file's start address is its author's word)
    ...(action.kind === 'upload' ? { files: [{ name: action.file, type: '', size: 0, site: (wf.source.kind === 'recording' || wf.source.trusted ? hostOf(wf.startUrl) : null) ?? '' }], pageUrl: d.url } : {}),
  });
  if (verdict.kind === 'allow') return { kind: 'allow' };
  if (verdict.kind === 'handoff') return { kind: 'refuse', reason: verdict.reason };
  const irreversible = verdict.irreversible;
  if (!irreversible && recordedConsent(d)) return { kind: 'allow' };
  return unlessApproved(d, { kind: 'confirm', category: verdict.category, irreversible, reason: verdict.reason });
}

function unlessApproved(d: DecisionInput, c: Extract<ReplayDecision, { kind: 'confirm' }>): ReplayDecision {
  return !c.irreversible && d.approvals.includes(c.category) ? { kind: 'allow' } : c;
}

/**
 * The step is one the person did themselves (or one of a file whose effects they accepted at its
 * review), on this site, on the control they did it on.
 */
export function recordedConsent(d: Pick<DecisionInput, 'workflow' | 'step' | 'el' | 'url' | 'repaired'>): boolean {
  if ((d.workflow.source.kind !== 'recording' && !d.workflow.source.trusted) || d.repaired) return false;
  const here = hostOf(d.url);
  if (!here || !sameSite(here, d.workflow.site)) return false;
  const recorded = d.step.target?.name;
  if (!d.el || !recorded) return d.step.action.kind === 'navigate' || d.step.action.kind === 'press';
  return norm(d.el.name) === norm(recorded);
}

/** A key that identifies one question, so an "allow once" answers that question and no other. */
export const questionKey = (c: { category: string; reason: string }) => `${c.category}|${c.reason}`;
