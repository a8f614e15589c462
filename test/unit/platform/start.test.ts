import { describe, it, expect, afterEach, vi } from 'vitest';
import { startPlatform } from '../../../src/platform/start';

describe('the background starting in a browser that lacks an API', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps going and says in words what it cannot do, where a missing API would have thrown at the top level', () => {
    const onClicked = { addListener: vi.fn() };
    // no sidePanel, no sidebarAction, and a storage whose setAccessLevel throws synchronously
    vi.stubGlobal('chrome', {
      action: { onClicked },
      storage: { local: { setAccessLevel: () => { throw new TypeError('setAccessLevel is not a function'); } } },
    });
    let problems: string[] = [];
    expect(() => (problems = startPlatform())).not.toThrow();
    expect(problems).toEqual([
      expect.stringMatching(/^Keeping the API keys from web pages failed in this browser: setAccessLevel is not a function$/),
      expect.stringMatching(/neither a side panel nor a sidebar/),
    ]);
  });

  it('opens Firefox’s sidebar from the toolbar button and locks nothing it cannot lock', () => {
    const listeners: (() => void)[] = [];
    const toggle = vi.fn(() => Promise.resolve());
    vi.stubGlobal('chrome', { action: { onClicked: { addListener: (l: () => void) => listeners.push(l) } }, storage: { local: {} } });
    vi.stubGlobal('browser', { sidebarAction: { open: vi.fn(), toggle } });
    expect(startPlatform()).toEqual([]);
    listeners[0]!();
    expect(toggle).toHaveBeenCalledOnce();
  });

  it('lets Chrome open its side panel on the toolbar button and lock storage.local to trusted contexts', async () => {
    const setPanelBehavior = vi.fn(() => Promise.resolve());
    const setAccessLevel = vi.fn(() => Promise.resolve());
    vi.stubGlobal('chrome', { sidePanel: { setPanelBehavior }, storage: { local: { setAccessLevel } } });
    expect(startPlatform()).toEqual([]);
    expect(setPanelBehavior).toHaveBeenCalledWith({ openPanelOnActionClick: true });
    expect(setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });
});
