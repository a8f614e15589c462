// A small webmail: list with search and folders, message view, compose (reply/forward), delete, star.
import { page, html, attrs } from '../../lib/html.mjs';
import { eventsOf } from '../../store.mjs';
import { FEMALE, MALE, LAST } from '../airline/data.mjs';

export const prefix = '/inbox';

const SUBJECTS = ['Lunch on Friday', 'Quarterly budget review', 'Your invoice #2291', 'Team offsite agenda', 'Photos from the trip', 'Re: apartment viewing', 'Conference tickets', 'Book club pick', 'Server maintenance window', 'Birthday plans', 'Contract draft v3', 'Parking permit renewal', 'Weekly newsletter', 'Flight itinerary', 'Feedback on the proposal', 'Garden club meeting'];
const OPENERS = ['Hi,', 'Hello!', 'Hey there,', 'Good morning,', 'Hi all,'];
const BODIES = ['Just checking in about this. Let me know what you think when you have a moment.', 'Attached are the details we discussed. Can you confirm by Thursday?', 'Quick reminder about the item above. Nothing urgent.', 'I put together a few notes below; happy to talk them through.', 'Could you take a look and get back to me this week?'];

/** Mail from people, with the chosen sender writing more than once so the subject matters. */
export function mailbox(rng, count = 12) {
  const people = Array.from({ length: 7 }, () => {
    const first = rng.pick([...FEMALE, ...MALE]);
    const last = rng.pick(LAST);
    return { name: `${first} ${last}`, email: `${first}.${last}@example.com`.toLowerCase() };
  }).filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i);
  const subjects = rng.sample(SUBJECTS, count);
  const emails = subjects.map((subject, i) => {
    const from = i < 3 ? people[0] : rng.pick(people);
    return { id: `m${i + 1}`, from, subject, body: `${rng.pick(OPENERS)}\n\n${rng.pick(BODIES)}\n\n${from.name.split(' ')[0]}`, read: rng.next() < 0.5, starred: false, deleted: false };
  });
  // Newest first, as a mailbox lists them.
  return { people, emails: rng.shuffle(emails).map((e, i) => ({ ...e, date: `${28 - i * 2} Mar` })) };
}

export function init(scenario) {
  scenario.state.emails = Object.fromEntries(scenario.data.emails.map((e) => [e.id, { ...e }]));
  scenario.state.sent = [];
}

function shell(ctx, title, body, scripts = []) {
  const { L } = ctx;
  const folder = ctx.query.get('folder') ?? 'inbox';
  const link = (f, label) => html`<a${attrs({ href: ctx.href('/', { folder: f }), class: folder === f ? 'active' : false, 'aria-current': folder === f ? 'page' : false })}>${label}</a>`;
  return ctx.html(page({
    title: `${title} - Postbox`, brand: 'Postbox', scenario: ctx.scenario,
    nav: [[ctx.href('/'), 'Mail'], [ctx.href('/'), 'Contacts'], [ctx.href('/'), 'Calendar']],
    body: html`<div class="mail-layout"><nav class="mail-folders" aria-label="Folders">
<a class="button primary"${attrs({ id: L.id('compose'), href: ctx.href('/compose', { mode: 'new' }) })}>Compose</a>
${link('inbox', 'Inbox')}${link('starred', 'Starred')}${link('sent', 'Sent')}${link('trash', 'Trash')}</nav>
<div>${body}</div></div>`,
    scripts: [`document.querySelectorAll('button.star-button').forEach(function (b) {
  b.addEventListener('click', function () {
    fetch(${JSON.stringify(`${ctx.prefix}/star?scenario=${ctx.scenario.id}`)}, { method: 'POST', body: new URLSearchParams({ id: b.getAttribute('data-id') }) })
      .then(function (r) { return r.json(); })
      .then(function (res) { b.setAttribute('aria-pressed', res.starred ? 'true' : 'false'); b.textContent = res.starred ? '\\u2605' : '\\u2606'; });
  });
});`, ...scripts],
  }));
}

const starButton = (e) => html`<button type="button" class="star-button"${attrs({ 'data-id': e.id, 'aria-pressed': e.starred ? 'true' : 'false', 'aria-label': `Star message from ${e.from.name}: ${e.subject}` })}>${e.starred ? '\u2605' : '\u2606'}</button>`;

