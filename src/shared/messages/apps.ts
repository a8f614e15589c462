// Apps on this computer (MCP clients, through the co-pilot's MCP server): the person allows,
// refuses, takes back or forgets an app in the panel; the worker owns the answers.
import { z } from 'zod';
import { defineMessage, type MessageDef } from '../protocol-core';
import { lazy } from '../lazy';

const App = lazy(() => z.object({ client: z.string().trim().min(1).max(100) }));
const Done = lazy(() => z.object({ ok: z.boolean(), message: z.string().default('') }));

export const appsMessages = {
  'apps.answer': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'The person allows or refuses an app that asked to use the co-pilot; allowed on the sites listed only, when there are any.',
    params: App.extend({ allow: z.boolean(), sites: z.array(z.string().trim().min(1).max(253)).min(1).max(50).optional() }),
    result: Done,
  })),
  'apps.tab': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'The person hands a tab of theirs to an allowed app (its tools may read and act in it), or takes it back.',
    params: App.extend({ tabId: z.number().int().nonnegative(), give: z.boolean() }),
    result: Done,
  })),
  'apps.revoke': lazy(() => defineMessage({ direction: 'panel->background', doc: 'Take back an allowed app’s access; its calls are refused from now on.', params: App, result: Done })),
  'apps.forget': lazy(() => defineMessage({ direction: 'panel->background', doc: 'Forget an app and the answer given: it is asked again when it next connects.', params: App, result: Done })),
} satisfies Record<string, MessageDef>;
