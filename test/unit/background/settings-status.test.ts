import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isConfigured, isConfiguredNow, loadSettings, saveSettings } from '../../../src/background/settings-store';
import { Settings } from '../../../src/shared/settings';

let stored: Record<string, unknown>;
let version: string;

beforeEach(() => {
  stored = {};
  version = '1.0.0';
  // chrome.storage.local as the worker sees it in Chrome, and the extension's version
  (globalThis as { chrome?: unknown }).chrome = {
    runtime: { getManifest: () => ({ version }) },
    storage: {
      local: {
        get: async (key: string) => (key in stored ? { [key]: structuredClone(stored[key]) } : {}),
        set: async (items: Record<string, unknown>) => void Object.assign(stored, structuredClone(items)),
        setAccessLevel: async () => {},
      },
    },
  };
});
afterEach(() => delete (globalThis as { chrome?: unknown }).chrome);

const full = async () => isConfigured(await loadSettings());

describe("system.status's answer to whether a model can be called", () => {
  it('is what parsing the settings says, with nothing stored', async () => {
    expect(await isConfiguredNow()).toBe(isConfigured(Settings.parse({})));
    expect(await isConfiguredNow()).toBe(await full());
  });

  it('is what parsing the settings says after each save, configured or not', async () => {
    await saveSettings({ provider: 'openai', apiKeys: { anthropic: 'sk-a' } });
    expect(await full()).toBe(false);
    expect(await isConfiguredNow()).toBe(false);
    await saveSettings({ apiKeys: { openai: 'sk-o' } });
    expect(await full()).toBe(true);
    expect(await isConfiguredNow()).toBe(true);
    await saveSettings({ provider: 'openai-compatible' });
    expect(await isConfiguredNow()).toBe(await full());
    // the stored settings parse as before: the verdict is no setting
    expect(Object.keys(await loadSettings())).not.toContain('verdict');
  });

  it('parses the settings again when they were written straight into storage beside the verdict', async () => {
    await saveSettings({ provider: 'openai-compatible', baseUrls: { 'openai-compatible': 'http://localhost:11434/v1' } });
    expect(await isConfiguredNow()).toBe(false);
    const settings = stored.settings as { models: Record<string, string> };
    settings.models = { planner: 'llama3.1', policy: 'llama3.1', reflection: 'llama3.1' };
    expect(await full()).toBe(true);
    expect(await isConfiguredNow()).toBe(true);
  });

  it('parses the settings when another version judged them, or none did', async () => {
    await saveSettings({ apiKeys: { anthropic: 'sk-a' } });
    expect(await isConfiguredNow()).toBe(true);
    // an update whose schema refuses what the older version stored: defaults, which name no key
    version = '2.0.0';
    (stored.settings as Record<string, unknown>).pageBudget = 'many';
    expect(await full()).toBe(false);
    expect(await isConfiguredNow()).toBe(false);
    // settings stored before verdicts were
    stored.settings = { apiKeys: { anthropic: 'sk-a', openai: '', 'openai-compatible': '' } };
    expect(await isConfiguredNow()).toBe(true);
  });
});
