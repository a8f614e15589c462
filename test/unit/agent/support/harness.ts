import { createAgent } from '../../../../src/agent/agent';
import type { AgentConfigInput } from '../../../../src/agent/config';
import type { ExampleSource, SecretKeeper, TaskJudge } from '../../../../src/agent/ports';
import type { FakeBrowser } from './fake-browser';
import { FakeClock, FakeUser, MemoryStore, eventLog } from './fakes';
import { ScriptedLlm, type Reply } from './scripted-llm';
import { flightSite } from './flight-site';

export interface HarnessOptions {
  browser?: FakeBrowser;
  replies?: Reply[];
  config?: AgentConfigInput;
  user?: FakeUser;
  store?: MemoryStore;
  clock?: FakeClock;
  examples?: ExampleSource;
  judge?: TaskJudge;
  secrets?: SecretKeeper;
}

/** An agent over the fake flight site with a scripted model; text grammar unless told otherwise. */
export function harness(options: HarnessOptions = {}) {
  const browser = options.browser ?? flightSite();
  const llm = new ScriptedLlm(options.replies ?? []);
  const store = options.store ?? new MemoryStore();
  const user = options.user ?? new FakeUser();
  const clock = options.clock ?? new FakeClock();
  const log = eventLog();
  const ports = {
    llm,
    browser,
    store,
    user,
    clock,
    emit: log.emit,
    providerLabel: () => 'Anthropic',
    ...(options.examples ? { examples: options.examples } : {}),
    ...(options.judge ? { judge: options.judge } : {}),
    ...(options.secrets ? { secrets: options.secrets } : {}),
  };
  const agent = createAgent(ports, { config: { useTools: false, stream: false, ...options.config } });
  return { agent, llm, browser, store, user, clock, log, ports };
}
