// Small fetch client for tests, benchmarks and scripts.

/**
 * @param {string} baseUrl e.g. http://127.0.0.1:4173/
 * @param {string} task
 * @param {number} [seed]
 * @param {number} [layout] overrides the layout variant (0 = canonical)
 * @returns {Promise<{id: string, task: string, text: string, startUrl: string, seed: number, layout: number}>}
 */
export async function createScenario(baseUrl, task, seed = 0, layout) {
  const url = new URL('/api/scenario', baseUrl);
  url.searchParams.set('task', task);
  url.searchParams.set('seed', String(seed));
  if (layout !== undefined && layout !== null) url.searchParams.set('layout', String(layout));
  const res = await fetch(url);
  if (!res.ok) throw new Error(`createScenario ${task}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * @param {string} baseUrl
 * @param {string} scenarioId
 * @returns {Promise<{success: 0|1, progress: number, reason: string}>}
 */
export async function score(baseUrl, scenarioId) {
  const url = new URL('/api/score', baseUrl);
  url.searchParams.set('scenario', scenarioId);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`score ${scenarioId}: HTTP ${res.status} ${await res.text()}`);
  return res.json();
}

/** @param {string} baseUrl */
export async function listTasks(baseUrl) {
  const res = await fetch(new URL('/api/tasks', baseUrl));
  return res.json();
}
