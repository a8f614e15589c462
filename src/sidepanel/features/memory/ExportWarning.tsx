import type { ExportContents } from '../../../shared/messages/memory';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Said before a demonstrations file is saved: anyone given the file can read which sites the
 * person recorded on, the values typed there and the page text kept around each element.
 */
export function ExportWarning({ contents, filename, onDownload, onCancel }: { contents: ExportContents; filename: string; onDownload: () => void; onCancel: () => void }) {
  const c = contents;
  return (
    <div role="alertdialog" aria-label="Export demonstrations" data-testid="export-warning" className="export-warning">
      <p>
        <strong>{filename}</strong> will contain {plural(c.demonstrations, 'demonstration')} with {plural(c.steps, 'step')}, recorded on{' '}
        <span data-testid="export-sites">{c.sites.join(', ') || 'no site'}</span>.
      </p>
      <ul className="small">
        <li>
          Page text: {plural(c.pageLines, 'line')} of the pages you recorded (the elements you used and a few lines around each; e-mail
          addresses, amounts and account numbers masked).
        </li>
        <li>{c.typedValues ? `${plural(c.typedValues, 'value')} you typed, as you typed them.` : 'No typed values.'} Passwords and other secrets are never in it.</li>
      </ul>
      <p className="small">Anyone you give the file to can read all of this.</p>
      <div className="row">
        <button type="button" data-testid="export-download" onClick={onDownload}>
          Download
        </button>
        <button type="button" data-testid="export-cancel" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
