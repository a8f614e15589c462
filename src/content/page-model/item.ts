import type { Region } from './geometry';

/** One line-to-be of the page model: an element with an id, a run of text, or an opaque frame. */
export interface Item {
  kind: 'el' | 'text' | 'frame';
  el: Element;
  /** 0 for text */
  id: number;
  role: string;
  /** accessible name for elements, the text itself for text items */
  name: string;
  heading: number;
  region: Region;
  dist: number;
  grid: string;
  order: number;
  /** the element's own visible text, when its name came from elsewhere (a custom combobox shows its value) */
  text?: string;
  /** for frames: the origin that could not be entered */
  origin?: string;
}
