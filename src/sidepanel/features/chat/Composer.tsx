import { useState } from 'react';

// fits the box's two lines at 320 px in the panel's 14 px type
const TASK_HINT = 'e.g. “find flights from Boston to Denver on the 12th”';

/**
 * The message box; a message that could not be sent (`onSend` answers false) comes back into it.
 * While a run works, what is typed is added to its task rather than starting a new one.
 */
export function Composer({ disabled, onSend, adding = false }: { disabled: boolean; onSend: (text: string) => Promise<boolean>; adding?: boolean }) {
  const [text, setText] = useState('');
  const submit = () => {
    const t = text.trim();
    if (!t || disabled) return;
    setText('');
    void onSend(t).then((sent) => {
      if (!sent) setText((now) => now || t);
    });
  };
  return (
    <form className="composer" onSubmit={(e) => (e.preventDefault(), submit())}>
      <textarea
        aria-label={adding ? 'Add to the task' : 'Message'}
        placeholder={adding ? 'Add to the task, e.g. “also pick a window seat”' : TASK_HINT}
        value={text}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" disabled={disabled || !text.trim()}>
        {adding ? 'Add' : 'Send'}
      </button>
    </form>
  );
}
