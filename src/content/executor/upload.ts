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
  const transfer = new DataTransfer();
  if (field) {
    if (isDisabled(field)) throw new ActionError('disabled', `the file field ${a.id} is disabled`);
    // a field that takes several files keeps those it has
    if (field.multiple) for (const f of Array.from(field.files ?? [])) transfer.items.add(f);
    transfer.items.add(fileOf(file));
    field.files = transfer.files;
    field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
    const held = Array.from(field.files ?? []).some((f) => f.name === file.name && f.size === file.size);
    if (!held) throw new ActionError('internal', `the file field ${a.id} did not take ${file.name}`);
    return { summary: `the file field holds ${file.name}`, moved: 1 };
  }
  transfer.items.add(fileOf(file));
  const box = el.getBoundingClientRect();
  const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
  for (const type of ['dragenter', 'dragover', 'drop']) {
    el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: transfer, ...at }));
  }
  // whether the page took it shows only in what its drop handler changed (the settle reports that)
  return { summary: `dropped ${file.name} on element ${a.id}` };
}
