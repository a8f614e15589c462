/**
 * Token count of prompt parts the agent packs into a budget (retrieved examples).
 *
 * An estimate, deliberately: the BPE tables of a real tokenizer are 2.4 MB of JavaScript, and in
 * the service worker they tripled its cold start (bench/report.md, "Extension" section), which a
 * person pays on every wake-up. Page models, where the hard budget matters, are counted exactly by
 * the content script (o200k), and the provider reports exact usage for every call.
 *
 * The estimate follows the tokenizer's own pre-tokenization: a word with at most one leading
 * space or mark is one token up to 8 letters, then one per 5; numbers are one per 3 digits; a run
 * of marks is one per 2; non-Latin letters one each (an over-estimate, the safe side).
 * test/unit/core/tokens.test.ts keeps it near o200k on this project's prompts and page models.
 */
const PIECE = /[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+/gu;
// tested on letters only, so the range can start at "A"
const NON_LATIN = /[^A-Za-z\u00c0-\u024f]/u;

export function tokensOf(text: string): number {
  if (!text) return 0;
  let n = 0;
  for (const [piece] of text.matchAll(PIECE)) {
    const letters = piece.replace(/[^\p{L}]/gu, '');
    if (letters.length > 0) n += NON_LATIN.test(letters) ? letters.length : letters.length <= 8 ? 1 : Math.ceil(letters.length / 5);
    else if (piece.trim().length === 0) n += 1;
    else n += Math.ceil(piece.trim().length / 2);
  }
  return n;
}

/**
 * The beginning of `text` that fits `budget` tokens (the estimate above), cut at a line's end, with
 * a last line that says how much was left out; the whole text when it fits. A single line longer
 * than the budget is cut inside itself.
 */
export function cutToTokens(text: string, budget: number): { text: string; cut: boolean } {
  const total = tokensOf(text);
  if (total <= budget) return { text, cut: false };
  const lines = text.split('\n');
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = tokensOf(`${line}\n`);
    if (used + cost > budget) {
      if (!kept.length) kept.push(cutLine(line, budget));
      break;
    }
    kept.push(line);
    used += cost;
  }
  const left = lines.length - kept.length;
  const note = `…(cut to fit: ${left ? `${left} more line${left === 1 ? '' : 's'}, ` : ''}about ${Math.max(1, total - tokensOf(kept.join('\n')))} more tokens not shown)`;
  return { text: `${kept.join('\n')}\n${note}`, cut: true };
}

/** A prefix of one line within `budget` tokens (halved until it fits: a line is at most a file's size). */
function cutLine(line: string, budget: number): string {
  let end = Math.min(line.length, budget * 4);
  while (end > 0 && tokensOf(line.slice(0, end)) > budget) end = Math.floor(end / 2);
  return line.slice(0, end);
}
