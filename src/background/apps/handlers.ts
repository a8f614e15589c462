import type { BackgroundHandlers } from '../handlers';
import { answerApp, forgetApp, revokeApp } from './pairing';
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
