import { z } from 'zod';
import { lazy } from './lazy';

/**
 * Several independent ways to find one element again on a later visit (replay, healing).
 * Recorded by the content script just before the person acts on the element; resolved by the
 * content script at replay, strategy by strategy, most reliable first (docs/workflows.md).
 * Strings are kept as the page had them; nothing here ever holds a secret value.
 */
export const Fingerprint = lazy(() => z.object({
  tag: z.string(),
  /** ARIA role as the page model computes it (button, link, textbox, combobox, checkbox, ...) */
  role: z.string(),
  /** accessible name as the page model computes it */
  name: z.string(),
  /** visible text of the element itself (buttons, links, options), trimmed and capped */
  text: z.string().optional(),
  /** the text of its <label> / aria-labelledby, when it has one */
  label: z.string().optional(),
  placeholder: z.string().optional(),
  /** data-testid / data-test / data-qa / data-cy, as "attr=value" */
  testId: z.string().optional(),
  /** the element's id attribute, unless it looks generated (digits, hashes) */
  domId: z.string().optional(),
  /** the form control's name attribute */
  nameAttr: z.string().optional(),
  inputType: z.string().optional(),
  href: z.string().optional(),
  /** a CSS path from the nearest document or shadow root */
  css: z.string(),
  /** an XPath from the nearest document (empty inside a shadow root, where XPath cannot reach) */
  xpath: z.string().default(''),
  /** CSS paths of the iframes from the top document down to the element's document */
  frames: z.array(z.string()).default([]),
  /** CSS paths of the shadow hosts from the element's document down to its shadow root */
  shadow: z.array(z.string()).default([]),
  /** where it was, in CSS pixels of the top viewport at the time, for a last tie-break */
  rect: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }).optional(),
  /** text of the nearest heading or fieldset legend above it, to tell apart repeated controls */
  context: z.string().optional(),
  /** the landmark it sits in ("nav Main", "footer", "form"); absent in fingerprints recorded before it existed */
  landmark: z.string().optional(),
  /** text of the list item, table row or card around it, to tell repeated controls apart */
  row: z.string().optional(),
  /** text of the nearest block around it that its same-named twins do not share, to tell them apart */
  near: z.string().optional(),
  /** the title of the dialog it sits in (subjectOf): what its buttons act on */
  dialog: z.string().optional(),
  /** words of its own and its icon's classes and data-* values, for controls with no name (lookOf) */
  look: z.string().optional(),
}));
export type Fingerprint = z.infer<typeof Fingerprint>;

/** How a fingerprint matched at replay, most reliable first. */
export const MatchStrategy = lazy(() => z.enum(['testId', 'domId', 'role+name', 'label', 'nameAttr', 'text', 'placeholder', 'css', 'xpath', 'position', 'model']));
export type MatchStrategy = z.infer<typeof MatchStrategy>;
