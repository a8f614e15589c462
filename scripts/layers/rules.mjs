/**
 * Which folder may import what: the one place the layers are written down, checked by
 * `npm run lint` (scripts/layers/check.mjs). A file may import anything in its own rule's folder,
 * in the folders of the rules above it, and what those rules list: folders or files of this
 * repository ("src/…", "prompts") and npm packages by name. Anything else is an error, and so is a
 * source file under no rule, so a new folder is placed in the layers on purpose.
 *
 * From the bottom up: shared (contracts) ← core (what several layers share) ← agent, memory,
 * workflows (pure) ← background, content, sidepanel, offscreen (the extension's contexts).
 * docs/architecture.md draws it.
 */
export const LAYERS = {
  // Contracts between contexts: zod schemas, the message registry. Imports nothing of ours.
  'src/shared': ['zod', 'tldts'],
  // Neutral and pure: prompt templates and rendering, page fences, the text action grammar, the
  // token estimate, key names, the secret-field vocabulary. Used by every layer above it.
  'src/core': ['src/shared', 'prompts', 'zod'],
  // The agent: planner, web policies (each with its own prompt file), reflection, safety gate.
  'src/agent': ['src/core', 'src/shared', 'prompts', 'zod'],
  // Exemplars from demonstrations. A label must name one of the agent's policies: their names
  // (names.ts imports nothing; registry.ts would bring every policy and the agent with them).
  'src/memory': ['src/core', 'src/shared', 'src/agent/policies/names.ts', 'zod', 'tldts'],
  // Workflow format, Chrome Recorder import and export, the replay engine. Replay asks the
  // agent's safety gate and judges held requests by their effects, so a replayed step is judged
  // like the agent's own action. The whole safety folder: the gate is made of its other files, and
  // the folder imports only core and shared (INSIDE keeps it at the agent's bottom level).
  'src/workflows': ['src/core', 'src/shared', 'src/agent/safety', 'prompts', 'zod'],
  // Typed messaging between contexts.
  'src/platform': ['src/shared'],
  // The one Dexie schema, and the only folder that imports Dexie (the worker and the panel reach
  // it through db.ts; the panel's useLiveQuery hook aside); its upgrade reduces stored demonstrations as memory does (reduce.ts,
  // and the page abstraction it is made of).
  'src/storage': ['src/shared', 'src/memory/reduce.ts', 'src/memory/abstract.ts', 'dexie'],
  // The service worker: wires the pure layers to Chrome. Never content-script or panel code.
  'src/background': [
    'src/core', 'src/shared', 'src/agent', 'src/memory', 'src/workflows', 'src/platform', 'src/storage',
    'prompts', 'zod', '@anthropic-ai/sdk', 'openai',
  ],
  // The content script: page model, executor, recorder, replay resolver (which reuses the
  // workflows' pure matching rules).
  'src/content': ['src/core', 'src/shared', 'src/platform', 'src/workflows', 'zod', 'gpt-tokenizer'],
  // The embedding model, kept out of the worker's bundle.
  'src/offscreen': ['src/shared', 'src/platform', '@xenova/transformers'],
  // The side panel: React views over IndexedDB and messages; never a provider client or a key.
  'src/sidepanel': ['src/shared', 'src/platform', 'src/storage', 'src/workflows', 'zod', 'react', 'react-dom', 'dexie-react-hooks'],
};

/**
 * Direction inside a folder: its files in levels, bottom first. A file belongs to the part (folder
 * or file) of the longest path that holds it, and may import parts of its own level and the levels
 * below, never above; on a level marked `apart`, each part may not import the others. The folder
 * itself is the top level, so a file no part names can import anything of the folder and nothing
 * below can import it until it is placed. Type imports count: a type names a module's shape as
 * surely as a value does, and a type import upward is how a circle starts.
 */
