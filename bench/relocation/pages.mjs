// Real-looking pages for the relocation corpus: a product landing page, a dashboard with a table,
// a settings form, a shop listing, a mail client and a documentation page. Content is drawn from
// small pools with a seeded random source, so every page differs but the corpus is reproducible.
import { h } from './tree.mjs';

const BRANDS = ['Acme', 'Northwind', 'Lumen', 'Orbit', 'Quill', 'Harbor', 'Pylon', 'Sprout', 'Vertex', 'Tandem'];
const FEATURES = ['Real-time sync', 'Audit trail', 'Single sign-on', 'Custom reports', 'Offline mode', 'Team spaces', 'API access', 'Smart alerts'];
const PEOPLE = ['Ana Silva', 'Ben Carter', 'Chen Wei', 'Dara Okafor', 'Eli Novak', 'Farah Aziz', 'Gus Lindqvist', 'Hana Ito', 'Ivan Petrov', 'Jade Moreau'];
const PROJECTS = ['Apollo', 'Borealis', 'Cascade', 'Delta', 'Ember', 'Fjord', 'Granite', 'Helix', 'Iris', 'Juniper', 'Kestrel'];
const PRODUCTS = ['Trail runner shoe', 'Merino hoodie', 'Canvas tote', 'Rain shell jacket', 'Wool beanie', 'Hiking sock pack', 'Denim jacket', 'Linen shirt', 'Leather belt'];
const SUBJECTS = ['Quarterly report draft', 'Lunch on Friday?', 'Invoice #4821', 'Your order has shipped', 'Re: design review', 'Team offsite plans', 'Password reset request', 'Welcome aboard'];
const DOC_SECTIONS = ['Installation', 'Configuration', 'Authentication', 'Webhooks', 'Rate limits', 'Error codes', 'Pagination'];

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const money = (rng) => `$${rng.int(9, 199)}.${rng.pick(['00', '50', '99'])}`;

function landing(rng) {
  const brand = rng.pick(BRANDS);
  const feats = rng.sample(FEATURES, rng.int(3, 4));
  const plans = ['Starter', 'Team', 'Enterprise'];
  const body = h('body', {},
    h('header', { class: 'site-header', id: 'top' },
      h('a', { href: '/', class: 'logo', id: 'logo' }, brand),
      h('nav', { 'aria-label': 'Main' }, h('ul', {}, ['Product', 'Pricing', 'Customers', 'Docs'].map((x) => h('li', {}, h('a', { href: `/${slug(x)}` }, x))))),
      h('a', { href: '/login', class: 'nav-link' }, 'Sign in'),
      h('a', { href: '/signup', class: 'btn', 'data-testid': rng.next() < 0.4 ? 'header-cta' : undefined }, 'Get started')),
    h('main', {},
      h('section', { class: 'hero', id: 'hero' },
        h('h1', {}, `${brand} keeps your team in step`),
        h('p', {}, 'Plan, track and ship work in one place.'),
        h('a', { href: '/signup?trial=30', class: 'btn primary' }, 'Try free for 30 days'),
        h('a', { href: '/demo', class: 'btn' }, 'Book a demo')),
      h('section', { class: 'features', id: 'features' },
        h('h2', {}, `Why ${brand}`),
        h('div', { class: 'grid' }, feats.map((f) => h('div', { class: 'card' }, h('h3', {}, f), h('p', {}, `${f} for every plan.`), h('a', { href: `/features/${slug(f)}` }, 'Learn more'))))),
      h('section', { class: 'pricing', id: 'pricing' },
        h('h2', {}, 'Pricing'),
        h('div', { class: 'plans' }, plans.map((p) => h('div', { class: 'plan' }, h('h3', {}, p), h('p', { class: 'price' }, money(rng)), h('button', { type: 'button', class: 'btn' }, 'Choose plan'))))),
      h('section', { class: 'faq' }, h('h2', {}, 'Questions'),
        ['Can I cancel any time?', 'Do you offer discounts?', 'Where is my data stored?'].map((q) => h('details', {}, h('summary', {}, q), h('p', {}, 'Yes.'))))),
    h('footer', {}, h('ul', {}, ['About', 'Careers', 'Blog', 'Contact'].map((x) => h('li', {}, h('a', { href: `/${slug(x)}` }, x))))));
  return { title: `${brand}: plan and ship`, body };
}

