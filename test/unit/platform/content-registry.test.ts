import { describe, expect, it } from 'vitest';
import { messages } from '../../../src/shared/protocol';
import { contentLookup } from '../../../src/shared/protocol-content';
import { receiverOf } from '../../../src/shared/protocol-core';

// The content script checks what it receives with its own part of the registry: a message sent to
// it that this part lacked would be refused in every page as "unknown".
describe('the content script’s part of the message registry', () => {
  it('holds every message sent to a content script, with the very definition the registry has', () => {
    const toContent = Object.entries(messages).filter(([, def]) => receiverOf(def.direction) === 'content');
    expect(toContent.length).toBeGreaterThan(20);
    for (const [name, def] of toContent) expect(contentLookup(name), name).toBe(def);
  });

  it('finds nothing of the other contexts’ messages that a page could use to reach a handler', () => {
    expect(contentLookup('settings.save')).toBeUndefined();
    expect(contentLookup('workflows.list')).toBeUndefined();
    expect(contentLookup('constructor')).toBeUndefined();
  });
});
