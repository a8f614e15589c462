// In-memory scenario store. Each scenario carries its seeded data, mutable state (bookings,
// mailbox, ...) and the events its pages reported; scorers read only this, never the DOM.
import { randomBytes } from 'node:crypto';

// Benchmarks create many scenarios; keep memory bounded by forgetting the oldest.
const MAX_SCENARIOS = 5000;

export function createStore() {
  const scenarios = new Map();
  return {
    create({ task, seed, layout, text, data, state = {} }) {
      const id = randomBytes(6).toString('hex');
      const scenario = { id, task, seed, layout, text, data, state, events: [], created: Date.now() };
      scenarios.set(id, scenario);
      if (scenarios.size > MAX_SCENARIOS) scenarios.delete(scenarios.keys().next().value);
      return scenario;
    },
    get(id) {
      return id ? scenarios.get(id) : undefined;
    },
  };
}

/** Append what the person did; `at` lets scorers reason about order. */
export function record(scenario, type, data = {}) {
  scenario.events.push({ type, ...data, at: scenario.events.length });
}

export const eventsOf = (scenario, type) => scenario.events.filter((e) => e.type === type);
