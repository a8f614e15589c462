import type { BackgroundHandlers } from '../handlers';
import { answerApp, forgetApp, revokeApp } from './pairing';
import { tellApp } from './bridge';

/** The panel's answers about apps on this computer; the connected app hears each at once. */
export function appsHandlers(): BackgroundHandlers {
  return {
    'apps.answer': async ({ client, allow }) => {
      const answered = await answerApp(client, allow);
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
