// Settings split across tabs; the switch to turn on is in a tab that is not shown at first.
import { html, attrs } from '../../lib/html.mjs';
import { formTask, postForm, submitButton, slug } from '../common.mjs';

const TABS = {
  Profile: ['Show my profile publicly', 'Show my email address', 'Allow search engines to index my profile'],
  Notifications: ['Weekly summary email', 'Product announcements', 'Text message alerts', 'Comment replies'],
  Privacy: ['Share usage data', 'Personalised ads', 'Allow location access'],
  Security: ['Two-step verification', 'Login alerts', 'Remember this device'],
};
const ALL = Object.values(TABS).flat();

export default formTask({
  name: 'tabs',
  description: 'Open the right tab, turn on a setting that is hidden until then, and save.',
  title: 'Account settings',
  generate(rng) {
    const defaults = Object.fromEntries(ALL.map((s) => [slug(s), rng.next() < 0.4]));
    const tab = rng.pick(Object.keys(TABS).slice(1));
    const wanted = rng.pick(TABS[tab]);
    defaults[slug(wanted)] = false;
    return { text: `In the ${tab} tab, turn on "${wanted}" and save your settings. Change nothing else.`, defaults, wanted };
  },
  expected: (d) => ({ on: ALL.map(slug).filter((k) => d.defaults[k] || k === slug(d.wanted)) }),
  render(ctx) {
    const { L, data } = ctx;
    const name = L.name('on');
    const tabs = Object.keys(TABS);
    return html`<h1>Account settings</h1>
${postForm(ctx, html`<div data-tabs><div role="tablist" aria-label="Settings sections">${tabs.map((t, i) => html`<button type="button" role="tab"${attrs({ id: L.id(`tab-${slug(t)}`), 'aria-selected': i === 0 ? 'true' : 'false', 'aria-controls': L.id(`panel-${slug(t)}`), tabindex: i === 0 ? 0 : -1 })}>${t}</button>`)}</div>
${tabs.map((t, i) => html`<div role="tabpanel"${attrs({ id: L.id(`panel-${slug(t)}`), 'aria-labelledby': L.id(`tab-${slug(t)}`), hidden: i !== 0 })}>
${L.order(TABS[t]).map((s) => {
      const id = L.id(`set-${slug(s)}`);
      return L.wrap(html`<div class="choice"><input type="checkbox" role="switch"${attrs({ id, name, value: slug(s), checked: data.defaults[slug(s)] })}><label${attrs({ for: id })}>${s}</label></div>`);
    })}</div>`)}</div>
${submitButton(L, ['Save settings', 'Save', 'Save changes'])}`)}`;
  },
});
