import type { z } from 'zod';
import type { WaitAction } from '../../shared/action';
import { lookup } from '../page-model/ids';
import { walkPage } from '../page-model/snapshot';
import { ActionError } from './errors';

function textPresent(text: string): boolean {
  const needle = text.toLowerCase();
  // the walk sees shadow roots and same-origin frames, which innerText does not
  if (document.body?.innerText.toLowerCase().includes(needle)) return true;
  return walkPage().items.some((it) => it.name.toLowerCase().includes(needle));
}

function elementShown(id: number): boolean {
  const r = lookup(id);
  if (!r.ok) return false;
  return (r.el as HTMLElement).checkVisibility?.({ visibilityProperty: true }) !== false && r.el.getClientRects().length > 0;
}

/** Waits, bounded, for text or an element to appear (or with gone, to disappear). */
export async function wait(a: z.output<typeof WaitAction>): Promise<string> {
  if (a.text === undefined && a.id === undefined) {
    await new Promise((r) => setTimeout(r, a.timeoutMs));
    return `waited ${a.timeoutMs} ms`;
  }
  const want = () => {
    const present = a.text !== undefined ? textPresent(a.text) : elementShown(a.id!);
    return a.gone ? !present : present;
  };
  const what = a.text !== undefined ? `text "${a.text}"` : `element ${a.id}`;
  const started = performance.now();
  while (!want()) {
    if (performance.now() - started >= a.timeoutMs) throw new ActionError('timeout', `${what} did not ${a.gone ? 'disappear' : 'appear'} within ${a.timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return `${what} ${a.gone ? 'is gone' : 'is there'} after ${Math.round(performance.now() - started)} ms`;
}
