// The controls of a rendered admin-lte page as a person sees them, for the ground truth of
// bench/relocation/adminlte.mjs: a plain script run in the browser on a page with its stylesheet.
// window.describeControls() gives every control a person can click or type into (shown, with a box
// on the screen), each with what a labeller reads off the page: the region it is in (header,
// sidebar, content, footer...), the block it belongs to (its card's or box's title, its table row),
// its visible words, its label, its function (the template's data-* toggles) and its icon.
(() => {
  const CONTROLS = 'a[href],a[data-toggle],a[data-widget],button,input:not([type=hidden]),select,textarea,summary,[role=button],[onclick]';
  const squash = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const norm = (s) => squash((s || '').toLowerCase().replace(/[^a-z0-9]+/g, ' '));
  // Count badges and the like are not the control's name: "Inbox 12" is the Inbox link
  const BADGES = '.label,.badge,.pull-right-container,.float-right,.float-end,.right,.nav-badge,.menu-open-indicator';
  function words(el) {
    const c = el.cloneNode(true);
    for (const b of c.querySelectorAll(BADGES)) if (!b.matches('button,a,input')) b.remove();
    return squash(c.textContent);
  }
  function region(el) {
    if (el.closest('.modal')) return 'modal';
    if (el.closest('.control-sidebar')) return 'control-sidebar';
    if (el.closest('.main-header,.app-header')) return 'header';
    if (el.closest('.main-sidebar,.app-sidebar')) return 'sidebar';
    if (el.closest('.main-footer,.app-footer')) return 'footer';
    if (el.closest('.content-header,.app-content-header')) return 'content-header';
    return 'content';
  }
  const TITLES = '.box-title,.card-title,.modal-title,.info-box-text,.login-box-msg,.register-box-msg,.lockscreen-name,.profile-username,.widget-user-username';
  /** The block a control belongs to, by its title (a card's, a box's...), and its table row's words. */
  function block(el) {
    const parts = [];
    const box = el.closest('.box,.card,.info-box,.small-box,.modal-content,.login-box,.register-box,.lockscreen-wrapper,.callout,.alert');
    const t = box?.querySelector(TITLES);
    if (t) parts.push(norm(words(t)).slice(0, 40));
    const dd = el.closest('.dropdown-menu')?.parentElement?.querySelector('[data-toggle=dropdown],[data-bs-toggle=dropdown]');
    if (dd) parts.push(`menu ${nameOf(dd) || iconOf(dd) || ''}`);
    const tree = el.closest('.treeview-menu,.nav-treeview')?.parentElement?.querySelector(':scope > a');
    if (tree) parts.push(`under ${norm(words(tree))}`);
    const row = el.closest('tr');
    if (row) parts.push(`row ${norm(words(row)).slice(0, 60)}`);
    return parts.join(' / ');
  }
  /** The template's own function names, the same across versions once the prefixes are gone. */
  function fnOf(el) {
    const v = ['data-widget', 'data-card-widget', 'data-lte-toggle', 'data-toggle', 'data-bs-toggle', 'data-dismiss', 'data-bs-dismiss'].map((a) => el.getAttribute(a)).find(Boolean);
    if (!v) return '';
    const f = v.replace(/^card-/, '').replace(/^push-menu$/, 'pushmenu').replace(/^sidebar-toggle$/, 'pushmenu').replace(/^offcanvas$/, 'pushmenu');
    return f === 'tab' || f === 'dropdown' || f === 'collapse' && el.closest('.navbar-header,.navbar') ? '' : f;
  }
  // An icon by what it shows, whichever icon set draws it (Font Awesome 4 and 5, Bootstrap Icons, Ionicons)
  const SAME = [
    [/^(bars|list|navicon|reorder|justify)$/, 'menu'], [/^(gears?|cogs?|sliders)$/, 'settings'], [/^(th-large|grid|grid-3x3-gap)$/, 'grid'],
    [/^(expand|expand-arrows|arrows|arrows-fullscreen|arrows-angle-expand|fullscreen)$/, 'fullscreen'], [/^(compress|fullscreen-exit)$/, 'fullscreen-exit'],
    [/^(minus|dash)$/, 'minus'], [/^(plus)$/, 'plus'], [/^(times|x|close|remove)$/, 'close'], [/^(refresh|sync|arrow-clockwise|arrow-repeat|repeat|redo)$/, 'refresh'],
    [/^(chevron-left|angle-left|caret-left|arrow-left|angle-double-left|chevron-double-left)$/, 'left'], [/^(chevron-right|angle-right|caret-right|arrow-right|angle-double-right|chevron-double-right)$/, 'right'],
    [/^(envelope|envelope-open|chat|chat-text|comments?|chat-dots|chat-left-text|chat-square-text)$/, 'messages'], [/^(bell|bell-ring)$/, 'notifications'],
    [/^(trash|trash3|trash-can)$/, 'trash'], [/^(pencil|pen|edit|pencil-square|pencil-alt)$/, 'edit'], [/^(share|forward|reply-all|share-square)$/, 'forward'],
    [/^(search|magnifying-glass)$/, 'search'], [/^(star|star-half)$/, 'star'], [/^(square|square-o|check-square)$/, 'checkbox'], [/^(print|printer)$/, 'print'],
    [/^(upload|cloud-upload)$/, 'upload'], [/^(download|cloud-download)$/, 'download'], [/^(paperclip|paperclip-alt)$/, 'attach'], [/^(calendar|calendar3|calendar-alt)$/, 'calendar'],
  ];
  function iconOf(el) {
    const i = el.matches('i,span') ? el : el.querySelector('i[class],span[class*="fa-"],span[class*="bi-"],span[class*="glyphicon-"],span[class*="ion-"]');
    if (!i) return '';
    const cls = [...i.classList].find((c) => /^(fa|bi|ion|glyphicon)-/.test(c) && !/^fa-(fw|lg|[0-9]x|spin|pull-|rotate|flip|border|stack)/.test(c));
    if (!cls) return '';
    const bare = cls.replace(/^(fa|bi|glyphicon|ion-ios|ion-md|ion)-/, '').replace(/-(o|alt|fill|lg|circle|outline|sharp|square-o|2)$/, '').replace(/-(o|alt|fill|lg)$/, '');
    for (const [re, name] of SAME) if (re.test(bare)) return name;
    return bare;
  }
  function labelOf(el) {
    const own = el.getAttribute('aria-label') || el.getAttribute('title') || el.getAttribute('placeholder') || '';
    if (own) return squash(own);
    if (el.labels?.length) return squash([...el.labels].map(words).join(' '));
    if (el.matches('input,select,textarea')) {
      // "<label>Email address</label><input>" with no for: the label of the group it is in
      const group = el.closest('.form-group,.input-group,.mb-3,.col-auto,.form-floating,.checkbox,.radio,.form-check');
      const l = group?.querySelector('label');
      if (l && group.querySelectorAll('input:not([type=hidden]),select,textarea').length === 1) return squash(words(l));
    }
    return '';
  }
  function nameOf(el) {
    if (el.matches('input[type=submit],input[type=button],input[type=reset]')) return squash(el.value);
    if (el.matches('input,select,textarea')) return '';
    return words(el);
  }
  function xpathOf(el) {
    const parts = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      let i = 1;
      for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === e.localName) i++;
      parts.unshift(`${e.localName}[${i}]`);
    }
    return '/' + parts.join('/');
  }
  function shown(el) {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.right <= 0 || r.left >= document.documentElement.clientWidth) return false;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || el.closest('[aria-hidden=true]:not(body)')) return false;
    // cut off by a box that clips what overflows it (a chat's contacts pane slid out of its card)
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      // the sidebar scrolls with the template's script (not run here): what it clips is reachable
      if (a.matches('.sidebar,.sidebar-wrapper,.main-sidebar,.app-sidebar')) continue;
      const o = getComputedStyle(a);
      // (a box that scrolls does not hide: a person scrolls it)
      const b = a.getBoundingClientRect();
      if (/hidden|clip/.test(o.overflowX) && (r.right <= b.left + 1 || r.left >= b.right - 1)) return false;
      if (/hidden|clip/.test(o.overflowY) && (r.bottom <= b.top + 1 || r.top >= b.bottom - 1)) return false;
    }
    return true;
  }
  window.describeControls = () => {
    const all = [...document.querySelectorAll(CONTROLS)];
    // a control inside another control (an icon button in a link) is the outer one
    const controls = all.filter((el) => !all.some((o) => o !== el && o.contains(el)));
    let n = 0;
    return controls.map((el) => {
      el.setAttribute('data-c', String(n++));
      const name = nameOf(el);
      const label = labelOf(el);
      const r = el.getBoundingClientRect();
      const form = el.closest('form');
      return {
        form: form ? [...document.forms].indexOf(form) : -1,
        formButtons: form ? form.querySelectorAll('button,input[type=submit],input[type=button],input[type=image]').length : 0,
        c: el.getAttribute('data-c'), shown: shown(el), tag: el.localName, type: el.getAttribute('type') || '', role: el.getAttribute('role') || '',
        dropdown: /dropdown/.test(`${el.getAttribute('data-toggle')} ${el.getAttribute('data-bs-toggle')}`),
        region: region(el), block: block(el), name: squash(name), label, fn: fnOf(el), icon: iconOf(el), href: el.getAttribute('href') || '',
        inputName: el.getAttribute('name') || '', value: el.matches('input[type=checkbox],input[type=radio]') ? el.getAttribute('value') || '' : '',
        xpath: xpathOf(el), x: Math.round(r.left + scrollX), y: Math.round(r.top + scrollY), w: Math.round(r.width), h: Math.round(r.height),
        html: el.outerHTML.replace(/\s+/g, ' ').slice(0, 160),
      };
    });
  };
  window.normWords = norm;
})();
