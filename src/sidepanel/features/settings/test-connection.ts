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
    return { kind: 'ok', text: `${r.provider} · ${r.model} answered in ${r.ms} ms: “${r.text.trim()}” (${r.inputTokens} in / ${r.outputTokens} out tokens)` };
  } catch (e) {
    return { kind: 'error', text: (e as Error).message };
  }
}
