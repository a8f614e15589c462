/**
 * Models known to accept pictures in a request, so "send screenshots" is on for them unless the
 * person turns it off (Settings). A model not listed gets text only unless the person turns it on:
 * a picture sent to a text-only model is an error from the provider, or silently dropped.
 */
const SEEING = [
  // claude-3-opus, claude-3-5-sonnet, claude-3-7-sonnet, claude-sonnet-4-5, claude-opus-4-1, claude-haiku-4-5 ...
  /^claude-(?:3|(?:opus|sonnet|haiku)-[4-9])/i,
  /^gpt-4o/i,
  /^gpt-4\.1/i,
  /^gpt-4-turbo/i,
  /^gpt-5/i,
  /^o[134](?:-|$)/i,
  /^chatgpt-4o/i,
];
/** Smaller siblings that take text only. */
const BLIND = [/^o1-mini/i, /^o3-mini/i, /^gpt-4o-(?:mini-)?(?:audio|realtime|transcribe|search)/i];

export function modelSeesImages(model: string): boolean {
  // an OpenRouter-style name ("anthropic/claude-sonnet-4-5") is judged by its last part
  const name = model.trim().split('/').pop() ?? '';
  if (!name || BLIND.some((re) => re.test(name))) return false;
  return SEEING.some((re) => re.test(name));
}

/** The person's choice for this model when they made one, else whether the model is known to see. */
export function sendsScreenshots(model: string, choices: Record<string, boolean>): boolean {
  const chosen = choices[model.trim()];
  return chosen ?? modelSeesImages(model);
}
