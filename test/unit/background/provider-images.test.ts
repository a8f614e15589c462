import { describe, expect, it } from 'vitest';
import { anthropicTurn, openaiTurn } from '../../../src/background/providers/images';

const turn = { role: 'user' as const, content: 'The page.', images: [{ mediaType: 'image/jpeg' as const, data: '/9j/AAAA' }] };

describe('pictures in each SDK\'s wire format', () => {
  it('Anthropic: an image block with a base64 source, before the text', () => {
    expect(anthropicTurn(turn)).toEqual({
      role: 'user',
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/AAAA' } },
        { type: 'text', text: 'The page.' },
      ],
    });
  });
  it('OpenAI: an image_url part with a data URL, after the text', () => {
    expect(openaiTurn(turn)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'The page.' },
        { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/AAAA', detail: 'high' } },
      ],
    });
  });
  it('a turn without pictures stays a plain string for both (what every OpenAI-compatible server takes)', () => {
    expect(anthropicTurn({ role: 'assistant', content: 'ok' })).toEqual({ role: 'assistant', content: 'ok' });
    expect(openaiTurn({ role: 'user', content: 'hi', images: [] })).toEqual({ role: 'user', content: 'hi' });
  });
});
