import { useSyncExternalStore } from 'react';

/**
 * "Show details" for developers: every step opens with its raw model text, element lines, page
 * changes and token counts. A preference of this panel only, so it lives in the panel's own storage.
 */
const KEY = 'copilot.showDetails';
const CHANGED = 'copilot-show-details';

const read = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

export function setShowDetails(on: boolean): void {
  localStorage.setItem(KEY, on ? '1' : '0');
  window.dispatchEvent(new Event(CHANGED));
}

export function useShowDetails(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
