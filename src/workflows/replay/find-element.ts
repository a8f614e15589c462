import type { Fingerprint } from '../../shared/fingerprint';
import type { ElementInfo } from '../../shared/page';
import type { WorkflowStep } from '../../shared/workflow';
import { resolveForeign } from '../chrome-recorder/replay';
import { secretAtRun } from './secret-at-run';
import { bestStrategy, typesSecret } from './actions';
import { fitsStep, modelPick, type ModelPick } from './model-pick';
import type { AimAsk, Guess, Resolution, TimedAim } from './ports';
import { cap, type ReplayRun, type StepOutcome } from './run';
import type { ReplayLogEntry } from './state';
import { resolveWithin } from './waits';
import { NOT_FOUND_ADVICE, notFoundInWords, offeredNames } from './step-words';

/** The element a step acts on, and how it was found. */
export interface Found {
  id: number;
  tag: string;
  line: string;
  name: string;
  strategy: ReplayLogEntry['strategy'];
  /** found another way than the recorded fingerprint's best (a repair, offered or written back) */
  healed: boolean;
  /** the model's pick carries another name, or the resolver's guess is unsure: the person decides */
  renamed: boolean;
  /** the resolver's first-ranked guess, put to the person before any model call */
  guessed?: boolean;
  /** an imported step found by its file's selectors, not yet by a fingerprint of ours */
  foreign: boolean;
  /** the element's facts, read by the page in the same look that found it (absent for a model's pick) */
  info?: ElementInfo;
  /** its full fingerprint, when the page sent one with the match (found by a file's selectors) */
  fingerprint?: Fingerprint;
  /** the look also aimed at it for the step's action (LookAim): the act needs no aim of its own */
  aim?: TimedAim;
}

/**
 * Finds a step's element: an imported step on its file's selectors until it has learned a
 * fingerprint, any other on its fingerprint; then, failing that, one model call. An outcome
 * instead of an element when the step must stop and ask. `first`: the first look, already sent
 * (./step.ts); `aim`: each look that finds the element also aims at it for the action.
 */
export async function findElement(run: ReplayRun, step: WorkflowStep, index: number, waitMs: number, first?: Promise<Resolution | undefined>, aim?: AimAsk): Promise<Found | StepOutcome> {
  const { ports, opts } = run;
  const { page } = ports;
  const clock = { now: ports.now, sleep: ports.sleep };
  const onSelectors = !!step.recorder?.selectors.length && !step.recorder.learned;
  let found = onSelectors ? await resolveForeign(page, step, clock, opts, first, aim) : await resolveWithin(run, step, waitMs, first, aim);
  // a learned fingerprint that no longer agrees falls back to the file's selectors before healing
  if (!found.ok && !onSelectors && step.recorder?.selectors.length && page.resolveSelectors) {
    // one look: the fingerprint's resolution already waited for the page
    const again = await page.resolveSelectors(step.recorder.selectors, step.recorder.frame, aim);
    if (again.ok) found = again;
  }
  const foreign = found.ok && !!step.recorder?.selectors.length && (onSelectors || found.strategy !== bestStrategy(step.target!));
  // a password field nobody could tell from the file or the recording: its value is a secret from now on
  if (found.ok) await secretAtRun(run, step, found);
  found = secretAgreement(run, step, found);
  if (found.ok) {
    const { id, tag, line, strategy, name, info, fingerprint, aim: aimed } = found;
    return { id, tag, line, strategy, name, healed: !foreign && strategy !== bestStrategy(step.target!), renamed: false, foreign, info, fingerprint, aim: aimed };
  }
  const why = `could not find the recorded element with certainty (${found.message})`;
  if (step.action.kind === 'wait') return { status: 'asked', message: `Waited ${waitMs / 1000} s: ${why}.` };
  // a file's selectors that contradict each other are the person's to judge, not a model's
  if (onSelectors && found.reason === 'disagree') return { status: 'asked', message: `${cap(why)}.`, advice: 'Check the page, then retry the step, skip it, or stop.' };
  // a step asked about after healing runs again once allowed: the same repair (or guess), no second call or question
  const hit = run.state.healHit?.index === index ? run.state.healHit : undefined;
  const reused = hit && (await page.describe(hit.id)) ? ({ ok: true, ...hit, renamed: hit.renamed ?? false } as const) : null;
  const guess = reused ? null : await personsGuess(run, step, index, found, onSelectors);
  if (guess === 'none left') return { status: 'asked', message: await notFound(run, step, index, `${why}; you said none of the elements shown is it`), advice: NOT_FOUND_ADVICE };
  const h: Picked | Extract<ModelPick, { ok: false }> = reused ?? guess ?? (await modelPick(run, step, why));
  if (!h.ok) return { status: 'asked', message: await notFound(run, step, index, h.message), advice: NOT_FOUND_ADVICE };
  run.state.healHit = { index, id: h.id, tag: h.tag, line: h.line, name: h.name, renamed: h.renamed, ...(h.guessed ? { guessed: true } : {}) };
  return { id: h.id, tag: h.tag, line: h.line, name: h.name, strategy: h.guessed ? 'position' : 'model', healed: true, renamed: h.renamed ?? false, guessed: !!h.guessed, foreign: false };
}