function listPage(ctx) {
  const { L } = ctx;
  const folder = ctx.query.get('folder') ?? 'inbox';
  const q = (ctx.query.get('q') ?? '').trim().toLowerCase();
  const all = Object.values(ctx.state.emails);
  let shown = folder === 'trash' ? all.filter((e) => e.deleted) : all.filter((e) => !e.deleted);
  if (folder === 'starred') shown = shown.filter((e) => e.starred);
  if (q) shown = shown.filter((e) => `${e.from.name} ${e.from.email} ${e.subject} ${e.body}`.toLowerCase().includes(q));
  const flash = ctx.query.get('done');
  if (folder === 'sent') {
    return shell(ctx, 'Sent', html`<h1>Sent</h1><ul class="mail-list">${ctx.state.sent.map((m) => html`<li><span></span><span>To: ${m.to}</span><span>${m.subject}</span><span></span></li>`)}</ul>`);
  }
  return shell(ctx, 'Inbox', html`${flash ? html`<div class="notice ok" role="status">${flash}</div>` : ''}
<form method="get" role="search" class="inline-form"${attrs({ action: `${ctx.prefix}/` })}><input type="hidden" name="scenario" value="${ctx.scenario.id}"><input type="hidden" name="folder" value="${folder}">
<label class="sr-only"${attrs({ for: L.id('mail-search') })}>Search mail</label><input type="search"${attrs({ id: L.id('mail-search'), name: 'q', value: q, placeholder: 'Search mail' })}><button type="submit">Search</button></form>
<h1 style="margin-top:12px">${folder[0].toUpperCase() + folder.slice(1)}</h1>
<ul class="mail-list ${L.cls('mail-list')}" aria-label="Messages">${shown.map((e) => html`<li${attrs({ class: e.read ? false : 'unread' })}>${starButton(e)}<span>${e.from.name}</span>
<a${attrs({ href: ctx.href('/message', { id: e.id }) })}>${e.subject}</a><span class="muted">${e.date}</span></li>`)}</ul>
${shown.length ? '' : html`<p class="muted">No messages.</p>`}`);
}

function messagePage(ctx) {
  const { L } = ctx;
  const e = ctx.state.emails[ctx.query.get('id')];
  if (!e || e.deleted) return listPage(ctx);
  e.read = true;
  ctx.record('open', { id: e.id });
  return shell(ctx, e.subject, html`<div class="card"><h1>${e.subject}</h1>
<p><strong>${e.from.name}</strong> &lt;${e.from.email}&gt; &middot; <span class="muted">${e.date}</span></p>
<div class="actions" role="toolbar" aria-label="Message actions">
<a class="button"${attrs({ id: L.id('reply'), href: ctx.href('/compose', { mode: 'reply', id: e.id }) })}>Reply</a>
<a class="button"${attrs({ id: L.id('forward'), href: ctx.href('/compose', { mode: 'forward', id: e.id }) })}>Forward</a>
${starButton(e)}
<form method="post" style="display:inline"${attrs({ action: `${ctx.prefix}/delete` })}><input type="hidden" name="scenario" value="${ctx.scenario.id}"><input type="hidden" name="id" value="${e.id}">
<button type="submit" class="danger"${attrs({ id: L.id('delete') })}>Delete</button></form></div>
<div class="mail-body">${e.body}</div></div>`);
}

function composePage(ctx) {
  const { L } = ctx;
  const mode = ctx.query.get('mode') ?? 'new';
  const e = ctx.state.emails[ctx.query.get('id')];
  const quoted = e ? `\n\n----- ${mode === 'forward' ? 'Forwarded message' : `${e.from.name} wrote`} -----\n${e.body}` : '';
  const to = mode === 'reply' && e ? e.from.email : '';
  const subject = e ? `${mode === 'reply' ? 'Re' : 'Fwd'}: ${e.subject}` : '';
  const blocks = {
    to: L.input('to', ['To', 'Recipients'], { value: to, autocomplete: 'email' }),
    subject: L.input('subject', ['Subject'], { value: subject }),
  };
  return shell(ctx, 'Compose', html`<h1>${mode === 'reply' ? 'Reply' : mode === 'forward' ? 'Forward' : 'New message'}</h1>
<form method="post" class="card"${attrs({ action: `${ctx.prefix}/send`, id: L.id('compose-form') })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}"><input type="hidden" name="mode" value="${mode}"><input type="hidden" name="id" value="${e?.id ?? ''}">
${L.order(['to', 'subject']).map((k) => blocks[k])}
${L.field('body', ['Message', 'Body'], (a) => html`<textarea${a} rows="10">${quoted}</textarea>`)}
<div class="actions"><button type="submit"${attrs({ id: L.id('send') })}>Send</button><a class="button" href="${ctx.href('/')}">Discard</a></div>
</form>`);
}

export const routes = {
  'GET /': listPage,
  'GET /message': messagePage,
  'GET /compose': composePage,
  'POST /send': (ctx) => {
    const mail = { mode: ctx.body.get('mode'), id: ctx.body.get('id'), to: ctx.field('to'), subject: ctx.field('subject'), body: ctx.field('body') };
    if (!mail.to) return ctx.redirect(ctx.href('/compose', { mode: mail.mode, id: mail.id }));
    ctx.state.sent.push(mail);
    ctx.record('send', mail);
    ctx.redirect(ctx.href('/', { done: 'Message sent.' }));
  },
  'POST /delete': (ctx) => {
    const e = ctx.state.emails[ctx.body.get('id')];
    if (e) {
      e.deleted = true;
      ctx.record('delete', { id: e.id });
    }
    ctx.redirect(ctx.href('/', { done: 'Message moved to Trash.' }));
  },
  'POST /star': (ctx) => {
    const e = ctx.state.emails[ctx.body.get('id')];
    if (!e) return ctx.json({ error: 'unknown message' }, 404);
    e.starred = !e.starred;
    ctx.record('star', { id: e.id, starred: e.starred });
    ctx.json({ starred: e.starred });
  },
};

export const opened = (s, id) => eventsOf(s, 'open').some((e) => e.id === id);
export const norm = (v) => String(v ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
export const progressOf = (goals) => goals.filter(Boolean).length / goals.length;
