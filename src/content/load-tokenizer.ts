import { useTokenCounter } from './page-model/tokens';

let loading: Promise<void> | undefined;

/**
 * Loads the BPE tokenizer from the extension's own files once per page, on first use. The
 * manifest makes tokenizer.js web-accessible with `use_dynamic_url`, so `getURL` returns a
 * per-session address and the fixed `<extension origin>/tokenizer.js` answers no page: a
 * site cannot probe for the co-pilot by fetching it.
 */
export function loadTokenizer(): Promise<void> {
  loading ??= import(/* @vite-ignore */ chrome.runtime.getURL('tokenizer.js')).then((m: { countTokens: (t: string) => number }) =>
    useTokenCounter(m.countTokens),
  );
  return loading;
}
