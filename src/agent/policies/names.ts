/*
 * The web policies' names, and nothing else: what memory checks a demonstration's labels against
 * without importing the policies (registry.ts imports every one, and through them the agent).
 * Imports nothing. A new policy's name goes here as well as its module into registry.ts; a unit
 * test keeps the two lists the same.
 */

/** Every policy of the default registry, by the name the planner writes. */
export const POLICY_NAMES: readonly string[] = [
  'FILL_TEXT', 'CHOOSE_DATE', 'SELECT', 'CLICK', 'CHECK', 'SEARCH_AND_OPEN', 'ACT', 'EXTRACT', 'EACH', 'CLICK_AT', 'UPLOAD_FILE',
];

/** "fill text", "Fill-Text" and "FILL_TEXT" all name the same policy. */
export function normalizePolicyName(name: string): string {
  return name.trim().toUpperCase().replace(/[\s-]+/g, '_').replace(/\(\)$/, '');
}
