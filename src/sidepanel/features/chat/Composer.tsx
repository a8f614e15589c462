import { useRef, useState } from 'react';
import { AttachedFiles, PaperclipIcon } from './AttachedFiles';
import type { Picked } from './attach-files';
import { useAttachments } from './use-attachments';

// fits the box's two lines at 320 px in the panel's 14 px type
// two lines at 320 px, beside the attach button
const TASK_HINT = 'e.g. “find flights to Denver on the 12th”';

/** The paperclip, and the hidden file chooser it opens. */
function AttachButton({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="attach" aria-label="Attach files" title="Attach files for this task (or drop them here)" onClick={() => picker.current?.click()} disabled={disabled}>
        <PaperclipIcon />
      </button>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="attach-input"
        onChange={(e) => {
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
    </>
  );
}

/**
 * The message box; a message that could not be sent (`onSend` answers false) comes back into it,
 * with its files. Files are attached with the paperclip or dropped on the box, and go with a new
 * task only: while a run works, what is typed is added to its task rather than starting a new one.
 */
export function Composer({ disabled, onSend, adding = false }: { disabled: boolean; onSend: (text: string, files: Picked[]) => Promise<boolean>; adding?: boolean }) {
  const [text, setText] = useState('');
  const files = useAttachments(adding);
  const submit = () => {
    const t = text.trim();
    if (!t || disabled) return;
    const sending = adding ? [] : files.take();
    setText('');
    void onSend(t, sending).then((sent) => {
      if (sent) return;
      setText((now) => now || t);
      files.restore(sending);
    });
  };
  return (
    <div className={`composer-wrap${files.dragging ? ' dropping' : ''}`}>
      {files.dragging && !adding && (
        <p className="small drop-hint" data-testid="drop-hint">
          Drop to attach to your next message
        </p>
      )}
      {!adding && <AttachedFiles files={files.files} onRemove={files.remove} />}
      {files.problem && (
        <p role="alert" className="error composer-error" data-testid="attach-error">
          {files.problem}
        </p>
      )}
      <form className="composer" onSubmit={(e) => (e.preventDefault(), submit())}>
        {!adding && <AttachButton disabled={disabled} onFiles={files.attach} />}
        <textarea
          aria-label={adding ? 'Add to the task' : 'Message'}
          placeholder={adding ? 'Add to the task, e.g. “a window seat”' : TASK_HINT}
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
    </div>
  );
}
