import type { OverlayView } from '../../shared/messages/overlay';
import { lookup } from '../page-model/ids';
import { OVERLAY_CSS } from './style';

/**
 * The co-pilot drawn over the page: a glow around the viewport while it works, the element it is
 * about to act on outlined for a moment, the field the person is asked to fill, and a Stop button.
 *
 * It lives in a closed shadow root attached to <body>, whose only slot renders the page's own
 * content as before: no element, attribute or style is added to the page's document, so page
 * scripts cannot find, read or restyle it (`body.shadowRoot` is null to them), and the page
 * model, which walks light DOM and open roots only, never sees it.
 */

const FLASH_MS = 1_500;

interface Parts {
  root: ShadowRoot;
  layer: HTMLElement;
  frame: HTMLElement;
  bar: HTMLElement;
  label: HTMLElement;
  mark: HTMLElement;
}

let parts: Parts | undefined;
let target: { el: Element; until: number } | undefined;
let tracking = 0;
let onStop: () => void = () => {};

const LABEL: Record<Exclude<OverlayView['state'], 'off'>, string> = {
  acting: 'Co-pilot is working in this page',
  waiting: 'Co-pilot is waiting for you in the side panel',
  handoff: 'Your turn: fill the marked field, then continue in the side panel',
  paused: 'Co-pilot is paused',
  recording: 'Recording what you do in this page',
};

/** The shadow root, made once per document: a body that already hosts a shadow tree gets no overlay. */
function ensureParts(): Parts | undefined {
  if (parts && parts.root.host === document.body) return parts;
  const body = document.body;
  if (!body || body.tagName !== 'BODY') return undefined;
  let root: ShadowRoot;
  try {
    root = body.attachShadow({ mode: 'closed' });
  } catch {
    return undefined;
  }
  const style = document.createElement('style');
  style.textContent = OVERLAY_CSS;
  const slot = document.createElement('slot');
  const layer = document.createElement('div');
  layer.className = 'layer';
  layer.innerHTML = '<div class="frame"></div><div class="mark"></div><div class="bar" role="status"><span class="label"></span><button type="button" class="stop">Stop</button></div>';
  root.append(style, slot, layer);
  const stop = layer.querySelector('button')!;
  stop.addEventListener('click', (e) => {
    e.stopPropagation();
    // a page can dispatch clicks at the host, never a trusted one on this button
    if (e.isTrusted) onStop();
  });
  parts = { root, layer, frame: layer.querySelector('.frame')!, bar: layer.querySelector('.bar')!, label: layer.querySelector('.label')!, mark: layer.querySelector('.mark')! };
  return parts;
}

/** The element's box in the top document's viewport, across same-origin frames. */
function viewportRect(el: Element): DOMRect {
  const r = el.getBoundingClientRect();
  let x = r.left;
  let y = r.top;
  let frame = el.ownerDocument.defaultView?.frameElement ?? null;
  while (frame) {
    const f = frame.getBoundingClientRect();
    x += f.left + (frame as HTMLElement).clientLeft;
    y += f.top + (frame as HTMLElement).clientTop;
    frame = frame.ownerDocument.defaultView?.frameElement ?? null;
  }
  return new DOMRect(x, y, r.width, r.height);
}

/** Keeps the outline on its element while the page scrolls or moves, until it is due to go. */
function track(): void {
  cancelAnimationFrame(tracking);
  const p = parts;
  if (!p) return;
  if (!target || !target.el.isConnected || Date.now() > target.until) {
    p.mark.classList.remove('on');
    p.bar.classList.remove('top');
    target = undefined;
    return;
  }
  const r = viewportRect(target.el);
  Object.assign(p.mark.style, { left: `${r.left - 3}px`, top: `${r.top - 3}px`, width: `${r.width + 6}px`, height: `${r.height + 6}px` });
  p.mark.classList.add('on');
  // the Stop bar moves out of the way of the element acted on, so it never covers the click
  const bar = p.bar.getBoundingClientRect();
  const overlaps = r.right > bar.left && r.left < bar.right && r.bottom > bar.top && r.top < bar.bottom;
  if (overlaps) p.bar.classList.add('top');
  tracking = requestAnimationFrame(track);
}

/**
 * The element an action is about to act on, outlined for a moment while the overlay says the
 * co-pilot works here: the executor calls this as it aims (or acts, without trusted input), so the
 * service worker does not send each element in a message of its own just before the action's.
 */
export function outlineActing(el: Element): void {
  const p = parts;
  if (!p || p.root.host !== document.body || !p.layer.classList.contains('on') || !p.layer.classList.contains('acting')) return;
  target = { el, until: Date.now() + FLASH_MS };
  p.mark.className = 'mark flash';
  track();
}

/** The recorder's own sign in the page (it needs no service worker to say so): off only if it is what is shown. */
export function showRecording(on: boolean): void {
  if (on) void showOverlay({ state: 'recording' });
  else if (parts?.layer.classList.contains('recording')) void showOverlay({ state: 'off' });
}

export function setStopHandler(handler: () => void): void {
  onStop = handler;
}

/** Shows the overlay for `view`; `off` clears it. Answers whether anything is shown. */
export function showOverlay(view: OverlayView): boolean {
  if (view.state === 'off') {
    if (parts) parts.layer.classList.remove('on');
    target = undefined;
    track();
    return false;
  }
  const p = ensureParts();
  if (!p) return false;
  p.layer.className = `layer on ${view.state}`;
  // the step under way, in the timeline's words, so the person watching the page knows what comes
  p.label.textContent = view.state === 'acting' && view.doing ? `Co-pilot: ${view.doing}` : LABEL[view.state];
  const found = view.elementId === undefined ? undefined : lookup(view.elementId);
  if (found?.ok) {
    // an element acted on is outlined for a moment; the field to fill, or the control the person
    // is asked about, stays marked until they answer
    target = { el: found.el, until: view.state === 'acting' ? Date.now() + FLASH_MS : Infinity };
    p.mark.className = `mark ${view.state === 'acting' ? 'flash' : 'field'}`;
  } else if (target?.until === Infinity) target = undefined; // the person answered: the mark goes
  track();
  return true;
}
