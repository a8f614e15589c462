import { describe, expect, it } from 'vitest';
import { Envelope, isEnvelope } from '../../../src/shared/protocol-core';

describe('the envelope check every listener makes', () => {
  it('says what the schema says', () => {
    const values: unknown[] = [
      { channel: 'copilot', name: 'system.status', params: {} },
      { channel: 'copilot', name: 'system.status' },
      { channel: 'copilot', name: 'system.status', params: undefined },
      Object.assign(Object.create({ params: 1 }), { channel: 'copilot', name: 'x' }),
      { channel: 'copilot', name: '', params: null },
      { channel: 'copilot', name: 'x', params: [1], extra: true },
      Object.assign(Object.create(null), { channel: 'copilot', name: 'x', params: 1 }),
      new (class Message { channel = 'copilot'; name = 'x'; params = 2; })(),
      { channel: 'other', name: 'x' },
      { channel: 'copilot', name: 5 },
      { channel: 'copilot' },
      { name: 'x' },
      { channel: 'Copilot', name: 'x' },
      { channel: 'copilot', name: new String('x') },
      Object.assign(['copilot'], { channel: 'copilot', name: 'x', params: {} }),
      null,
      undefined,
      'copilot',
      42,
      () => {},
      new Date(),
    ];
    for (const v of values) expect(isEnvelope(v), String(JSON.stringify(v))).toBe(Envelope.safeParse(v).success);
  });
});
