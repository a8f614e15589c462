import { sizeInWords } from '../../../shared/attachment';

/** A paperclip drawn in the text's own colour (an emoji shows as a box where no emoji font is installed). */
export function PaperclipIcon() {
  return (
    <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M21 11.5l-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9" />
    </svg>
  );
}

/** The files going with a message (in the composer, each with Remove) or sent with one (in the timeline): name and size. */
export function AttachedFiles({ files, onRemove }: { files: { name: string; type: string; size: number }[]; onRemove?: (name: string) => void }) {
  if (!files.length) return null;
  return (
    <ul className="attached" aria-label="Attached files" data-testid="attached-files">
      {files.map((f) => (
        <li key={f.name} className="attached-file">
          <PaperclipIcon />
          <span className="attached-name" title={f.name}>
            {f.name}
          </span>
          <span className="attached-size">{sizeInWords(f.size)}</span>
          {onRemove && (
            <button type="button" aria-label={`Remove ${f.name}`} onClick={() => onRemove(f.name)}>
              ×
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
