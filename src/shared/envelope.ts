/**
 * Whether a message is one of this extension's envelopes, checked by hand: the service worker's
 * boot (src/background/boot.ts) asks it of every message before it has the registry or zod.
 */
export interface EnvelopeShape {
  channel: 'copilot';
  name: string;
  params?: unknown;
}

export function isEnvelope(raw: unknown): raw is EnvelopeShape {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  const { channel, name } = raw as Record<string, unknown>;
  // params may be anything, undefined too, but not missing
  return channel === 'copilot' && typeof name === 'string' && 'params' in raw;
}
