// A support form embedded in a same-origin iframe.
import { html, page } from '../../lib/html.mjs';
import { formTask, postForm, submitButton } from '../common.mjs';
import { FEMALE, MALE, LAST } from '../airline/data.mjs';

const TOPICS = ['Billing', 'Technical problem', 'Account access', 'Feedback', 'Cancel subscription'];
const MESSAGES = ['My invoice shows the wrong amount.', 'The app crashes when I upload a photo.', 'I cannot reset my password.', 'Please add a dark mode.', 'I would like to end my plan this month.'];

export default formTask({
  name: 'iframe-form',
  description: 'Fill and submit a support form inside a same-origin iframe.',
  title: 'Support',
  brand: 'Cloudnest',
  generate(rng) {
    const name = `${rng.pick([...FEMALE, ...MALE])} ${rng.pick(LAST)}`;
    const topic = rng.pick(TOPICS);
    const message = rng.pick(MESSAGES);
    return { text: `Send a support request as ${name}, topic "${topic}", with the message "${message}"`, name, topic, message };
  },
  expected: (d) => ({ name: d.name, topic: d.topic, message: d.message }),
  render(ctx, { inFrame } = {}) {
    const { L } = ctx;
    if (!inFrame) {
      return html`<h1>Contact support</h1><p>Our team answers within one business day.</p>
${L.wrap(html`<iframe title="Support request form" src="${ctx.href('/frame')}" style="width:100%;height:520px;border:1px solid #d6dde5;border-radius:8px;background:#fff"></iframe>`)}`;
    }
    const blocks = {
      name: L.input('name', ['Your name', 'Name', 'Full name'], { autocomplete: 'name' }),
      topic: L.select('topic', ['Topic', 'What is it about?', 'Category'], [['', 'Choose a topic'], ...TOPICS.map((t) => [t, t])]),
      message: L.field('message', ['Message', 'How can we help?', 'Details'], (a) => html`<textarea${a}></textarea>`),
    };
    return postForm(ctx, html`${L.order(['name', 'topic', 'message']).map((k) => blocks[k])}${submitButton(L, ['Send request', 'Send', 'Submit'])}`, { label: 'Support request' });
  },
  frame: (ctx, body) => page({ title: 'Support form', scenario: ctx.scenario, body }).replace(/<header[\s\S]*?<\/header>|<footer[\s\S]*?<\/footer>/g, ''),
  thanks: 'Your request was sent. Ticket #4471 created.',
});
