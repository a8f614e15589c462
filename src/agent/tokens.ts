import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';

/** Token count with the same tokenizer the page model budgets with (o200k). */
export function tokensOf(text: string): number {
  return text ? countTokens(text) : 0;
}
