import { describe, expect, it } from 'vitest';
import { missingSetup, savedInWords } from '../../../src/sidepanel/features/settings/missing-setup';

const keys = (set: boolean) => ({ anthropic: { set, hint: '' }, openai: { set, hint: '' }, 'openai-compatible': { set: false, hint: '' } });
const empty = { planner: '', policy: '', reflection: '' };
const urls = (own: string) => ({ anthropic: '', openai: '', 'openai-compatible': own });

describe('what Settings still lacks before Chat can work', () => {
  it("names each missing part in the form's words, and says Saved. only when nothing is", () => {
    const own = missingSetup({ provider: 'openai-compatible', models: empty, baseUrls: urls('http://localhost:11434/v1'), keys: keys(false) });
    expect(own).toEqual(['the model that plans the task', 'the model that does each step on the page', 'the model that looks again after a failed try']);
    expect(savedInWords(own).text).toBe(
      'Saved, but Chat cannot work yet: it still needs the model that plans the task, the model that does each step on the page and the model that looks again after a failed try.',
    );
    expect(missingSetup({ provider: 'openai-compatible', models: { planner: 'm', policy: 'm', reflection: 'm' }, baseUrls: urls(''), keys: keys(false) })).toEqual(["your server's base URL"]);
    // a hosted provider has default models: only its key is missing
    expect(missingSetup({ provider: 'anthropic', models: empty, baseUrls: urls(''), keys: keys(false) })).toEqual(['an API key']);
    expect(savedInWords(missingSetup({ provider: 'anthropic', models: empty, baseUrls: urls(''), keys: keys(true) }))).toEqual({ kind: 'ok', text: 'Saved.' });
  });
});
