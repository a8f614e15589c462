import { useSyncExternalStore } from 'react';
import { panelValue } from '../../../panel-value';

/**
 * "Show details" for developers: every step opens with its raw model text, element lines, page
 * changes and token counts. A preference of this panel only, so it lives in the panel's own storage.
 */
const stored = panelValue('copilot.showDetails');
const read = () => stored.raw() === '1';

export function setShowDetails(on: boolean): void {
  stored.write(on ? '1' : '0');
}

export function useShowDetails(): boolean {
  return useSyncExternalStore(stored.subscribe, read, () => false);
}
