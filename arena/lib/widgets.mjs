// Server-side markup for the custom widgets; their behaviour is in public/arena.js.
import { html, attrs, jsonRaw as jsonScript } from './html.mjs';

/** A date field whose calendar must be paged month by month; `typing` also accepts typed dates. */
export function datepicker(L, key, labels, { min, max, typing = false, value = '' }) {
  return L.field(key, labels, (_a, { id, name, lid }) => html`<div class="${L.cls('datepicker')} datepicker" data-datepicker${attrs({ 'data-min': min, 'data-max': max })}>
<input class="date-display"${attrs({ id, type: 'text', readonly: !typing, placeholder: typing ? 'DD/MM/YYYY' : 'Select a date', autocomplete: 'off', 'aria-haspopup': 'dialog', 'aria-expanded': 'false', 'aria-labelledby': lid })}>
<button type="button" class="cal-toggle" aria-label="Open calendar"><svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true"><rect x="1.5" y="3" width="13" height="11.5" rx="1.5" fill="none" stroke="currentColor"/><path d="M1.5 6.5h13M5 1.5v3M11 1.5v3" stroke="currentColor"/></svg></button>
<input type="hidden"${attrs({ name, value })}>
<div class="calendar" role="dialog" aria-label="Choose a date" hidden>
<div class="cal-head"><button type="button" class="cal-prev" aria-label="Previous month">&lsaquo;</button><span class="cal-title" aria-live="polite"></span><button type="button" class="cal-next" aria-label="Next month">&rsaquo;</button></div>
<table class="cal-grid"><thead><tr><th>Mo</th><th>Tu</th><th>We</th><th>Th</th><th>Fr</th><th>Sa</th><th>Su</th></tr></thead><tbody></tbody></table>
</div></div>`, { noWrap: true });
}

/** A text field whose value only counts once a suggestion is picked from the list. */
export function combobox(L, key, labels, options, { placeholder = '' } = {}) {
  return L.field(key, labels, (_a, { id, name, lid }) => html`<div class="combo" data-combobox>
<input${attrs({ id, type: 'text', role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': `${id}-list`, autocomplete: 'off', placeholder, 'aria-labelledby': lid })}>
<input type="hidden"${attrs({ name })}>
<ul class="combo-list" role="listbox"${attrs({ id: `${id}-list` })} hidden></ul>
<script type="application/json" class="combo-data">${jsonScript(options)}</script>
</div>`, { noWrap: true });
}

/** A dropdown built from divs and a listbox, the kind native select handling cannot drive. */
export function dropdown(L, key, labels, options, { placeholder = 'Choose...' } = {}) {
  const id = L.id(key);
  const lid = `${id}-label`;
  return L.wrap(html`<div class="${L.cls('field')}"><span class="label-text" id="${lid}">${L.label(labels)}</span>
<div class="dropdown" data-dropdown>
<div class="dd-trigger" role="combobox" tabindex="0" aria-haspopup="listbox" aria-expanded="false"${attrs({ id, 'aria-labelledby': `${lid} ${id}`, 'aria-controls': `${id}-list` })}><span class="dd-value">${placeholder}</span><span class="dd-caret" aria-hidden="true">&#9662;</span></div>
<div class="dd-menu" role="listbox"${attrs({ id: `${id}-list`, 'aria-labelledby': lid })} hidden>${options.map(([value, text]) => html`<div class="dd-option" role="option" aria-selected="false"${attrs({ 'data-value': value })}>${text}</div>`)}</div>
<input type="hidden"${attrs({ name: L.name(key) })}>
</div></div>`);
}

export function spinner(L, key, labels, { value = 1, min = 0, max = 20, readonly = false } = {}) {
  return L.field(key, labels, (_a, { id, name, lid }) => html`<div class="spinner" data-spinner>
<button type="button" data-step="-1" aria-label="Decrease">&minus;</button>
<input${attrs({ id, name, type: 'text', inputmode: 'numeric', role: 'spinbutton', value, readonly, 'aria-valuemin': min, 'aria-valuemax': max, 'aria-valuenow': value, 'aria-labelledby': lid, size: 3 })}>
<button type="button" data-step="1" aria-label="Increase">+</button>
</div>`, { noWrap: true });
}
