import type { AppTool } from '../../shared/apps-wire';
import { BrowserAction } from '../../shared/action';
import { parseActionLine } from '../../core/actions/grammar';
import { ownTabs } from './pairing';
import { runEnd } from './run-end';

/**
 * `act`: one action an app chose, by the ids of the page as `read_page` showed it, in one of the
 * app's own tabs. It runs as the agent's steps do (agent/given-action.ts): the same gate and
 * request hold, its questions in the panel (the call waits for the person), its line in the
 * timeline of the app's chat on that tab. No model is called, so none need be set up.
 */
export const ACT_TOOL: AppTool = {
  name: 'act',
  description: [
    "Does one action in one of this app's tabs, on an element by the id `read_page` showed (ids stay the same until the page loads anew).",
    'The action is one line: `click 12`, `double_click 12`, `hover 12`, `type 5 "Berlin"`, `clear 5`, `select 7 "France"`, `check 9`, `uncheck 9`, `press 5 Enter`, `scroll down`, `navigate "https://…"`, `back`, `wait 1`.',
    "Anything that pays, sends, deletes or leaves the site is asked of the person in the co-pilot's panel first; the call waits, and a refusal is an error that says so.",
    'It answers with what changed on the page; call read_page to see the page now.',
  ].join(' '),
  inputSchema: {
    type: 'object',
    properties: {
      tabId: { type: 'number', description: 'a tab id from open_tab, list_tabs or a workflow result' },
      action: { type: 'string', description: 'one action line, e.g. click 12 or type 5 "Berlin"' },
    },
    required: ['tabId', 'action'],
  },
};

/** Runs an app's action (main.ts hands in the runner: this folder sits above it). */
export type StartAction = (tabId: number, chatId: string, action: BrowserAction, by: string) => Promise<{ runId: string }>;
let startAction: StartAction | undefined;
export const setActionStarter = (start: StartAction) => void (startAction = start);

/** The app's line as an action it may give, or why not. */
export function appAction(line: string): { action: BrowserAction } | { error: string } {
  const parsed = parseActionLine(line);
  if (!parsed) return { error: 'act needs an action line, e.g. click 12.' };
  if ('error' in parsed) return { error: `${parsed.error}.` };
  const action = BrowserAction.safeParse(parsed.action);
  if (!action.success) return { error: `"${line.trim()}" is not a browser action act can do (one of click, double_click, hover, type, clear, select, check, uncheck, press, scroll, navigate, back, wait, click_at).` };
  // the app has no file of the person's to give: a file goes only with an upload the person attached it for
  if (action.data.kind === 'upload') return { error: 'act cannot upload files: the person attaches a file in the panel.' };
  return { action: action.data };
}

const slug = (client: string) => client.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 30);

export async function actInTab(client: string, args: Record<string, unknown>): Promise<{ ok: boolean; text: string }> {
  const tabId = Number(args.tabId);
  if (!(await ownTabs(client)).some((t) => t.id === tabId)) return { ok: false, text: `Tab ${String(args.tabId)} was not opened for this app; it may act only in the tabs list_tabs names.` };
  const given = appAction(typeof args.action === 'string' ? args.action : '');
  if ('error' in given) return { ok: false, text: given.error };
  if (!startAction) return { ok: false, text: 'The co-pilot cannot act right now.' };
  // one chat per app and tab: the person sees its actions one after another, under the app's name
  const chatId = `chat-${tabId}-app-${slug(client)}`;
  try {
    const { runId } = await startAction(tabId, chatId, given.action, client);
    return await runEnd(runId, 'action', { client, tabId });
  } catch (error) {
    return { ok: false, text: error instanceof Error ? error.message : String(error) };
  }
}
