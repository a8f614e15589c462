import { useState } from 'react';

/** The message box; a message that could not be sent (`onSend` answers false) comes back into it. */
export function Composer({ disabled, onSend }: { disabled: boolean; onSend: (text: string) => Promise<boolean> }) {
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
        aria-label="Message"
        placeholder="Ask for a web task, e.g. “find flights from Boston to Denver on the 12th”"
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
        Send
      </button>
    </form>
  );
}
