import { useCallback, useEffect, useId, useState } from 'react';

export type NoticeKind = 'ok' | 'error' | 'warning';
export interface NoticeText {
  kind: NoticeKind;
  text: string;
  /** stays past `okMs`, until the person dismisses it or does something next in the panel ("Saved …, also as a workflow.") */
  untilNextAction?: boolean;
}

/** What counts as the person's next action: a button, link, tab, choice or file pressed; a form sent; Enter in a field. */
const ACTION = 'button, a[href], select, summary, [role=tab], input[type=checkbox], input[type=radio], input[type=file]';
function isNextAction(e: Event): boolean {
  const t = e.target instanceof Element ? e.target : null;
  if (t?.closest('.notice')) return false; // its own × is a dismiss, handled there
  if (e.type === 'keydown') return (e as KeyboardEvent).key === 'Enter' && !!t?.closest('input, textarea');
  return e.type === 'submit' || !!t?.closest(ACTION);
}

/** How long a notice that something went well stays: long enough to read, not long enough to go stale. */
export const OK_NOTICE_MS = 10_000;
const SHOWN = 'copilot-notice';

/**
 * One notice for one place in the panel (the record bar, the workflows view …). A new notice
 * anywhere in the panel takes the place of the older ones, so they never stack; one that says
 * something went well goes by itself after `okMs` (unless it waits for the person's next action); a
 * problem stays until the person dismisses it or something newer replaces it.
 */
export function useNotice(okMs = OK_NOTICE_MS): [NoticeText | undefined, (n: NoticeText | undefined) => void] {
  const me = useId();
  const [notice, setNotice] = useState<NoticeText>();
  useEffect(() => {
    const other = (e: Event) => (e as CustomEvent<string>).detail !== me && setNotice(undefined);
    window.addEventListener(SHOWN, other);
    return () => window.removeEventListener(SHOWN, other);
  }, [me]);
  useEffect(() => {
    if (!notice?.untilNextAction) return;
    const next = (e: Event) => isNextAction(e) && setNotice(undefined);
    const kinds = ['click', 'submit', 'keydown'] as const;
    for (const k of kinds) window.addEventListener(k, next, true);
    return () => kinds.forEach((k) => window.removeEventListener(k, next, true));
  }, [notice]);
  useEffect(() => {
    if (notice?.kind !== 'ok' || notice.untilNextAction) return;
    const t = setTimeout(() => setNotice(undefined), okMs);
    return () => clearTimeout(t);
  }, [notice, okMs]);
  const show = useCallback(
    (n: NoticeText | undefined) => {
      if (n) window.dispatchEvent(new CustomEvent(SHOWN, { detail: me }));
      setNotice(n);
    },
    [me],
  );
  return [notice, show];
}

/** A notice with its own dismiss button; problems are alerts, the rest a polite status. */
export function Notice({ notice, onDismiss, testId }: { notice: NoticeText | undefined; onDismiss: () => void; testId: string }) {
  if (!notice) return null;
  const className = notice.kind === 'ok' ? 'ok' : 'error';
  return (
    <div className={`notice ${notice.kind}`} data-testid={`${testId}-notice`}>
      <p role={notice.kind === 'ok' ? 'status' : 'alert'} className={className} data-testid={testId} data-kind={notice.kind}>
        {notice.text}
      </p>
      <button type="button" className="notice-close" aria-label="Dismiss this notice" title="Dismiss" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
