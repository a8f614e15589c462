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
  // Exemplars from demonstrations. A label must name one of the agent's policies.
  'src/memory': ['src/core', 'src/shared', 'src/agent/policies/registry.ts', 'zod', 'tldts'],
  // Workflow format, Chrome Recorder import and export, the replay engine. Replay asks the
  // agent's safety gate, so a replayed step is judged like the agent's own action.
  'src/workflows': ['src/core', 'src/shared', 'src/agent/safety/gate.ts', 'src/agent/safety/effects.ts', 'prompts', 'zod'],
  // Typed messaging between contexts.
  'src/platform': ['src/shared'],
  // The one Dexie schema; its upgrade reduces stored demonstrations as memory does.
  'src/storage': ['src/shared', 'src/memory/reduce.ts', 'dexie'],
  // The service worker: wires the pure layers to Chrome. Never content-script or panel code.
  'src/background': [
    'src/core', 'src/shared', 'src/agent', 'src/memory', 'src/workflows', 'src/platform', 'src/storage',
    'prompts', 'zod', '@anthropic-ai/sdk', 'openai', 'dexie',
  ],
  // The content script: page model, executor, recorder, replay resolver (which reuses the
  // workflows' pure matching rules).
  'src/content': ['src/core', 'src/shared', 'src/platform', 'src/workflows', 'zod', 'gpt-tokenizer'],
  // The embedding model, kept out of the worker's bundle.
  'src/offscreen': ['src/shared', 'src/platform', '@xenova/transformers'],
  // The side panel: React views over IndexedDB and messages; never a provider client or a key.
  'src/sidepanel': ['src/shared', 'src/platform', 'src/storage', 'src/workflows', 'zod', 'react', 'react-dom', 'dexie', 'dexie-react-hooks'],
};
