import { templates } from './templates';
import { CAPS, fenced, pageLine } from './page-fence';

/** A downloaded file whose text was read back, as the prompt shows it. */
export interface FileText {
  name: string;
  mime: string;
  text: string;
}

/**
 * The files' texts for a prompt's user part, each in its own `<download>` fence (defused and capped
 * like page text), after one line from prompts/downloaded-files.md; empty when there are none.
 */
export function downloadedFiles(files: FileText[]): string {
  if (!files.length) return '';
  const blocks = files.map((f) => fenced('download', `File: ${pageLine(f.name)}${f.mime ? ` (${pageLine(f.mime, 100)})` : ''}\n${f.text}`, CAPS.download));
  return `\n\n${templates.downloadedFiles.trim()}\n${blocks.join('\n')}`;
}
