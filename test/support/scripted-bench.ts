// The agent core in Node against a real page: the service worker's executor over a Playwright
// PagePort (page-tools injected into every document), the scripted model in process, and an
// automatic person. bench/agent.mjs bundles this file and runs each task staged and one action
// per call; nothing here is used by the extension.
import type { CDPSession, Page } from 'playwright-core';
import { countTokens as strictCount } from 'gpt-tokenizer/encoding/o200k_base';

// a page may contain special-token text (<|endoftext|>): a provider counts it as plain text
const countTokens = (text: string) => strictCount(text, { disallowedSpecial: new Set() });
import { createAgent } from '../../src/agent';
import type { RunState } from '../../src/agent/run-state';
import { tabBrowserOver } from '../../src/background/executor/tab-browser';
import { endHold, playwrightPort } from './playwright-port';
import type { LlmClient } from '../../src/shared/llm';
import { elementsOf, isPlanner, isPolicy, pageOf, type ModelInput, type PageElement } from './model-reading';
import { itemsOf, plan, policyAnswer } from './scripted-web-model';

type Step = { policy: string; target: string; value?: string };

const labelOn = (els: PageElement[], words: string[], accept: (e: PageElement) => boolean = (e) => e.type !== 'radio') => {
  const hit = words.find((w) => els.some((e) => accept(e) && e.label.toLowerCase() === w.toLowerCase()));
  if (!hit) throw new Error(`none of ${words.join(', ')} on the page`);
  return hit;
};
const buttonOn = (els: PageElement[], words: string[]) => els.find((e) => e.tag === 'button' && words.includes(e.text))?.text;

/** Per task: the plan a planner reading the task and the page would write for the form's screen. */
export const PLANNERS: Record<string, (task: string, els: PageElement[]) => Step[] | null> = {
  checkboxes(task, els) {
    const submit = buttonOn(els, ['Add to order', 'Add pizza', 'Continue']);
    const wanted = /Add (.*?) as toppings/.exec(task)![1]!;
    return submit ? [{ policy: 'CHECK', target: 'Toppings', value: wanted }, { policy: 'CLICK', target: submit }] : null;
  },
  radio(task, els) {
    const submit = buttonOn(els, ['Continue to checkout', 'Continue', 'Next step']);
    return submit ? [{ policy: 'CHECK', target: 'Delivery method', value: /Choose "(.+?)"/.exec(task)![1]! }, { policy: 'CLICK', target: submit }] : null;
  },
  'select-native'(task, els) {
    const submit = els.filter((e) => e.tag === 'button').at(-1)?.text;
    if (!els.some((e) => e.tag === 'select')) return null;
    return [{ policy: 'SELECT', target: labelOn(els, ['Country', 'Country / region', 'Country of residence']), value: /country to (.+?) and save/.exec(task)![1]! }, { policy: 'CLICK', target: submit! }];
  },
  'shadow-form'(task, els) {
    const submit = buttonOn(els, ['Subscribe', 'Sign me up', 'Join']);
    const [, name, email, freq] = /as (.+?) \((\S+)\) with (\w+) emails/.exec(task)!;
    return submit
      ? [
          { policy: 'FILL_TEXT', target: labelOn(els, ['Full name', 'Name', 'Your name']), value: name! },
          { policy: 'FILL_TEXT', target: labelOn(els, ['Email', 'Email address', 'Your email']), value: email! },
          { policy: 'SELECT', target: labelOn(els, ['How often?', 'Frequency', 'Email frequency']), value: freq![0]!.toUpperCase() + freq!.slice(1) },
          { policy: 'CLICK', target: submit },
        ]
      : null;
  },
  'iframe-form'(task, els) {
    const submit = buttonOn(els, ['Send request', 'Send', 'Submit']);
    const [, name, topic, message] = /as (.+?), topic "(.+?)", with the message "(.+?)"/.exec(task)!;
    return submit
      ? [
          { policy: 'FILL_TEXT', target: labelOn(els, ['Your name', 'Name', 'Full name']), value: name! },
          { policy: 'SELECT', target: labelOn(els, ['Topic', 'What is it about?', 'Category']), value: topic! },
          { policy: 'FILL_TEXT', target: labelOn(els, ['Message', 'How can we help?', 'Details']), value: message! },
          { policy: 'CLICK', target: submit },
        ]
      : null;
  },
  'airline-book'(task, els) {
    const search = buttonOn(els, ['Search flights', 'Find flights', 'Show flights']);
    const m = /one-way flight from (.+?) to (.+?) on (.+?) for/.exec(task)!;
    return search
      ? [
          { policy: 'CHECK', target: 'Trip type', value: 'One way' },
          { policy: 'FILL_TEXT', target: labelOn(els, ['From', 'Leaving from', 'Origin']), value: m[1]! },
          { policy: 'FILL_TEXT', target: labelOn(els, ['To', 'Going to', 'Destination']), value: m[2]! },
          { policy: 'CHOOSE_DATE', target: labelOn(els, ['Departure date', 'Depart', 'Outbound date']), value: m[3]! },
          { policy: 'CLICK', target: search },
        ]
      : null;
  },
};

