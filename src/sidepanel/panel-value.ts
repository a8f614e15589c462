/**
 * A string this panel keeps in its own storage (localStorage: not the extension's, so it is only
 * ever the panel's), with what a React store needs: a read that never throws, a write that tells
 * this panel, and a subscription that also hears other panels (the `storage` event).
 */
export function panelValue(key: string) {
  const changed = `copilot-changed:${key}`;
  const raw = (): string | null => {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (value: string | undefined): void => {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new Event(changed));
  };
  const subscribe = (onChange: () => void) => {
    window.addEventListener('storage', onChange);
    window.addEventListener(changed, onChange);
    return () => {
      window.removeEventListener('storage', onChange);
      window.removeEventListener(changed, onChange);
    };
  };
  return { raw, write, subscribe };
}
