import type { z } from 'zod';
import type { UploadAction } from '../../shared/action';
import type { FilePayload } from '../../shared/attachment';
import { inputType, isDisabled, tagOf } from '../page-model/dom';
import { ActionError, resolveOrThrow } from './errors';

const isFileInput = (el: Element | null | undefined): el is HTMLInputElement => !!el && tagOf(el) === 'input' && inputType(el) === 'file';

/**
 * The file field an element stands for: the field itself, the field a label names, or the one
 * file field inside it (a styled "Choose file" box around a hidden input). Null: a drop zone.
 */
function fileFieldOf(el: Element): HTMLInputElement | null {
  if (isFileInput(el)) return el;
  const control = tagOf(el) === 'label' ? (el as HTMLLabelElement).control : null;
  if (isFileInput(control)) return control;
  const inside = Array.from(el.querySelectorAll('input[type=file]'));
  return inside.length === 1 && isFileInput(inside[0]) ? inside[0] : null;
}

/** The drag events of a drop, with the file in their DataTransfer. */
function pageDrag(file: File): (type: string, at: { clientX: number; clientY: number }) => DragEvent {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  return (type, at) => new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: transfer, ...at });
}

function fileOf(p: FilePayload): File {
  const bytes = Uint8Array.from(atob(p.data), (c) => c.charCodeAt(0));
  return new File([bytes], p.name, { type: p.type });
}

/**
 * Puts an attached file into a file field as if the person had chosen it: the field's `files` set
 * through a DataTransfer, then `input` and `change` as the browser fires them. An element that is
 * no file field gets the drag-and-drop a person's drop would give it. The field is read back, so
 * the timeline says only what the page holds.
 */
export function upload(a: z.output<typeof UploadAction>, file?: FilePayload): { summary: string; moved?: number } {
  if (!file) throw new ActionError('unsupported', `no file named "${a.file}" was attached to this task`);
  const el = resolveOrThrow(a.id);
  const field = fileFieldOf(el);
  if (field) {
    if (isDisabled(field)) throw new ActionError('disabled', `the file field ${a.id} is disabled`);
    const transfer = new DataTransfer();
    // a field that takes several files keeps those it has
    if (field.multiple) for (const f of Array.from(field.files ?? [])) transfer.items.add(f);
    transfer.items.add(fileOf(file));
    field.files = transfer.files;
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
    const held = Array.from(field.files ?? []).some((f) => f.name === file.name && f.size === file.size);
    // an uploader that reads the file and empties its field took it; what it did shows in the settle
    if (!held) return { summary: `the file field was given ${file.name} and does not show it now` };
    return { summary: `the file field holds ${file.name}`, moved: 1 };
  }
  // a frame's document is not this one: what is dropped on the frame element reaches only its parent
  if (tagOf(el) === 'iframe' || tagOf(el) === 'frame') throw new ActionError('unsupported', `element ${a.id} is a frame; upload to the file field or drop zone inside it`);
  const box = el.getBoundingClientRect();
  const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
  const drag = pageDrag(fileOf(file));
  const taken = ['dragenter', 'dragover', 'drop'].map((type) => !el.dispatchEvent(drag(type, at)));
  // a drop zone cancels dragover (to accept) and drop (to handle it itself); an element that lets the
  // browser handle the drop takes no file
  if (!taken[1] || !taken[2]) throw new ActionError('unsupported', `element ${a.id} does not take dropped files; find the file field or the drop zone`);
  return { summary: `dropped ${file.name} on element ${a.id}` };
}
