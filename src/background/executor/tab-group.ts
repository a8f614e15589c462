/** The name of the tab group a run's tabs go in, so the person sees which tabs the co-pilot opened. */
export const GROUP_TITLE = 'Co-pilot';

/** Puts the tab in the window's "Co-pilot" group, making the group the first time. */
export async function joinCopilotGroup(tabId: number, windowId: number): Promise<void> {
  const [existing] = await chrome.tabGroups.query({ windowId, title: GROUP_TITLE });
  if (existing) {
    await chrome.tabs.group({ groupId: existing.id, tabIds: [tabId] });
    return;
  }
  const groupId = await chrome.tabs.group({ tabIds: [tabId], createProperties: { windowId } });
  await chrome.tabGroups.update(groupId, { title: GROUP_TITLE, color: 'blue' });
}