function dashboard(rng) {
  const brand = rng.pick(BRANDS);
  const rows = rng.sample(PROJECTS, rng.int(4, 6));
  const body = h('body', {},
    h('aside', { class: 'sidebar' },
      h('a', { href: '/app', class: 'logo' }, brand),
      h('nav', { 'aria-label': 'Sections' }, h('ul', {}, ['Overview', 'Projects', 'Team', 'Billing', 'Settings'].map((x) => h('li', {}, h('a', { href: `/app/${slug(x)}` }, x)))))),
    h('header', { class: 'topbar' },
      h('input', { type: 'search', placeholder: 'Search projects', 'aria-label': 'Search', id: 'q' }),
      h('button', { type: 'button', class: 'btn primary', id: 'new-project' }, 'New project'),
      h('button', { type: 'button', 'aria-label': 'Notifications', class: 'icon' }, '🔔'),
      h('a', { href: '/app/profile' }, 'Profile')),
    h('main', {},
      h('h1', {}, 'Projects'),
      h('table', { class: 'projects' },
        h('thead', {}, h('tr', {}, ['Name', 'Owner', 'Status', 'Actions'].map((x) => h('th', {}, x)))),
        h('tbody', {}, rows.map((p) => h('tr', {},
          h('td', {}, h('a', { href: `/app/projects/${slug(p)}` }, p)),
          h('td', {}, rng.pick(PEOPLE)),
          h('td', {}, h('span', { class: 'badge' }, rng.pick(['Active', 'Paused', 'Archived']))),
          h('td', {}, h('button', { type: 'button', class: 'btn' }, 'Edit'), h('button', { type: 'button', class: 'btn danger' }, 'Delete')))))),
      h('nav', { class: 'pagination', 'aria-label': 'Pages' }, h('a', { href: '?page=1' }, 'Previous'), h('a', { href: '?page=2' }, '2'), h('a', { href: '?page=3' }, 'Next'))));
  return { title: `${brand} · Projects`, body };
}

function settings(rng) {
  const field = (id, label, type = 'text') => h('div', { class: 'field' }, h('label', { for: id }, label), h('input', { id, name: id.replace(/-/g, '_'), type }));
  const check = (id, label) => h('div', { class: 'check' }, h('input', { type: 'checkbox', id, name: id }), h('label', { for: id }, label));
  const body = h('body', {},
    h('header', {}, h('a', { href: '/', class: 'logo' }, rng.pick(BRANDS)), h('a', { href: '/logout' }, 'Sign out')),
    h('main', {},
      h('h1', {}, 'Account settings'),
      h('form', { id: 'settings', action: '/settings' },
        h('fieldset', {}, h('legend', {}, 'Profile'), field('full-name', 'Full name'), field('email', 'Email', 'email'), field('company', 'Company')),
        h('fieldset', {}, h('legend', {}, 'Notifications'), check('notify-mentions', 'Email me when I am mentioned'), check('digest', 'Weekly digest'), check('updates', 'Product updates')),
        h('fieldset', {}, h('legend', {}, 'Region'),
          h('div', { class: 'field' }, h('label', { for: 'country' }, 'Country'), h('select', { id: 'country', name: 'country' }, ['Portugal', 'Kenya', 'Japan'].map((c) => h('option', {}, c)))),
          h('div', { class: 'field' }, h('label', { for: 'tz' }, 'Time zone'), h('select', { id: 'tz', name: 'tz' }, ['UTC', 'UTC+1', 'UTC+9'].map((c) => h('option', {}, c))))),
        h('div', { class: 'actions' }, h('button', { type: 'submit', class: 'btn primary' }, 'Save changes'), h('button', { type: 'button', class: 'btn' }, 'Cancel'))),
      h('section', { class: 'danger' }, h('h2', {}, 'Danger zone'), h('p', {}, 'This cannot be undone.'), h('button', { type: 'button', class: 'btn danger' }, 'Delete account'))));
  return { title: 'Settings', body };
}

