import { countTokens as count } from 'gpt-tokenizer/encoding/o200k_base';

/** Tokens as the model will count them (o200k BPE), not a character estimate. */
export function countTokens(text: string): number {
  return text ? count(text) : 0;
}
