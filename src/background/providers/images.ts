import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import type { ChatTurn } from '../../shared/llm';

/**
 * A turn in each SDK's wire format. Text alone stays a plain string (what every provider and
 * OpenAI-compatible server accepts); a turn with pictures becomes a list of parts: Anthropic's
 * `image` block with a base64 source, placed before the text as Anthropic advises, and OpenAI's
 * `image_url` part with a data URL after it.
 */
export function anthropicTurn(m: ChatTurn): Anthropic.Messages.MessageParam {
  if (!m.images?.length || m.role !== 'user') return { role: m.role, content: m.content };
  return {
    role: 'user',
    content: [
      ...m.images.map((img) => ({ type: 'image' as const, source: { type: 'base64' as const, media_type: img.mediaType, data: img.data } })),
      { type: 'text' as const, text: m.content },
    ],
  };
}

export function openaiTurn(m: ChatTurn): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (!m.images?.length || m.role !== 'user') return { role: m.role, content: m.content };
  return {
    role: 'user',
    content: [
      { type: 'text', text: m.content },
      ...m.images.map((img) => ({ type: 'image_url' as const, image_url: { url: `data:${img.mediaType};base64,${img.data}`, detail: 'high' as const } })),
    ],
  };
}
