// The four mailbox tasks: reply, forward, delete and star, all on the same seeded inbox.
import { eventsOf } from '../../store.mjs';
import { routes, prefix, init, mailbox, opened, norm, progressOf } from './site.mjs';

const REPLIES = ['Sounds good, see you then.', 'Thanks, I will take a look today.', 'Confirmed, thank you!', 'Can we move this to next week?', 'Great, count me in.'];
const FORWARD_TO = ['jordan.lee@example.com', 'finance@example.com', 'sam.rivera@example.com', 'office@example.com'];

const base = { prefix, routes, init, variesLayout: true };
/** The target is one of the three messages from the most frequent sender. */
const target = (rng, emails) => rng.pick(emails.filter((e) => e.from.name === emails.find((x) => x.id === 'm1').from.name));

export const inboxReply = {
  ...base,
  name: 'inbox-reply',
  description: 'Find an email in the inbox and reply to it with a given text.',
  generate(rng) {
    const box = mailbox(rng);
    const t = target(rng, box.emails);
    const reply = rng.pick(REPLIES);
    return { ...box, text: `Reply to the email from ${t.from.name} about "${t.subject}" with the message "${reply}"`, id: t.id, reply };
  },
  score(s) {
    const d = s.data;
    const sends = eventsOf(s, 'send');
    const to = s.state.emails[d.id].from.email;
    const right = sends.filter((m) => m.mode === 'reply' && m.id === d.id && norm(m.to).includes(to) && norm(m.body).includes(norm(d.reply)));
    const goals = [opened(s, d.id), sends.some((m) => m.id === d.id && m.mode === 'reply'), right.length > 0];
    const success = right.length > 0 && sends.length === 1;
    return { success, progress: progressOf(goals), reason: success ? 'replied as asked' : sends.length > 1 ? `${sends.length} messages were sent` : right.length ? '' : 'no reply to the right message with the right text' };
  },
};

export const inboxForward = {
  ...base,
  name: 'inbox-forward',
  description: 'Find an email and forward it to a given address.',
  generate(rng) {
    const box = mailbox(rng);
    const t = target(rng, box.emails);
    const to = rng.pick(FORWARD_TO);
    return { ...box, text: `Forward the email from ${t.from.name} about "${t.subject}" to ${to}.`, id: t.id, to };
  },
  score(s) {
    const d = s.data;
    const sends = eventsOf(s, 'send');
    const right = sends.filter((m) => m.mode === 'forward' && m.id === d.id && norm(m.to) === d.to);
    const goals = [opened(s, d.id), sends.some((m) => m.id === d.id && m.mode === 'forward'), right.length > 0];
    const success = right.length > 0 && sends.length === 1;
    return { success, progress: progressOf(goals), reason: success ? `forwarded to ${d.to}` : sends.length > 1 ? `${sends.length} messages were sent` : 'the right message was not forwarded to the right address' };
  },
};

export const inboxDelete = {
  ...base,
  name: 'inbox-delete',
  description: 'Delete one specific email (and no other).',
  generate(rng) {
    const box = mailbox(rng);
    const t = target(rng, box.emails);
    return { ...box, text: `Delete the email from ${t.from.name} about "${t.subject}".`, id: t.id };
  },
  score(s) {
    const d = s.data;
    const deleted = Object.values(s.state.emails).filter((e) => e.deleted).map((e) => e.id);
    const success = deleted.length === 1 && deleted[0] === d.id;
    const others = deleted.filter((id) => id !== d.id);
    return { success, progress: others.length ? 0 : progressOf([opened(s, d.id) || deleted.includes(d.id), deleted.includes(d.id)]), reason: success ? 'deleted the right email' : others.length ? `deleted other emails: ${others.join(', ')}` : 'the email is still in the inbox' };
  },
};

export const inboxStar = {
  ...base,
  name: 'inbox-star',
  description: 'Star every email from one sender (and no other).',
  generate(rng) {
    const box = mailbox(rng);
    const sender = box.emails.find((e) => e.id === 'm1').from;
    // Some other mail is already starred; it must stay as it is.
    for (const e of rng.sample(box.emails.filter((x) => x.from.name !== sender.name), 2)) e.starred = true;
    return { ...box, text: `Star all the emails from ${sender.name}.`, sender: sender.name };
  },
  score(s) {
    const d = s.data;
    const initial = Object.fromEntries(d.emails.map((e) => [e.id, e.starred]));
    const mine = Object.values(s.state.emails).filter((e) => e.from.name === d.sender);
    const others = Object.values(s.state.emails).filter((e) => e.from.name !== d.sender && e.starred !== initial[e.id]);
    const starred = mine.filter((e) => e.starred).length;
    const success = starred === mine.length && others.length === 0;
    return { success, progress: others.length ? 0 : starred / mine.length, reason: success ? `starred ${starred} emails` : others.length ? 'changed stars on other emails' : `starred ${starred} of ${mine.length}` };
  },
};
