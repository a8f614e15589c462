/**
 * What a picture costs in input tokens, by the providers' published formulas, for the bench and
 * the docs (the request's size is what the provider counts, not what the agent estimates).
 */

/** Anthropic: about width*height/750 tokens after scaling to fit 1568 px on the long edge and 1.15 megapixels. */
export function anthropicImageTokens(width: number, height: number): number {
  let w = width;
  let h = height;
  const long = Math.max(w, h);
  if (long > 1568) {
    w = (w * 1568) / long;
    h = (h * 1568) / long;
  }
  const mp = w * h;
  if (mp > 1_150_000) {
    const f = Math.sqrt(1_150_000 / mp);
    w *= f;
    h *= f;
  }
  return Math.ceil((w * h) / 750);
}

/**
 * OpenAI (gpt-4o, gpt-4.1, detail "high"): fit in 2048x2048, then the short side to 768, then 170
 * tokens per 512 px tile plus 85; detail "low" is 85 whatever the size.
 */
export function openaiImageTokens(width: number, height: number, detail: 'high' | 'low' = 'high'): number {
  if (detail === 'low') return 85;
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const short = Math.min(w, h);
  if (short > 768) {
    w = (w * 768) / short;
    h = (h * 768) / short;
  }
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}
