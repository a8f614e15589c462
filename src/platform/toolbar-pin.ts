/**
 * Whether the co-pilot's icon is pinned to the toolbar, and the keyboard shortcut that opens it:
 * Chrome puts a new extension's icon in the Extensions menu until the person pins it, so a person
 * who closed the panel may not find it again. Null where the browser does not say (Firefox shows
 * the button itself).
 */
export async function toolbarPlace(): Promise<{ pinned: boolean; shortcut: string } | null> {
  const action = chrome.action as typeof chrome.action & { getUserSettings?: () => Promise<{ isOnToolbar: boolean }> };
  if (!action?.getUserSettings) return null;
  const [settings, commands] = await Promise.all([action.getUserSettings().catch(() => null), chrome.commands?.getAll?.().catch(() => []) ?? Promise.resolve([])]);
  if (!settings) return null;
  const shortcut = commands.find((c) => c.name === '_execute_action')?.shortcut ?? '';
  return { pinned: settings.isOnToolbar, shortcut };
}
