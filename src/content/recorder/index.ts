import type { ContentHandlers } from '../handlers';

/** The recorder's side of the recording.* messages (top frame). */
export const recorderHandlers: ContentHandlers = {};

/** Called once per page load: resumes capturing when this tab is being recorded. */
export function startRecorderIfActive(): void {}
