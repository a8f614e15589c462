import { z } from 'zod';
import { defineMessage } from '../protocol-core';
import { ModelRole, SettingsPatch, SettingsView } from '../settings';
import { lazy } from '../lazy';

export const settingsMessages = {
  'settings.get': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Settings as the panel may see them: keys only as set/unset and a hint.',
    params: z.object({}),
    result: SettingsView,
  })),
  'settings.save': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Apply a change; keys are written to the private store by the background only.',
    params: SettingsPatch,
    result: SettingsView,
  })),
  'llm.test': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Send a short test prompt with the model configured for a role; answers with what came back. `draft`: the unsaved form on screen, tried instead of the saved values it changes.',
    params: z.object({
      role: ModelRole.default('planner'),
      prompt: z.string().min(1).max(2000).default('Reply with the word ready.'),
      draft: SettingsPatch.optional(),
    }),
    result: z.object({
      text: z.string(),
      model: z.string(),
      provider: z.string(),
      inputTokens: z.number(),
      outputTokens: z.number(),
      ms: z.number(),
    }),
  })),
};
