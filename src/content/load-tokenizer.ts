import { useTokenCounter } from './page-model/tokens';

let loading: Promise<void> | undefined;

/** Loads the BPE tokenizer from the extension's own files once per page, on first use. */
export function loadTokenizer(): Promise<void> {
  loading ??= import(/* @vite-ignore */ chrome.runtime.getURL('tokenizer.js')).then((m: { countTokens: (t: string) => number }) =>
    useTokenCounter(m.countTokens),
  );
  return loading;
}