/** A model's pick or the resolver's guess, as the step uses it. */
type Picked = Extract<ModelPick, { ok: true }> & { guessed?: boolean };

/**
 * The resolver's best guess for a step it will not act on alone, put to the person before any model
 * call ("Is this 'Log in'? It was 'Sign in'"), the guess marked in the page; after "Pick another"
 * the next of its best that the person has not turned down ('none left' when they turned down all).
 * An imported step whose file's selectors found nothing asks its fingerprint (made from those
 * selectors) for one. Not for a run nobody watches that may ask the model (a schedule): that one
 * heals first. Only a guess that fits the step as a model's pick must (its role, a secret only for
 * a secret).
 */
async function personsGuess(run: ReplayRun, step: WorkflowStep, index: number, found: Extract<Resolution, { ok: false }>, onSelectors: boolean): Promise<Picked | 'none left' | null> {
  if (run.state.unattended && run.ports.llm) return null;
  // a file's selectors that say nothing of the element (a bare class, a position) give no fingerprint to guess from
  const r = onSelectors ? (step.target && saysWhatItIs(step.target) ? await run.ports.page.resolve(step.target).catch(() => found) : found) : found;
  const offered = r.ok ? [r] : [r.guess, ...(r.others ?? [])].filter((g): g is Guess => !!g);
  const turnedDown = run.state.notThese?.index === index ? run.state.notThese.ids : [];
  const g = offered.find((o) => !turnedDown.includes(o.id) && fitsStep(run, step, o));
  if (!g) return turnedDown.length ? 'none left' : null;
  return { ok: true, id: g.id, tag: g.tag, line: g.line, name: g.name, renamed: true, guessed: true };
}

/** Whether a fingerprint names its element (words, an id, a test id, a field name, an address), not only where it was. */
function saysWhatItIs(fp: NonNullable<WorkflowStep['target']>): boolean {
  return !!(fp.name || fp.text || fp.label || fp.placeholder || fp.testId || fp.domId || fp.nameAttr || fp.href);
}

/** Typed elsewhere, a secret would show in the page, later page models and the replay log. */
function secretAgreement(run: ReplayRun, step: WorkflowStep, found: Resolution): Resolution {
  if (!found.ok || step.action.kind !== 'type' || !!found.secret === typesSecret(step, run.secretNames)) return found;
  return { ok: false, reason: 'disagree', message: found.secret ? 'the field found is a secret field, but the step types no secret' : 'the step types a secret, but the field found is not a secret field' };
}

/** The question when the step's element is gone: what was looked for and what the page shows instead (one more look; the replay stops here anyway). */
async function notFound(run: ReplayRun, step: WorkflowStep, index: number, why: string): Promise<string> {
  const text = await run.ports.page.snapshot().then(
    (s) => s.text,
    () => '',
  );
  return notFoundInWords(step, index, offeredNames(text, step), `${why}.`);
}

export const isFound = (x: Found | StepOutcome): x is Found => !('status' in x);
