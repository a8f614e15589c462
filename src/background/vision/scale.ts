/**
 * How far a screenshot is scaled down: to at most 1024 pixels wide and 768 high. Small text stays
 * readable at that size; a 1280x800 viewport becomes 1024x640, 874 tokens with Anthropic
 * (w*h/750) and 765 with OpenAI's tiles, against 1,366 and 1,105 unscaled (bench, "Screenshots").
 */
export const MAX_WIDTH = 1024;
export const MAX_HEIGHT = 768;

export function scaleFor(width: number, height: number): number {
  return Math.min(1, MAX_WIDTH / width, MAX_HEIGHT / height);
}
