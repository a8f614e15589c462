// Built on its own into dist/<browser>/tokenizer.js (a web-accessible ES module) and imported by the
// content script only when it first needs to count tokens; page-tools.ts bundles it directly.
import { countTokens as countBpe } from 'gpt-tokenizer/encoding/o200k_base';

// Page text is data: `<|endoftext|>` or `<|im_start|>` written on a page are ordinary characters
// and are counted as such. gpt-tokenizer refuses such text by default, which let any page make
// every snapshot throw.
const ORDINARY = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  return countBpe(text, ORDINARY);
}
