/**
 * The overlay's styles, inside its shadow root: `all: initial` so nothing the page's body passes
 * down (fonts, colours, line height) reaches it; everything but the Stop bar lets clicks through.
 */
export const OVERLAY_CSS = `
.layer { all: initial; display: none; }
.layer.on { display: block; }
.frame { position: fixed; inset: 0; pointer-events: none; z-index: 2147483646; border-radius: 2px;
  box-shadow: inset 0 0 0 3px rgba(36, 86, 214, 0.9), inset 0 0 18px 4px rgba(36, 86, 214, 0.35); }
.waiting .frame, .handoff .frame { box-shadow: inset 0 0 0 3px rgba(214, 160, 0, 0.95), inset 0 0 18px 4px rgba(214, 160, 0, 0.35); }
.paused .frame { box-shadow: inset 0 0 0 3px rgba(120, 128, 144, 0.9); }
.mark { position: fixed; display: none; pointer-events: none; z-index: 2147483646; border-radius: 4px; box-sizing: border-box; }
.mark.on { display: block; }
.mark.flash { border: 3px solid rgba(36, 86, 214, 0.95); background: rgba(36, 86, 214, 0.08); animation: pulse 1.5s ease-out forwards; }
.mark.field { border: 3px dashed rgba(214, 160, 0, 1); background: rgba(255, 214, 80, 0.12); }
@keyframes pulse { 0% { opacity: 1; } 70% { opacity: 1; } 100% { opacity: 0; } }
.bar { position: fixed; right: 12px; bottom: 12px; z-index: 2147483647; display: flex; align-items: center; gap: 10px;
  padding: 6px 6px 6px 12px; border-radius: 999px; background: #1d2330; color: #ffffff; box-shadow: 0 2px 10px rgba(0, 0, 0, 0.35);
  font: 13px/1.3 system-ui, -apple-system, 'Segoe UI', sans-serif; max-width: calc(100vw - 24px); }
.bar.top { bottom: auto; top: 12px; }
.waiting .bar, .handoff .bar { background: #6e5000; }
.label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.stop { all: initial; cursor: pointer; padding: 4px 12px; border-radius: 999px; background: #ffffff; color: #b3261e;
  font: 600 13px/1.3 system-ui, -apple-system, 'Segoe UI', sans-serif; }
.stop:focus-visible { outline: 2px solid #8fb0ff; outline-offset: 2px; }
/* recording: a thin red edge and a pill that lets every click through to the page; Stop is in the side panel */
.recording .frame { box-shadow: inset 0 0 0 2px rgba(179, 38, 30, 0.85); }
.recording .bar { background: #8c1d18; pointer-events: none; padding: 6px 12px; }
.recording .stop { display: none; }
@media (prefers-reduced-motion: reduce) { .mark.flash { animation: none; } }
`;
