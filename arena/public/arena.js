// Shared page behaviour: reporting to the arena server and the custom widgets
// (autocomplete, date picker, div dropdown, spinner, accordion, tabs).
(function () {
  'use strict';
  var scenario = document.body.getAttribute('data-scenario');

  function report(type, data) {
    var body = Object.assign({ type: type }, data || {});
    return fetch('/api/report?scenario=' + encodeURIComponent(scenario || ''), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });
  }
  window.Arena = { report: report, scenario: scenario };

  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  var DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  function pad(n) { return (n < 10 ? '0' : '') + n; }
  function iso(y, m, d) { return y + '-' + pad(m + 1) + '-' + pad(d); }
  function parseIso(text) {
    var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || '');
    return m ? { y: +m[1], m: +m[2] - 1, d: +m[3] } : null;
  }
  function pretty(p) { return p.d + ' ' + MONTHS[p.m].slice(0, 3) + ' ' + p.y; }
  // Only the variants that allow typing use this: ISO, DD/MM/YYYY or "12 March 2027".
  function parseTyped(text) {
    text = (text || '').trim();
    var p = parseIso(text);
    if (p) return p;
    var m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
    if (m) return { y: +m[3], m: +m[2] - 1, d: +m[1] };
    m = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(text);
    if (m) {
      var idx = MONTHS.findIndex(function (name) { return name.toLowerCase().indexOf(m[2].toLowerCase().slice(0, 3)) === 0; });
      if (idx >= 0) return { y: +m[3], m: idx, d: +m[1] };
    }
    return null;
  }

  function initDatepicker(root) {
    var input = root.querySelector('input.date-display');
    var hidden = root.querySelector('input[type=hidden]');
    var toggle = root.querySelector('button.cal-toggle');
    var cal = root.querySelector('.calendar');
    var title = cal.querySelector('.cal-title');
    var grid = cal.querySelector('tbody');
    var min = root.getAttribute('data-min');
    var max = root.getAttribute('data-max');
    var start = parseIso(min);
    var view = { y: start.y, m: start.m };

    function render() {
      title.textContent = MONTHS[view.m] + ' ' + view.y;
      cal.querySelector('.cal-prev').disabled = iso(view.y, view.m, 1) <= min;
      var nextFirst = view.m === 11 ? iso(view.y + 1, 0, 1) : iso(view.y, view.m + 1, 1);
      cal.querySelector('.cal-next').disabled = nextFirst > max;
      var first = new Date(Date.UTC(view.y, view.m, 1)).getUTCDay();
      var offset = (first + 6) % 7;
      var days = new Date(Date.UTC(view.y, view.m + 1, 0)).getUTCDate();
      var rows = '';
      var cell = 0;
      for (var w = 0; cell < offset + days; w++) {
        rows += '<tr>';
        for (var k = 0; k < 7; k++, cell++) {
          var d = cell - offset + 1;
          if (d < 1 || d > days) { rows += '<td></td>'; continue; }
          var value = iso(view.y, view.m, d);
          var dow = DAYS[new Date(Date.UTC(view.y, view.m, d)).getUTCDay()];
          var off = value < min || value > max;
          rows += '<td><button type="button" class="cal-day' + (value === hidden.value ? ' selected' : '') + '" data-date="' + value +
            '" aria-label="' + dow + ', ' + d + ' ' + MONTHS[view.m] + ' ' + view.y + '"' + (off ? ' disabled' : '') + '>' + d + '</button></td>';
        }
        rows += '</tr>';
      }
      grid.innerHTML = rows;
    }
    function open() {
      var p = parseIso(hidden.value);
      if (p) view = { y: p.y, m: p.m };
      render();
      cal.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    }
    function close() {
      cal.hidden = true;
      input.setAttribute('aria-expanded', 'false');
    }
    function choose(value) {
      hidden.value = value;
      input.value = pretty(parseIso(value));
      hidden.dispatchEvent(new Event('change', { bubbles: true }));
      close();
    }
    cal.querySelector('.cal-prev').addEventListener('click', function () {
      view.m -= 1;
      if (view.m < 0) { view.m = 11; view.y -= 1; }
      render();
    });
    cal.querySelector('.cal-next').addEventListener('click', function () {
      view.m += 1;
      if (view.m > 11) { view.m = 0; view.y += 1; }
      render();
    });
    grid.addEventListener('click', function (e) {
      var b = e.target.closest('button.cal-day');
      if (b && !b.disabled) choose(b.getAttribute('data-date'));
    });
    toggle.addEventListener('click', function () { if (cal.hidden) open(); else close(); });
    if (input.readOnly) {
      input.addEventListener('click', function () { if (cal.hidden) open(); });
    } else {
      // On every keystroke, so pressing Enter to submit already sees the typed date.
      input.addEventListener('input', function () {
        var p = parseTyped(input.value);
        var value = p ? iso(p.y, p.m, p.d) : '';
        hidden.value = value && value >= min && value <= max ? value : '';
      });
    }
    document.addEventListener('click', function (e) {
      if (!cal.hidden && !root.contains(e.target)) close();
    });
  }

  function initCombobox(root) {
    var input = root.querySelector('input[role=combobox]');
    var hidden = root.querySelector('input[type=hidden]');
    var list = root.querySelector('[role=listbox]');
    var options = JSON.parse(root.querySelector('script.combo-data').textContent);
    var shown = [];
    var active = -1;

    function close() {
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      active = -1;
    }
    function highlight(i) {
      active = i;
      Array.prototype.forEach.call(list.children, function (li, k) {
        li.setAttribute('aria-selected', k === i ? 'true' : 'false');
      });
      if (i >= 0) input.setAttribute('aria-activedescendant', list.children[i].id);
    }
    function pick(option) {
      input.value = option.label;
      hidden.value = option.value;
      hidden.dispatchEvent(new Event('change', { bubbles: true }));
      close();
    }
    function update() {
      var text = input.value.trim().toLowerCase();
      hidden.value = '';
      if (!text) return close();
      var starts = options.filter(function (o) { return o.label.toLowerCase().indexOf(text) === 0; });
      var contains = options.filter(function (o) {
        var hay = (o.label + ' ' + (o.hint || '')).toLowerCase();
        return hay.indexOf(text) > 0 && starts.indexOf(o) < 0;
      });
      shown = starts.concat(contains).slice(0, 8);
      list.innerHTML = '';
      shown.forEach(function (o, k) {
        var li = document.createElement('li');
        li.id = list.id + '-opt-' + k;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.textContent = o.label;
        if (o.hint) {
          var small = document.createElement('small');
          small.textContent = ' ' + o.hint;
          li.appendChild(small);
        }
        li.addEventListener('mousedown', function (e) { e.preventDefault(); });
        li.addEventListener('click', function () { pick(o); });
        list.appendChild(li);
      });
      list.hidden = shown.length === 0;
      input.setAttribute('aria-expanded', shown.length ? 'true' : 'false');
      active = -1;
    }
    input.addEventListener('input', update);
    input.addEventListener('keydown', function (e) {
      if (list.hidden) return;
      if (e.key === 'ArrowDown') { e.preventDefault(); highlight(Math.min(active + 1, shown.length - 1)); }
      else if (e.key === 'ArrowUp') { e.preventDefault(); highlight(Math.max(active - 1, 0)); }
      else if (e.key === 'Enter' && active >= 0) { e.preventDefault(); pick(shown[active]); }
      else if (e.key === 'Escape') close();
    });
    input.addEventListener('blur', function () { setTimeout(close, 150); });
  }

  function initDropdown(root) {
    var trigger = root.querySelector('.dd-trigger');
    var list = root.querySelector('[role=listbox]');
    var hidden = root.querySelector('input[type=hidden]');
    var valueEl = trigger.querySelector('.dd-value');
    function setOpen(open) {
      list.hidden = !open;
      trigger.setAttribute('aria-expanded', open ? 'true' : 'false');
    }
    trigger.addEventListener('click', function () { setOpen(list.hidden); });
    trigger.addEventListener('keydown', function (e) {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); setOpen(list.hidden); }
    });
    list.addEventListener('click', function (e) {
      var li = e.target.closest('[role=option]');
      if (!li) return;
      Array.prototype.forEach.call(list.children, function (o) { o.setAttribute('aria-selected', o === li ? 'true' : 'false'); });
      hidden.value = li.getAttribute('data-value');
      valueEl.textContent = li.textContent;
      setOpen(false);
    });
    document.addEventListener('click', function (e) {
      if (!list.hidden && !root.contains(e.target)) setOpen(false);
    });
  }

  function initSpinner(root) {
    var input = root.querySelector('input');
    var min = +input.getAttribute('aria-valuemin');
    var max = +input.getAttribute('aria-valuemax');
    function set(v) {
      v = Math.max(min, Math.min(max, v));
      input.value = String(v);
      input.setAttribute('aria-valuenow', String(v));
    }
    root.querySelectorAll('button[data-step]').forEach(function (b) {
      b.addEventListener('click', function () { set((parseInt(input.value, 10) || 0) + +b.getAttribute('data-step')); });
    });
    input.addEventListener('change', function () { set(parseInt(input.value, 10) || min); });
    input.addEventListener('keydown', function (e) {
      if (e.key === 'ArrowUp') { e.preventDefault(); set((parseInt(input.value, 10) || 0) + 1); }
      if (e.key === 'ArrowDown') { e.preventDefault(); set((parseInt(input.value, 10) || 0) - 1); }
    });
  }

  function initAccordion(root) {
    root.querySelectorAll('button[aria-controls]').forEach(function (b) {
      b.addEventListener('click', function () {
        var panel = document.getElementById(b.getAttribute('aria-controls'));
        var open = b.getAttribute('aria-expanded') !== 'true';
        b.setAttribute('aria-expanded', open ? 'true' : 'false');
        panel.hidden = !open;
      });
    });
  }

  function initTabs(root) {
    var tabs = root.querySelectorAll('[role=tab]');
    tabs.forEach(function (tab) {
      tab.addEventListener('click', function () {
        tabs.forEach(function (t) {
          var selected = t === tab;
          t.setAttribute('aria-selected', selected ? 'true' : 'false');
          t.tabIndex = selected ? 0 : -1;
          document.getElementById(t.getAttribute('aria-controls')).hidden = !selected;
        });
      });
    });
  }

  document.querySelectorAll('[data-datepicker]').forEach(initDatepicker);
  document.querySelectorAll('[data-combobox]').forEach(initCombobox);
  document.querySelectorAll('[data-dropdown]').forEach(initDropdown);
  document.querySelectorAll('[data-spinner]').forEach(initSpinner);
  document.querySelectorAll('[data-accordion]').forEach(initAccordion);
  document.querySelectorAll('[data-tabs]').forEach(initTabs);
})();