function shop(rng) {
  const brand = rng.pick(BRANDS);
  const items = rng.sample(PRODUCTS, rng.int(4, 6));
  const body = h('body', {},
    h('header', {}, h('a', { href: '/', class: 'logo' }, brand),
      h('input', { type: 'search', placeholder: 'Search the store', 'aria-label': 'Search the store', name: 'q' }),
      h('a', { href: '/cart', class: 'cart' }, 'Cart')),
    h('aside', { class: 'filters' }, h('h2', {}, 'Filters'),
      h('fieldset', {}, h('legend', {}, 'Size'), ['S', 'M', 'L'].map((s) => h('label', {}, h('input', { type: 'checkbox', name: 'size', value: s }), ` ${s}`))),
      h('label', { for: 'sort' }, 'Sort by'), h('select', { id: 'sort', name: 'sort' }, ['Featured', 'Price: low to high', 'Newest'].map((o) => h('option', {}, o)))),
    h('main', {}, h('h1', {}, rng.pick(['New arrivals', 'Outerwear', 'Essentials'])),
      h('ul', { class: 'products' }, items.map((p) => h('li', { class: 'product' },
        h('h3', {}, p), h('span', { class: 'price' }, money(rng)),
        h('button', { type: 'button', class: 'btn' }, 'Add to cart'),
        h('a', { href: `/p/${slug(p)}` }, 'View details'))))));
  return { title: `${brand} store`, body };
}

function inbox(rng) {
  const msgs = rng.sample(SUBJECTS, rng.int(4, 6));
  const body = h('body', {},
    h('aside', {}, h('button', { type: 'button', class: 'btn primary' }, 'Compose'),
      h('ul', { class: 'folders' }, ['Inbox', 'Starred', 'Sent', 'Drafts', 'Trash'].map((f) => h('li', {}, h('a', { href: `#${slug(f)}` }, f))))),
    h('main', {},
      h('div', { class: 'toolbar', role: 'toolbar' }, h('button', { type: 'button' }, 'Archive'), h('button', { type: 'button' }, 'Mark as read'), h('button', { type: 'button' }, 'Report spam')),
      h('h1', {}, 'Inbox'),
      h('ul', { class: 'messages' }, msgs.map((s) => h('li', { class: 'msg' }, h('span', { class: 'from' }, rng.pick(PEOPLE)), h('span', { class: 'subject' }, s), h('span', { class: 'date' }, `${rng.int(1, 28)} Mar`))))));
  return { title: 'Inbox', body };
}

function docs(rng) {
  const secs = rng.sample(DOC_SECTIONS, rng.int(3, 4));
  const body = h('body', {},
    h('header', {}, h('a', { href: '/docs', class: 'logo' }, `${rng.pick(BRANDS)} Docs`), h('input', { type: 'search', placeholder: 'Search docs', 'aria-label': 'Search docs' })),
    h('aside', {}, h('nav', { 'aria-label': 'Contents' }, h('ul', {}, secs.map((s) => h('li', {}, h('a', { href: `#${slug(s)}` }, s)))))),
    h('main', {}, h('article', {}, h('h1', {}, 'Guide'),
      secs.map((s) => h('section', { id: slug(s) }, h('h2', {}, s), h('p', {}, `How ${s.toLowerCase()} works.`), h('pre', {}, h('code', {}, `client.${slug(s).replace(/-/g, '_')}()`)), h('button', { type: 'button', class: 'copy' }, 'Copy'))),
      h('div', { class: 'feedback' }, h('span', {}, 'Was this page helpful?'), h('button', { type: 'button' }, 'Yes'), h('button', { type: 'button' }, 'No')),
      h('a', { href: '/edit/guide' }, 'Edit this page'))));
  return { title: 'Guide', body };
}

export const TEMPLATES = { landing, dashboard, settings, shop, inbox, docs };
