import { useState, type DragEvent } from 'react';
import { addFiles, type Picked } from './attach-files';

/**
 * The files the composer holds for the next task: added with the paperclip or dropped on the box,
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
  const dropProps = off
    ? {}
    : {
        onDragOver: (e: DragEvent) => {
          if (!e.dataTransfer.types.includes('Files')) return;
          e.preventDefault();
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (e: DragEvent) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          setDragging(false);
          attach(Array.from(e.dataTransfer.files));
        },
      };
  return {
    files,
    problem,
    dragging,
    dropProps,
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
