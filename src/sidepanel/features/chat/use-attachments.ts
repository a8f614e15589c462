import { useEffect, useState } from 'react';
import { addFiles, type Picked } from './attach-files';

/**
 * The files the composer holds for the next task: added with the paperclip or dropped on the panel,
 * refused with words when too large or too many. `off` while a run works: a note to a running task
 * takes no files.
 */
export function useAttachments(off: boolean) {
  const [files, setFiles] = useState<Picked[]>([]);
  const [problem, setProblem] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const attach = (more: File[]) => {
    const r = addFiles(files, more);
    setFiles(r.files);
    setProblem(r.problem);
  };
  // a file dropped anywhere on the panel is attached, not only on the box (a drop elsewhere did nothing)
  // while a task works a note to it takes no files, but a drop must still not open the file in the panel's place
  useEffect(() => {
    const hasFiles = (e: DragEvent) => !!e.dataTransfer?.types.includes('Files');
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(true);
    };
    // left the panel (not only one element of it for another)
    const leave = (e: DragEvent) => e.relatedTarget === null && setDragging(false);
    const drop = (e: DragEvent) => {
      setDragging(false);
      if (!e.dataTransfer?.files.length) return;
      e.preventDefault();
      if (off) setProblem('A note to a task that is working takes no files: attach them to your next message once it ends.');
      else attach(Array.from(e.dataTransfer.files));
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  });
  return {
    files,
    problem,
    dragging,
    attach,
    remove: (name: string) => setFiles(files.filter((f) => f.name !== name)),
    /** the files as they are now, taken out of the box (a message being sent) */
    take: (): Picked[] => {
      setFiles([]);
      setProblem(undefined);
      return files;
    },
    /** a message that was not sent brings its files back */
    restore: (back: Picked[]) => setFiles((now) => (now.length ? now : back)),
  };
}
