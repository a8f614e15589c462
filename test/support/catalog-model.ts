import type { LlmServer } from './llm-server';
import { isPlanner, isPolicy, pageOf, textLinesOf } from './model-reading';
import { planOnce } from './scripted-web-model';

/** The arena's catalog rows as a model reads them off the page model: cells joined with " | ". */
export const catalogLines = (page: string): string[] => textLinesOf(page).filter((l) => l.split(' | ').length === 4 && !l.startsWith('Product |'));

/** The id of the catalog page's "Next" link, when there is one. */
export const nextPageId = (page: string): string | undefined => /<a id=(\d+)[^>]*>Next<\/a>/.exec(page)?.[1];

/**
 * A scripted model that reads the arena's 3-page catalog into a table as a good model would: the
 * planner calls EXTRACT once, and EXTRACT copies each page's rows and follows "Next".
 */
export function scriptCatalogExtraction(llm: LlmServer): void {
  llm.script(
    {
      name: 'planner',
      match: isPlanner,
      answer: planOnce('Read the catalog into a table.', [{ policy: 'EXTRACT', target: 'every product, up to 3 pages', value: 'name:text, price:number, rating:number, stock:number' }], 'The table is complete.'),
    },
    {
      name: 'extract',
      match: (r) => isPolicy(r, 'EXTRACT') && r.toolNames.includes('extract'),
      answer: (r) => {
        const page = pageOf(r);
        const next = nextPageId(page);
        const found = catalogLines(page).map((l) => l.split(' | '));
        return { toolCalls: [{ name: 'extract', args: { thought: `${found.length} products here.`, rows: found, ...(next ? { next: Number(next) } : {}) } }] };
      },
    },
  );
}
