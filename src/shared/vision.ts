import { z } from 'zod';
import { lazy } from './lazy';

/**
 * What a screenshot is drawn from: the viewport's size and, in CSS pixels of the top viewport, the
 * boxes of the page model's labelled elements and of every secret field on screen. The content
 * script measures it; the service worker draws it over the captured picture. docs/screenshots.md.
 */
export const Rect = lazy(() => z.object({ x: z.number(), y: z.number(), w: z.number().nonnegative(), h: z.number().nonnegative() }));
export type Rect = z.infer<typeof Rect>;

export const LabelBox = lazy(() => Rect.extend({ id: z.number().int().nonnegative() }));
export type LabelBox = z.infer<typeof LabelBox>;

/** Facts about the visible area that say whether the page model describes it well (core/vision/thin.ts). */
export const ViewportStats = lazy(() => z.object({
  /** viewport area in CSS pixels squared */
  area: z.number().nonnegative(),
  /** elements with an id at least partly on screen */
  interactive: z.number().int().nonnegative(),
  /** characters of text on screen (names of elements and text lines) */
  textChars: z.number().int().nonnegative(),
  /** on-screen area covered by canvases, and by images, svg pictures and videos that have no text alternative */
  canvasArea: z.number().nonnegative(),
  pictureArea: z.number().nonnegative(),
}));
export type ViewportStats = z.infer<typeof ViewportStats>;

export const ViewportLayout = lazy(() => z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  labels: z.array(LabelBox),
  /** password, card, code fields on screen: blacked out before the picture leaves the browser */
  secrets: z.array(Rect),
  stats: ViewportStats,
}));
export type ViewportLayout = z.infer<typeof ViewportLayout>;

/** A screenshot as the agent receives it: the picture and how its pixels map to the viewport's. */
export interface Screenshot {
  mediaType: 'image/jpeg';
  /** base64, no data: prefix */
  data: string;
  width: number;
  height: number;
  /** picture pixels per CSS pixel (≤ 1: the picture is scaled down) */
  scale: number;
  /** ids drawn on the picture, with their boxes in picture pixels */
  labels: LabelBox[];
  /** secret fields blacked out */
  blackedOut: number;
  /** why it was taken: the page model is thin here, or the policy asked to look */
  reason: string;
}