export const INSIDE = {
  'src/agent': [
    // The run's types and state. ctx.ts names the run for every part and must import only these
    // leaves, which keeps the folder free of import circles; the safety judgments need nothing of
    // the run. tabs/state.ts and each-progress.ts are schemas RunState is made of.
    { parts: [
      'src/agent/config.ts', 'src/agent/control.ts', 'src/agent/follow-up-queue.ts', 'src/agent/ports.ts',
      'src/agent/run-state.ts', 'src/agent/ctx.ts', 'src/agent/safety', 'src/agent/tabs/state.ts',
      'src/agent/policies/each-progress.ts',
    ] },
    // What a step calls: the model, its output schemas, tabs, screenshots, examples, follow-ups, and
    // the reflection's notes the loop reads (memory.ts, status.ts).
    { parts: [
      'src/agent/model', 'src/agent/output', 'src/agent/vision', 'src/agent/tabs', 'src/agent/exemplars.ts',
      'src/agent/follow-ups.ts', 'src/agent/page-waits.ts', 'src/agent/reflection/memory.ts',
      'src/agent/reflection/status.ts',
    ] },
    // One action's way through the page and the model: look, act (gate, question, request hold),
    // describe, ask again until the answer is usable. These are what a policy is built from, so
    // they sit below the policies though they live in loop/.
    { parts: [
      'src/agent/loop/observe.ts', 'src/agent/loop/execute.ts', 'src/agent/loop/describe.ts',
      'src/agent/loop/repair.ts', 'src/agent/loop/ask-person.ts', 'src/agent/loop/request-hold.ts',
      'src/agent/loop/plan-approval.ts', 'src/agent/loop/typed-check.ts', 'src/agent/loop/downloaded.ts',
      'src/agent/loop/refusals.ts', 'src/agent/loop/fields-check.ts',
    ] },
    // The policies, the reflection after a trial and the loop that runs policies (decide, planner,
    // policy-runner, trial, replay), kept apart: the loop runs whatever ctx.policies holds and names
    // no policy, and a policy is made of steps, never of the loop that runs it.
    { parts: ['src/agent/policies', 'src/agent/reflection', 'src/agent/loop'], apart: true },
    // What builds and ends a run (agent.ts, context.ts, lifecycle.ts) and the package's face.
    { parts: ['src/agent'] },
  ],
  'src/background': [
    // Chrome and provider plumbing, which knows no kind of run: messaging, settings, the browser
    // session, the executor (trusted input, request holds) and its screenshots, provider clients,
    // sealed secrets, the offscreen document's client.
    { parts: [
      'src/background/rpc.ts', 'src/background/event-hub.ts', 'src/background/settings-store.ts', 'src/background/settings-verdict.ts',
      'src/background/browser-session.ts', 'src/background/handlers.ts', 'src/background/executor',
      'src/background/vision', 'src/background/providers', 'src/background/secrets', 'src/background/offscreen',
    ] },
    // What every kind of run shares: the host (Stop, resume after a restart) and the run's event
    // sink, overlay presence and keep-alive, which live in agent/ but a replay uses them as well.
    { parts: [
      'src/background/runs', 'src/background/agent/event-sink.ts', 'src/background/agent/presence.ts',
      'src/background/agent/keepalive.ts',
    ] },
    // Demonstrations and examples: recordings save into it, the agent reads it through a port.
    { parts: ['src/background/memory'] },
    // The two kinds of run, apart: each is a RunKind the host runs, and neither reaches into the
    // other's runner.
    { parts: ['src/background/agent', 'src/background/workflows'], apart: true },
    // What starts or feeds runs: a schedule starts a replay; a recording becomes a demonstration
    // and a workflow; an app on this computer (MCP) starts replays and reads its tabs.
    { parts: ['src/background/schedules', 'src/background/recording', 'src/background/apps'], apart: true },
    // The wiring: main.ts and each folder's handler map, which answers the messages about it and
    // may reach any part (deleting a workflow removes its schedules; a chat may start a workflow).
    { parts: [
      'src/background', 'src/background/agent/handlers.ts', 'src/background/workflows/handlers.ts',
      'src/background/schedules/handlers.ts', 'src/background/memory/handlers.ts',
      'src/background/recording/handlers.ts',
    ] },
  ],
  'src/content': [
    // The page model reads the page and acts on nothing; every other part builds on it.
    { parts: ['src/content/page-model', 'src/content/handlers.ts', 'src/content/tokenizer.ts', 'src/content/load-tokenizer.ts'] },
    // What the person sees of the co-pilot on the page.
    { parts: ['src/content/overlay'] },
    // The executor acts on elements the page model names.
    { parts: ['src/content/executor'] },
    // An element's fingerprint (for recording and replay) and the screenshot's layout and point
    // lookup (on the executor's geometry and checks).
    { parts: ['src/content/fingerprint', 'src/content/vision'] },
    // Recording and replaying, apart: they share only what lies below them, so a change to how a
    // step is recorded cannot break how one is found again, or the other way round.
    { parts: ['src/content/recorder', 'src/content/replay'], apart: true },
    // The wiring: main.ts, the page's message handlers and the page tools.
    { parts: ['src/content'] },
  ],
};

/**
 * Imports that break a rule above today, each with why it is still there and what ends it. The
 * check fails when one no longer happens, so the list only shrinks. `via` marks an import that an
 * allowance lets through to that layer (an allowance must not open the rest of a folder).
 */
export const KNOWN = [];
