import { send } from '../../../platform/rpc';
import type { SettingsPatch } from '../../../shared/settings';

export interface TestMessage {
  kind: 'ok' | 'error';
  text: string;
}

/** Tries the values on screen, saved or not (a person tests before saving), and says what came back. */
export async function testConnection(draft: SettingsPatch): Promise<TestMessage> {
  try {
    const r = await send('llm.test', { role: 'planner', prompt: 'Reply with the word ready.', draft });
    // the model as the person named it and what it said; the provider is on screen already
    return { kind: 'ok', text: `It works: ${r.model} answered “${r.text.trim()}” in ${r.ms} ms (${r.inputTokens} tokens in, ${r.outputTokens} out).` };
  } catch (e) {
    return { kind: 'error', text: (e as Error).message };
  }
}
