import { clip, collapse } from './dom';
import type { Frame, Measure } from './measure';
import type { Item } from './item';

const TEXT_MAX = 400;

/**
 * The text between interactive elements, gathered into one line per block; inside an interactive
 * element its text goes to the element's name instead (the innermost open collector).
 */
export class TextRuns {
  private buf = '';
  private bufEl: Element | null = null;
  private bufFrame: Frame = { dx: 0, dy: 0 };
  /** the heading level of the block being gathered, 0 for none */
  heading = 0;
  /** open labels whose words become their control's name, not text of their own */
  consumed = 0;
  readonly collectors: Array<{ parts: string[] }> = [];

  constructor(
    private measure: Measure,
    private push: (item: Omit<Item, 'order'>) => void,
  ) {}

  /** the innermost interactive element whose name is being gathered */
  collector(): { parts: string[] } | undefined {
    return this.collectors[this.collectors.length - 1];
  }

  add(s: string, from: Element | null, f: Frame): void {
    const top = this.collector();
    if (top) {
      top.parts.push(s);
      return;
    }
    if (this.consumed > 0) return;
    if (!this.bufEl && s.trim() && from) {
      this.bufEl = from;
      this.bufFrame = f;
    }
    this.buf += s;
  }

  flush = (): void => {
    const text = collapse(this.buf);
    if (text && this.bufEl && !/^[|\s]*$/.test(text)) {
      const heading = this.heading;
      this.push({ kind: 'text', el: this.bufEl, id: 0, role: heading ? 'heading' : 'text', name: clip(text.replace(/^\| | \|$/g, ''), TEXT_MAX), heading, ...this.measure.place(this.bufEl, this.bufFrame) });
    }
    this.buf = '';
    this.bufEl = null;
    this.heading = 0;
  };
}
