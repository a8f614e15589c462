import { protectPrivateStore } from './private-store';
import { openPanelFromToolbar } from './panel-opener';

/**
 * What the background sets up in the browser as it starts. A browser that lacks one of these APIs
 * must not stop the background (a TypeError at a module's top level would end the whole module,
 * and the panel would only ever say "reconnecting"): each step is tried on its own, and what
 * failed is returned in words the panel shows.
 */
export function startPlatform(): string[] {
  const problems: string[] = [];
  const step = (what: string, run: () => string | undefined | Promise<unknown>) => {
    try {
      const result = run();
      if (typeof result === 'string') problems.push(result);
      else if (result instanceof Promise) result.catch((e: unknown) => console.error(`${what}:`, e));
    } catch (e) {
      problems.push(`${what} failed in this browser: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  step('Keeping the API keys from web pages', protectPrivateStore);
  step('Opening the co-pilot from the toolbar', openPanelFromToolbar);
  return problems;
}
