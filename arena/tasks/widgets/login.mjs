// A sign-in form; login-popup adds a newsletter pop-up that covers it shortly after load.
import { html, raw } from '../../lib/html.mjs';
import { formTask, postForm, submitButton } from '../common.mjs';

const USERS = ['mlopez', 'a.okafor', 'kenji_t', 'priya.p', 'jschmidt', 'novak77', 'hana.k', 'omar.h'];
const WORDS = ['Tulip', 'Harbor', 'Maple', 'Orbit', 'Falcon', 'Cobalt', 'Juniper', 'Lantern'];

function generate(rng) {
  const username = rng.pick(USERS);
  const password = `${rng.pick(WORDS)}-${rng.int(1000, 9999)}`;
  return { text: `Sign in with the username "${username}" and the password "${password}".`, username, password, popupDelay: rng.int(400, 900) };
}

function form(ctx, extra = '') {
  const { L } = ctx;
  const blocks = {
    user: L.input('username', ['Username', 'Email or username', 'User ID'], { autocomplete: 'username' }),
    pass: L.field('password', ['Password', 'Your password', 'Passcode'], (a) => html`<input type="password" autocomplete="current-password"${a}>`),
  };
  return html`<div style="max-width:420px;margin:0 auto"><h1>${L.label(['Sign in', 'Log in', 'Welcome back'])}</h1>
${postForm(ctx, html`${L.order(['user', 'pass']).map((k) => blocks[k])}
<div class="choice"><input type="checkbox" id="${L.id('remember')}" name="${L.name('remember')}"><label for="${L.id('remember')}">Remember me</label></div>
${submitButton(L, ['Sign in', 'Log in', 'Continue'])}
<p><a href="${ctx.href('/')}">Forgot your password?</a></p>`, { label: 'Sign in' })}</div>${extra}`;
}

const expected = (d) => ({ username: d.username, password: d.password });

export const login = formTask({
  name: 'login',
  description: 'Sign in with a username and password.',
  title: 'Sign in',
  brand: 'Harbor Bank',
  generate,
  expected,
  render: (ctx) => form(ctx),
  thanks: 'You are signed in.',
});

const popupTask = formTask({
  name: 'login-popup',
  description: 'Sign in, after dismissing a pop-up that covers the form shortly after the page loads.',
  title: 'Sign in',
  brand: 'Harbor Bank',
  generate,
  expected,
  render(ctx) {
    const { L, data } = ctx;
    // The pop-up arrives after a delay, the way newsletter and cookie modals interrupt real pages.
    const script = `setTimeout(function () {
  var overlay = document.createElement('div');
  overlay.className = 'overlay';
  overlay.innerHTML = '<div class="modal" role="dialog" aria-modal="true" aria-labelledby="${L.id('promo-title')}">' +
    '<h2 id="${L.id('promo-title')}">Get 3% cashback!</h2><p>Open a savings account today and earn 3% on every purchase.</p>' +
    '<div class="actions"><button type="button" class="primary" data-choice="accept">Tell me more</button>' +
    '<button type="button" data-choice="dismiss">No thanks</button></div></div>';
  document.body.appendChild(overlay);
  overlay.querySelectorAll('button').forEach(function (b) {
    b.addEventListener('click', function () {
      window.Arena.report('popup', { choice: b.getAttribute('data-choice') });
      overlay.remove();
    });
  });
}, ${data.popupDelay});`;
    return form(ctx, html`<script>${raw(script)}</script>`);
  },
  thanks: 'You are signed in.',
});

export default popupTask;