/** The same plan as one ACT call for the whole screen: every field and the submit in one instruction. */
export function screenPlan(steps: Step[], els: PageElement[]): Step[] | null {
  const q = JSON.stringify;
  const parts: string[] = [];
  for (const st of steps) {
    if (st.policy === 'FILL_TEXT') parts.push(`type ${q(st.value)} into ${q(st.target)}`);
    else if (st.policy === 'SELECT') parts.push(`choose ${q(st.value)} in ${q(st.target)}`);
    else if (st.policy === 'CHECK') for (const item of itemsOf(st.value ?? '', els)) parts.push(`tick ${q(item)}`);
    else if (st.policy === 'CLICK') parts.push(`then click ${q(st.target)}`);
    else return null;
  }
  return [{ policy: 'ACT', target: parts.join(', ') }];
}

export interface TaskRun {
  success: boolean;
  calls: number;
  plannerCalls: number;
  policyCalls: number;
  inputTokensPerCall: number[];
  steps: number;
  ms: number;
  /** the categories of the cards the person answered, in order */
  asked: string[];
}

/** Runs one arena task from its start page with the agent core and the scripted model. */
export async function runScriptedTask(opts: { page: Page; cdp: CDPSession; taskName: string; text: string; startUrl: string; oneActionPerCall: boolean; wholeScreen?: boolean; holdRequests?: boolean }): Promise<TaskRun> {
  const { page, cdp } = opts;
  await page.goto(opts.startUrl, { waitUntil: 'load' });
  await page.waitForFunction(() => 'CopilotPageTools' in window);
  const planner = PLANNERS[opts.taskName];
  if (!planner) throw new Error(`no scripted planner for ${opts.taskName}`);
  const stats = { calls: 0, plannerCalls: 0, policyCalls: 0, inputTokensPerCall: [] as number[] };
  const answerFor = (r: ModelInput) => {
    if (isPlanner(r)) {
      const perField = planner(opts.text, elementsOf(pageOf(r)));
      const steps = perField && opts.wholeScreen ? screenPlan(perField, elementsOf(pageOf(r))) : perField;
      return steps ? plan('Fill the form on this page, then submit.', steps) : plan('The task is done.', []);
    }
    if (isPolicy(r)) return policyAnswer(r);
    throw new Error('unexpected request');
  };
  const llm: LlmClient = {
    async complete(req) {
      const input: ModelInput = { system: req.system, lastUser: [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '', toolNames: (req.tools ?? []).map((t) => t.name) };
      let answer;
      try {
        answer = answerFor(input);
      } catch (e) {
        if (process.env.DEBUG_AGENT) console.log(input.lastUser);
        throw e;
      }
      if (!('toolCalls' in answer) || !answer.toolCalls) throw new Error('scripted answers are tool calls');
      const inputTokens = countTokens(req.system + req.messages.map((m) => m.content).join('\n'));
      stats.calls += 1;
      if (isPlanner(input)) stats.plannerCalls += 1;
      else stats.policyCalls += 1;
      stats.inputTokensPerCall.push(inputTokens);
      return { text: '', toolCalls: answer.toolCalls, usage: { inputTokens, outputTokens: countTokens(JSON.stringify(answer.toolCalls)) }, model: 'scripted', stopReason: 'tool_use' };
    },
  };
  const runs = new Map<string, RunState>();
  const asked: string[] = [];
  const agent = createAgent(
    {
      llm,
      browser: tabBrowserOver(playwrightPort(page, cdp, { holdRequests: !!opts.holdRequests })),
      store: { save: async (run) => void runs.set(run.runId, structuredClone(run)), load: async (id) => runs.get(id) },
      // The person allows what the task asked for; nothing in these tasks needs a hand-off.
      user: { confirm: async (c) => (asked.push(c.category), 'once'), handoff: async () => {}, ask: async () => '' },
      emit: () => {},
    },
    { config: { oneActionPerCall: opts.oneActionPerCall, maxTrials: 1, stream: false } },
  );
  const started = Date.now();
  const outcome = await agent.start({ chatId: 'bench', task: opts.text }).done.finally(() => endHold(cdp));
  if (!outcome.success && process.env.DEBUG_AGENT) console.log(outcome);
  return { success: outcome.success, ...stats, steps: runs.get(outcome.runId)?.stepsTaken ?? 0, ms: Date.now() - started, asked };
}
