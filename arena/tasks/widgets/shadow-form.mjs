// A sign-up form rendered inside an open shadow root by a custom element.
import { html, raw } from '../../lib/html.mjs';
import { formTask, postForm, submitButton } from '../common.mjs';
import { FEMALE, MALE, LAST } from '../airline/data.mjs';

export default formTask({
  name: 'shadow-form',
  description: 'Fill and submit a form that lives inside an open shadow root.',
  title: 'Newsletter',
  brand: 'The Daily Sprout',
  generate(rng) {
    const name = `${rng.pick([...FEMALE, ...MALE])} ${rng.pick(LAST)}`;
    const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;
    const frequency = rng.pick(['Daily', 'Weekly', 'Monthly']);
    return { text: `Subscribe to the newsletter as ${name} (${email}) with ${frequency.toLowerCase()} emails.`, name, email, frequency };
  },
  expected: (d) => ({ name: d.name, email: d.email, frequency: d.frequency }),
  render(ctx) {
    const { L } = ctx;
    const tag = L.canonical ? 'newsletter-signup' : `signup-${L.cls('box').toLowerCase().replace(/[^a-z0-9]/g, '')}`;
    const blocks = {
      name: L.input('name', ['Full name', 'Name', 'Your name'], { autocomplete: 'name' }),
      email: L.field('email', ['Email', 'Email address', 'Your email'], (a) => html`<input type="email" autocomplete="email"${a}>`),
      frequency: L.select('frequency', ['How often?', 'Frequency', 'Email frequency'], ['Daily', 'Weekly', 'Monthly']),
    };
    const inner = postForm(ctx, html`${L.order(['name', 'email', 'frequency']).map((k) => blocks[k])}${submitButton(L, ['Subscribe', 'Sign me up', 'Join'])}`, { label: 'Newsletter sign-up' });
    // The stylesheet is linked inside the shadow root because document styles do not reach it.
    return html`<h1>Stay in the loop</h1><p>Fresh gardening tips, straight to your inbox.</p>
<template id="signup-template"><link rel="stylesheet" href="/static/arena.css">${inner}</template>
<${tag}></${tag}>
<script>${raw(`customElements.define(${JSON.stringify(tag)}, class extends HTMLElement {
  connectedCallback() {
    var root = this.attachShadow({ mode: 'open' });
    root.appendChild(document.getElementById('signup-template').content.cloneNode(true));
  }
});`)}</script>`;
  },
  thanks: 'Thanks for subscribing!',
});
