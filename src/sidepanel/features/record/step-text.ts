import type { DemoStep } from '../../../shared/demonstration';

const q = (s: string) => `“${s.length > 60 ? s.slice(0, 59) + '…' : s}”`;

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}

/**
 * One recorded step in plain words, as the Record bar lists it, with the tab it happened in when a
 * step opened one ("Tab 2: Click “Add to wishlist”"). Secrets say only what was asked for.
 */
export function stepText(step: DemoStep): string {
  const words = actionText(step);
  // first, so a long address cut at the end of the line does not hide it
  return step.tab && step.tab > 1 ? `Tab ${step.tab}: ${words}` : words;
}

function actionText(step: DemoStep): string {
  const a = step.action;
  const target = step.target ? step.target.name || step.target.label || step.target.placeholder || step.target.text || step.target.tag : '';
  const on = target ? ` ${q(target)}` : '';
  switch (a.kind) {
    case 'click':
      return `Click${on}`;
    case 'type':
      return a.secret ? `Type a secret (${step.variable ?? 'secret'}) into${on}` : `Type ${q(a.value)} into${on}`;
    case 'select':
      return `Choose ${a.values.map(q).join(', ')} in${on}`;
    case 'check':
      return `${a.checked ? 'Check' : 'Uncheck'}${on}`;
    case 'press':
      return `Press ${a.keys}${target ? ' in' + on : ''}`;
    case 'navigate':
      return `Go to ${pathOf(a.url)}`;
    case 'upload':
      return `Attach ${q(a.file)} to${on}`;
  }
}

/** A page load the step before caused, under that step: "opened /t/login/submit". */
export function effectText(s: DemoStep): string {
  return s.action.kind === 'navigate' ? `opened ${pathOf(s.action.url)}` : stepText(s);
}
