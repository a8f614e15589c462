import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentAction } from '../../../src/shared/action';
import { actTool, ModelAction, planTool, reflectTool } from '../../../src/agent/output/tools';
import { tokensOf } from '../../../src/core/tokens';

/** The tool definition as the provider adapters send it (src/background/providers). */
const sent = (tool: typeof actTool) => JSON.stringify({ name: tool.name, description: tool.description, input_schema: z.toJSONSchema(tool.schema) });

const oneOfEach: unknown[] = [
  { kind: 'click', id: 3 },
  { kind: 'click_at', x: 120, y: 48 },
  { kind: 'double_click', id: 3 },
  { kind: 'hover', id: 3 },
  { kind: 'type', id: 4, text: 'Boston', mode: 'append' },
  { kind: 'clear', id: 4 },
  { kind: 'select', id: 6, values: ['Economy'] },
  { kind: 'check', id: 7, checked: false },
  { kind: 'press', id: 4, keys: 'Enter' },
  { kind: 'scroll', direction: 'into_view', id: 9 },
  { kind: 'navigate', url: 'https://a.example/' },
  { kind: 'upload', id: 21, file: 'cv.pdf' },
  { kind: 'back' },
  { kind: 'open_tab', url: 'https://b.example/' },
  { kind: 'switch_tab', n: 2 },
  { kind: 'close_tab', n: 2 },
  { kind: 'wait', text: 'Saved' },
  { kind: 'done', summary: 'ok' },
  { kind: 'ask_user', question: 'Which seat?' },
];

describe('tool schemas', () => {
  it('the flat action form names every kind and carries every action the agent uses unchanged', () => {
    expect(new Set(ModelAction.shape.kind.options)).toEqual(new Set(AgentAction.options.map((o) => o.shape.kind.value)));
    expect(oneOfEach).toHaveLength(AgentAction.options.length);
    for (const action of oneOfEach) {
      const asModel = ModelAction.parse(action);
      expect(AgentAction.parse(asModel)).toEqual(AgentAction.parse(action));
    }
  });

  it('stay small: every policy and reflection request carries one', () => {
    const tokens: Record<string, number> = Object.fromEntries([actTool, planTool, reflectTool].map((t) => [t.name, tokensOf(sent(t))]));
    // the same tool with the shared AgentAction union as its items, as it was sent before
    const union = tokensOf(sent({ ...actTool, schema: z.object({ thought: z.string().describe('one or two short sentences of reasoning'), actions: z.array(AgentAction).min(1).describe('actions to run in order on the current page') }) }));
    if (process.env.DEBUG_AGENT) console.log({ ...tokens, actWithUnion: union });
    expect(tokens.act).toBeLessThan(union * 0.55);
    expect(tokens.reflect).toBeLessThan(union * 0.55);
    expect(tokens.plan).toBeLessThan(250);
  });
});
