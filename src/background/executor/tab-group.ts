/** The name of the tab group a run's tabs go in, so the person sees which tabs the co-pilot opened. */
export const GROUP_TITLE = 'Co-pilot';

/** Puts the tab in the window's "Co-pilot" group, making the group the first time. */
export function joinCopilotGroup(tabId: number, windowId: number): Promise<void> {
  return joinGroup(tabId, windowId, GROUP_TITLE, 'blue');
}

/** Puts the tab in the window's group of that title, making it the first time; nothing where the browser has no tab groups. */
export async function joinGroup(tabId: number, windowId: number, title: string, color: `${chrome.tabGroups.Color}`): Promise<void> {
  if (!chrome.tabGroups?.query || !chrome.tabs.group) return;
  const [existing] = await chrome.tabGroups.query({ windowId, title });
  if (existing) {
    await chrome.tabs.group({ groupId: existing.id, tabIds: [tabId] });
    return;
  }
  const groupId = await chrome.tabs.group({ tabIds: [tabId], createProperties: { windowId } });
  await chrome.tabGroups.update(groupId, { title, color: color as chrome.tabGroups.Color });
}
