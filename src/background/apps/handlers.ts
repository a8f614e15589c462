import type { BackgroundHandlers } from '../handlers';
import { answerApp, forgetApp, giveTab, isAllowed, revokeApp, takeTab } from './pairing';
import { tellApp } from './bridge';
import { scopeOf } from './site-scope';

/** The panel's answers about apps on this computer; the connected app hears each at once. */
export function appsHandlers(): BackgroundHandlers {
  return {
    'apps.answer': async ({ client, allow, sites }) => {
      if (sites && !scopeOf(sites).length) return { ok: false, message: 'Name the sites as addresses or domains, such as shop.example.com.' };
      const answered = await answerApp(client, allow, sites);
      if (!answered) return { ok: false, message: 'That app is no longer waiting for an answer.' };
      await tellApp(client, answered.token);
      return { ok: true, message: '' };
    },
    'apps.tab': async ({ client, tabId, give }) => {
      if (!(await isAllowed(client))) return { ok: false, message: `"${client}" is not allowed to use the co-pilot.` };
      if (!give) {
        await takeTab(client, tabId);
        return { ok: true, message: `"${client}" may no longer use this tab.` };
      }
      await giveTab(client, tabId, false);
      return { ok: true, message: `"${client}" may now read and act in this tab. Payments, messages and deletions still ask you.` };
    },
    'apps.revoke': async ({ client }) => {
      await revokeApp(client);
      await tellApp(client);
      return { ok: true, message: '' };
    },
    'apps.forget': async ({ client }) => {
      await forgetApp(client);
      await tellApp(client);
      return { ok: true, message: '' };
    },
  };
}
