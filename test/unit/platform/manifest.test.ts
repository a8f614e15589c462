import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { manifestFor, GECKO_ID } from '../../../src/platform/manifest';

const base = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../manifest.json'), 'utf8'));

describe('one manifest source, two browsers', () => {
  it('gives Chrome its side panel, service worker and Chrome-only permissions', () => {
    const m = manifestFor(base, 'chrome', '1.2.3');
    expect(m.version).toBe('1.2.3');
    expect(m.side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(m.background).toEqual({ service_worker: 'background.js' });
    expect(m.permissions).toEqual(expect.arrayContaining(['sidePanel', 'debugger', 'offscreen', 'storage', 'tabs', 'declarativeNetRequest', 'webRequest']));
    expect(m).not.toHaveProperty('sidebar_action');
    expect(m).not.toHaveProperty('browser_specific_settings');
    expect(Object.keys(m).some((k) => k.startsWith('//'))).toBe(false);
  });

  it('gives Firefox a sidebar, an event page, an add-on id and only the permissions it has', () => {
    const m = manifestFor(base, 'firefox', '1.2.3');
    expect(m.sidebar_action).toMatchObject({ default_panel: 'sidepanel.html' });
    expect(m.background).toEqual({ scripts: ['background.js'], type: 'module' });
    expect(m.browser_specific_settings).toMatchObject({ gecko: { id: GECKO_ID } });
    expect(m.permissions).not.toEqual(expect.arrayContaining(['sidePanel']));
    for (const p of ['sidePanel', 'debugger', 'offscreen', 'declarativeNetRequest', 'webRequest']) expect(m.permissions).not.toContain(p);
    expect(m).not.toHaveProperty('side_panel');
    expect(m).not.toHaveProperty('minimum_chrome_version');
    // what both share comes through unchanged
    expect(m.content_scripts).toEqual(base.content_scripts);
    expect(m.content_security_policy).toEqual(base.content_security_policy);
  });
});
