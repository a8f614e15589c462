/** USD per million tokens (input, output). Longest matching prefix wins; unknown models have no cost. */
const PRICES: Array<[prefix: string, input: number, output: number]> = [
  ['claude-opus-4', 15, 75],
  ['claude-sonnet-4', 3, 15],
  ['claude-3-7-sonnet', 3, 15],
  ['claude-3-5-sonnet', 3, 15],
  ['claude-haiku-4', 1, 5],
  ['claude-3-5-haiku', 0.8, 4],
  ['gpt-4.1-nano', 0.1, 0.4],
  ['gpt-4.1-mini', 0.4, 1.6],
  ['gpt-4.1', 2, 8],
  ['gpt-4o-mini', 0.15, 0.6],
  ['gpt-4o', 2.5, 10],
  ['o4-mini', 1.1, 4.4],
];

export function priceOf(model: string): { input: number; output: number } | null {
  const name = model.toLowerCase();
  let best: [string, number, number] | null = null;
  for (const entry of PRICES) if (name.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  return best ? { input: best[1], output: best[2] } : null;
}

export function costOf(model: string, inputTokens: number, outputTokens: number): number | null {
  const price = priceOf(model);
  if (!price) return null;
  return (inputTokens * price.input + outputTokens * price.output) / 1_000_000;
}
