// Redesign pairs, round 2: each old page marks the recorded element [data-target], each new page
// marks the same element [data-truth], or none when it is gone (or not safe to assume it is there).
// Kinds: relabel, moved, link, icon, combobox, tag, reorder, ids, classes (the element survives);
// namesake, opposite, other-row, dialog, other-entity, pagination, amount, lookalike-nav (the element
// is gone and a tempting wrong one remains); decoy (the element survives while a tempting wrong one
// sits in its old slot).
const P = [];
const add = (kind, name, old, nu) => P.push({ kind, name, old, new: nu });
const m = (mk) => mk === 't' ? ' data-target' : mk === 'T' ? ' data-truth' : '';

// ---------- shared page furniture ----------
const shopHdr = (cart = 'Cart (2)') => `<header class="site-header"><a class="logo" href="/">Northwind</a><nav aria-label="Main"><a href="/new">New in</a><a href="/women">Women</a><a href="/men">Men</a><a href="/sale">Sale</a></nav><form role="search" action="/search"><input type="search" name="q" placeholder="Search products" aria-label="Search products"></form><a href="/cart" class="cart-link">${cart}</a></header>`;
const shopHdr2 = (cart = 'Bag (2)') => `<header class="sticky top-0 flex items-center justify-between px-6 h-16 bg-white border-b"><a class="font-bold text-xl" href="/">Northwind</a><nav aria-label="Primary" class="flex gap-6"><a href="/c/new">New</a><a href="/c/women">Women</a><a href="/c/men">Men</a><a href="/c/sale" class="text-red-600">Sale</a></nav><div class="flex gap-4"><button aria-label="Open search" class="p-2"><svg viewBox="0 0 24 24" class="w-5 h-5"><circle cx="11" cy="11" r="7"/><path d="M21 21l-4-4"/></svg></button><a href="/bag" class="relative">${cart}</a></div></header>`;
const foot = `<footer class="site-footer"><nav aria-label="Footer"><a href="/about">About us</a><a href="/careers">Careers</a><a href="/legal/terms">Terms</a></nav><p>&copy; 2024 Northwind Ltd.</p></footer>`;
const foot2 = `<footer class="bg-gray-900 text-gray-300 py-10"><div class="grid grid-cols-3 gap-8"><a href="/about">About us</a><a href="/careers">Careers</a><a href="/legal/terms">Terms of service</a></div><p class="text-xs">&copy; 2025 Northwind Ltd.</p></footer>`;
const appTop = (right = '') => `<header class="topbar"><a class="brand" href="/app">Tasklane</a><form class="topbar-search" role="search"><input type="search" placeholder="Search tasks" aria-label="Search tasks"></form>${right}</header>`;
const appSide = (items) => `<aside class="sidebar"><nav aria-label="Workspace">${items}</nav></aside>`;
const sideStd = `<a href="/app/inbox">Inbox</a><a href="/app/my-tasks">My tasks</a><a href="/app/projects">Projects</a><a href="/app/reports">Reports</a><a href="/app/settings">Settings</a>`;
const app = (main, side = sideStd, right = '') => `${appTop(right)}<div class="layout">${appSide(side)}<main class="content">${main}</main></div>`;
const app2 = (main, side = sideStd, right = '') => `<header class="h-14 flex items-center px-4 border-b"><a class="font-semibold" href="/app">Tasklane</a><div class="ml-auto flex items-center gap-3">${right}</div></header><div class="flex"><aside class="w-60 border-r min-h-screen"><nav aria-label="Workspace" class="flex flex-col gap-1 p-3">${side}</nav></aside><main class="flex-1 p-8">${main}</main></div>`;
const bankHdr = `<header class="bank-header"><a href="/" class="logo">Harbor Bank</a><nav aria-label="Main"><a href="/accounts">Accounts</a><a href="/payments">Payments</a><a href="/cards">Cards</a><a href="/help">Help</a></nav><a href="/logout" class="logout">Log out</a></header>`;
const bankHdr2 = `<header class="hb-topnav"><a href="/" class="hb-logo" aria-label="Harbor Bank home">HB</a><nav aria-label="Main"><a href="/home">Home</a><a href="/move-money">Move money</a><a href="/cards">Cards</a><a href="/support">Support</a></nav><button class="hb-profile" aria-haspopup="menu">Profile</button></header>`;

// ================= the element survives =================

// ---------- relabel ----------
add('relabel', 'cart: Checkout link -> "Proceed to payment" button, PayPal express added',
  `${shopHdr()}<main class="cart"><h1>Your cart</h1><ul class="cart-lines"><li class="line"><span class="line-name">Linen shirt</span><span class="line-qty">Qty 1</span><span class="line-price">$48.00</span></li><li class="line"><span class="line-name">Canvas belt</span><span class="line-qty">Qty 1</span><span class="line-price">$22.00</span></li></ul><aside class="summary"><h2>Order summary</h2><p>Subtotal <b>$70.00</b></p><a href="/checkout" class="btn btn-primary btn-block" data-target>Checkout</a><a href="/" class="link">Continue shopping</a></aside></main>${foot}`,
  `${shopHdr2()}<main class="max-w-5xl mx-auto grid grid-cols-3 gap-8"><section class="col-span-2"><h1 class="text-2xl">Shopping bag</h1><div class="divide-y"><div class="py-4 flex"><span>Linen shirt</span><span class="ml-auto">$48.00</span></div><div class="py-4 flex"><span>Canvas belt</span><span class="ml-auto">$22.00</span></div></div></section><section class="order-summary rounded border p-6"><h2>Summary</h2><dl><dt>Subtotal</dt><dd>$70.00</dd><dt>Shipping</dt><dd>Free</dd></dl><button type="button" class="w-full rounded bg-black text-white py-3" data-truth>Proceed to payment</button><button type="button" class="w-full rounded bg-yellow-400 py-3 mt-2" aria-label="Pay with PayPal"><img src="/img/paypal.svg" alt=""></button><a href="/" class="block text-center underline mt-4">Continue shopping</a></section></main>${foot2}`);

add('relabel', 'header "Log out" link -> "Sign out" item inside avatar menu',
  app(`<h1>My tasks</h1><ul class="tasks"><li>Draft Q3 roadmap</li><li>Review onboarding copy</li></ul>`, sideStd, `<div class="topbar-right"><a href="/app/profile" class="nav-link">Jamie Doe</a><a href="/logout" class="nav-link" data-target>Log out</a></div>`),
  app2(`<h1 class="text-2xl">My tasks</h1><ul><li>Draft Q3 roadmap</li><li>Review onboarding copy</li></ul>`, sideStd, `<button class="p-2" aria-label="Notifications"><svg viewBox="0 0 24 24"><path d="M6 8a6 6 0 1112 0v5l2 3H4l2-3z"/></svg></button><div class="relative"><button class="rounded-full w-8 h-8 bg-indigo-500 text-white" aria-haspopup="menu" aria-expanded="true">JD</button><ul role="menu" class="absolute right-0 mt-2 w-48 shadow"><li role="none"><a role="menuitem" href="/app/profile">Your profile</a></li><li role="none"><a role="menuitem" href="/app/settings/account">Account settings</a></li><li role="none"><a role="menuitem" href="/auth/logout" data-truth>Sign out</a></li></ul></div>`));

add('relabel', 'footer "Find a store" -> "Store locator" (query added); "Store events" added next to it',
  `${shopHdr()}<main><h1>Autumn edit</h1><p>New arrivals every week.</p></main><footer class="site-footer"><div class="col"><h4>Help</h4><a href="/help/shipping">Shipping</a><a href="/help/returns">Returns</a></div><div class="col"><h4>Stores</h4><a href="/stores" data-target>Find a store</a><a href="/gift-cards">Gift cards</a></div></footer>`,
  `${shopHdr2()}<main><h1>Autumn edit</h1><p>New arrivals every week.</p></main><footer class="bg-gray-900 text-gray-300"><div class="grid grid-cols-3"><section><h4>Customer care</h4><a href="/help/shipping">Shipping</a><a href="/help/returns">Returns</a><a href="/gift-cards">Gift cards</a></section><section><h4>Visit us</h4><a href="/stores/events">Store events</a><a href="/stores?near=me" data-truth>Store locator</a></section></div></footer>`);

add('relabel', 'report toolbar: "Download PDF" -> "Export as PDF", "Export as CSV" appears beside it',
  app(`<h1>Weekly velocity</h1><div class="report-toolbar"><button class="btn btn-default">Refresh</button><button class="btn btn-default" data-target>Download PDF</button></div><table class="report"><tr><th>Week</th><th>Done</th></tr><tr><td>34</td><td>21</td></tr><tr><td>35</td><td>18</td></tr></table>`),
  app2(`<div class="flex items-center"><h1 class="text-2xl">Weekly velocity</h1><div class="ml-auto flex gap-2"><button class="btn-ghost">Refresh</button><button class="btn-ghost">Export as CSV</button><button class="btn-ghost" data-truth>Export as PDF</button></div></div><table class="w-full"><tr><th>Week</th><th>Done</th></tr><tr><td>34</td><td>21</td></tr><tr><td>35</td><td>18</td></tr></table>`));

add('relabel', 'login: "Forgot password?" -> "Reset your password", submit relabelled too',
  `<main class="auth"><h1>Sign in to Tasklane</h1><form action="/session" method="post"><label for="em">Email</label><input id="em" name="email" type="email"><label for="pw">Password</label><input id="pw" name="password" type="password"><a href="/account/recover" class="forgot" data-target>Forgot password?</a><button type="submit" class="btn btn-primary">Sign in</button></form><p>New here? <a href="/signup">Create an account</a></p></main>`,
  `<main class="min-h-screen grid place-items-center"><div class="w-96"><h1 class="text-xl">Welcome back</h1><form action="/session" method="post" class="space-y-4"><label>Email<input name="email" type="email"></label><label>Password<input name="password" type="password"></label><div class="flex justify-between"><label><input type="checkbox" name="remember"> Keep me signed in</label><a href="/account/recover" class="text-sm text-blue-600" data-truth>Reset your password</a></div><button type="submit" class="w-full bg-blue-600 text-white">Log in</button></form><p>New here? <a href="/signup">Create an account</a></p></div></main>`);

const plans = (cards) => `<main class="pricing"><h1>Plans for every team</h1><div class="plan-grid">${cards}</div></main>`;
add('relabel', 'pricing: Enterprise "Contact sales" -> "Talk to an expert" (address changed too)',
  plans(`<div class="plan"><h3>Starter</h3><p class="price">$0</p><a href="/signup?plan=starter" class="btn">Start free trial</a></div><div class="plan plan--featured"><h3>Pro</h3><p class="price">$12/user</p><a href="/signup?plan=pro" class="btn btn-primary">Start free trial</a></div><div class="plan"><h3>Enterprise</h3><p class="price">Custom</p><a href="/contact-sales" class="btn" data-target>Contact sales</a></div>`),
  plans(`<div class="rounded-xl border p-8"><h3>Starter</h3><p>$0</p><a href="/signup?plan=starter" class="block bg-gray-100">Start free trial</a></div><div class="rounded-xl border-2 border-indigo-600 p-8"><h3>Pro</h3><p>$12 per user</p><a href="/signup?plan=pro" class="block bg-indigo-600 text-white">Start free trial</a></div><div class="rounded-xl border p-8"><h3>Enterprise</h3><p>Let's talk</p><a href="/demo?ref=pricing" class="block bg-gray-100" data-truth>Talk to an expert</a></div>`));

add('relabel', 'checkout review: "Submit order" -> "Place order", same total',
  `${shopHdr()}<main class="checkout"><ol class="steps"><li>Shipping</li><li>Payment</li><li class="active">Review</li></ol><section class="review"><h2>Review your order</h2><p>Ship to: 4 Elm Row, Leeds</p><p class="total">Total: $86.40</p><a href="/checkout/shipping">Back to shipping</a><button class="btn btn-success" data-target>Submit order</button></section></main>${foot}`,
  `${shopHdr2()}<main class="max-w-3xl mx-auto"><nav aria-label="Checkout steps" class="flex gap-4"><span>Delivery</span><span>Payment</span><span aria-current="step">Review</span></nav><section class="p-6 border rounded"><h2>Check everything looks right</h2><p>Delivering to 4 Elm Row, Leeds</p><p class="text-lg font-bold">Total $86.40</p><div class="flex justify-between"><a href="/checkout/delivery" class="underline">Edit delivery</a><button class="bg-green-600 text-white px-6 py-3" data-truth>Place order</button></div></section></main>${foot2}`);

add('relabel', 'product page: "Add to wishlist" -> "Save for later"',
  `${shopHdr()}<main class="pdp"><div class="gallery"><img src="/p/merino-crew.jpg" alt="Merino crew jumper"></div><div class="info"><h1>Merino crew jumper</h1><p class="price">$95.00</p><select name="size" aria-label="Size"><option>S</option><option>M</option><option>L</option></select><button class="btn btn-primary">Add to cart</button><button class="btn btn-link" data-target>Add to wishlist</button></div></main>${foot}`,
  `${shopHdr2()}<main class="grid grid-cols-2 gap-10"><img src="/p/merino-crew.jpg" alt="Merino crew jumper"><div><h1 class="text-3xl">Merino crew jumper</h1><p>$95.00</p><fieldset><legend>Size</legend><label><input type="radio" name="size" value="S"> S</label><label><input type="radio" name="size" value="M"> M</label><label><input type="radio" name="size" value="L"> L</label></fieldset><button class="w-full bg-black text-white py-3">Add to bag</button><button class="w-full border py-3 mt-2" data-truth><svg viewBox="0 0 24 24" class="w-4 h-4 inline"><path d="M12 21l-8-8a5 5 0 017-7l1 1 1-1a5 5 0 017 7z"/></svg> Save for later</button></div></main>${foot2}`);

// ---------- moved ----------
add('moved', 'top-nav "Billing" link moved into the account dropdown menu',
  `<header class="navbar"><a class="navbar-brand" href="/">Cloudhost</a><ul class="navbar-nav"><li><a href="/servers">Servers</a></li><li><a href="/domains">Domains</a></li><li><a href="/account/billing" data-target>Billing</a></li><li><a href="/support">Support</a></li></ul></header><main><h1>Servers</h1><table><tr><th>Name</th><th>Region</th></tr><tr><td>web-01</td><td>fra1</td></tr></table></main>`,
  `<header class="navbar"><a class="navbar-brand" href="/">Cloudhost</a><ul class="navbar-nav"><li><a href="/servers">Servers</a></li><li><a href="/domains">Domains</a></li><li><a href="/support">Support</a></li></ul><div class="dropdown open"><button class="dropdown-toggle" aria-haspopup="menu" aria-expanded="true">Account</button><div class="dropdown-menu" role="menu"><a role="menuitem" href="/account/profile">Profile</a><a role="menuitem" href="/account/billing" data-truth>Billing</a><a role="menuitem" href="/account/api-keys">API keys</a></div></div></header><main><h1>Servers</h1><table><tr><th>Name</th><th>Region</th></tr><tr><td>web-01</td><td>fra1</td></tr></table></main>`);

add('moved', '"Delete project" moved from General section into a new Danger zone at the bottom',
  app(`<h1>Project settings: Orion</h1><section class="panel"><h2>General</h2><label>Project name <input name="name" value="Orion"></label><button class="btn btn-primary">Save</button><button class="btn btn-danger" data-target>Delete project</button></section><section class="panel"><h2>Integrations</h2><button class="btn">Connect Slack</button></section>`),
  app2(`<h1 class="text-2xl">Orion · Settings</h1><section class="card"><h2>General</h2><label>Project name <input name="name" value="Orion"></label><button class="btn-primary">Save</button></section><section class="card"><h2>Integrations</h2><button class="btn-secondary">Connect Slack</button></section><section class="card border-red-300"><h2 class="text-red-700">Danger zone</h2><p>Deleting a project removes all of its tasks. This cannot be undone.</p><button class="btn-danger" data-truth>Delete project</button></section>`));

add('moved', 'sidebar "Help & support" link moved to the footer',
  `<div class="docs"><aside class="docs-nav"><a href="/docs/intro">Introduction</a><a href="/docs/api">API reference</a><a href="/docs/sdks">SDKs</a><hr><a href="/support" data-target>Help &amp; support</a></aside><main><h1>Introduction</h1><p>Welcome to the docs.</p></main></div><footer><a href="/status">Status</a><a href="/legal">Legal</a></footer>`,
  `<div class="docs"><aside class="docs-nav"><a href="/docs/intro">Introduction</a><a href="/docs/api">API reference</a><a href="/docs/sdks">SDKs</a><a href="/docs/changelog">Changelog</a></aside><main><h1>Introduction</h1><p>Welcome to the docs.</p></main></div><footer><a href="/status">Status</a><a href="/support" data-truth>Help &amp; support</a><a href="/legal">Legal</a></footer>`);

add('moved', 'editor toolbar "Share" moved into the "More actions" overflow menu',
  `<div class="doc-toolbar"><button class="tb">Undo</button><button class="tb">Redo</button><span class="sep"></span><button class="tb">Comment</button><button class="tb" data-target>Share</button><button class="tb">Print</button></div><article contenteditable="true"><h1>Launch plan</h1><p>Draft…</p></article>`,
  `<div class="doc-toolbar"><button class="tb" aria-label="Undo"><svg viewBox="0 0 24 24"><path d="M9 14L4 9l5-5"/></svg></button><button class="tb" aria-label="Redo"><svg viewBox="0 0 24 24"><path d="M15 14l5-5-5-5"/></svg></button><button class="tb">Comment</button><div class="overflow"><button class="tb" aria-label="More actions" aria-haspopup="menu" aria-expanded="true">⋯</button><ul role="menu"><li role="menuitem">Print</li><li role="menuitem">Download</li><li role="menuitem" data-truth>Share…</li><li role="menuitem">Version history</li></ul></div></div><article contenteditable="true"><h1>Launch plan</h1><p>Draft…</p></article>`);

add('moved', 'newsletter "Subscribe" moved from the sidebar to the footer',
  `<div class="blog"><main><article><h1>Ten years of static sites</h1><p>…</p></article></main><aside class="sidebar"><section class="widget"><h3>Newsletter</h3><form action="/newsletter" method="post"><input type="email" name="email" placeholder="you@example.com"><button type="submit" class="btn" data-target>Subscribe</button></form></section><section class="widget"><h3>Tags</h3><a href="/tags/css">css</a><a href="/tags/jamstack">jamstack</a></section></aside></div><footer><p>&copy; Field Notes</p></footer>`,
  `<div class="blog"><main><article><h1>Ten years of static sites</h1><p>…</p></article></main><aside class="sidebar"><section class="widget"><h3>Tags</h3><a href="/tags/css">css</a><a href="/tags/jamstack">jamstack</a></section></aside></div><footer><section class="footer-newsletter"><h3>Get new posts by email</h3><form action="/newsletter" method="post"><input type="email" name="email" placeholder="you@example.com"><button type="submit" class="btn" data-truth>Subscribe</button></form></section><p>&copy; Field Notes</p></footer>`);

add('moved', 'order page: "Download invoice" moved from header actions to the summary box at the bottom',
  `${shopHdr()}<main class="order"><div class="order-head"><h1>Order #NW-20931</h1><div class="actions"><a href="/orders/NW-20931/invoice.pdf" class="btn" data-target>Download invoice</a><a href="/orders/NW-20931/return" class="btn">Start a return</a></div></div><ul class="items"><li>Linen shirt — $48.00</li></ul><div class="summary">Total $53.95</div></main>${foot}`,
  `${shopHdr2()}<main class="max-w-3xl mx-auto"><h1>Order #NW-20931</h1><a href="/orders/NW-20931/return" class="btn-outline">Start a return</a><ul><li>Linen shirt — $48.00</li></ul><section class="bg-gray-50 p-4"><h2>Summary</h2><p>Total $53.95</p><a href="/orders/NW-20931/invoice.pdf" class="underline" data-truth>Download invoice</a></section></main>${foot2}`);

// ---------- link ----------
const posts = (list) => `<header class="blog-header"><a href="/">Field Notes</a><nav><a href="/archive">Archive</a><a href="/about">About</a></nav></header><main><h1>Latest posts</h1>${list}</main>`;
add('link', 'blog post link: dated folder -> /articles/ with tracking params',
  posts(`<article class="post-card"><h2><a href="/blog/2023/04/migrating-to-postgres">Migrating to Postgres</a></h2></article><article class="post-card"><h2><a href="/blog/2023/05/hello-world" data-target>Hello, world: our first release</a></h2></article><article class="post-card"><h2><a href="/blog/2023/06/pricing-update">A pricing update</a></h2></article>`),
  posts(`<article class="post-card"><h2><a href="/articles/migrating-to-postgres?utm_source=home&amp;utm_medium=card">Migrating to Postgres</a></h2></article><article class="post-card"><h2><a href="/articles/hello-world?utm_source=home&amp;utm_medium=card" data-truth>Hello, world: our first release</a></h2></article><article class="post-card"><h2><a href="/articles/pricing-update?utm_source=home&amp;utm_medium=card">A pricing update</a></h2></article>`));

add('link', 'docs sidebar: versioned URL with hash; "Getting started with Docker" added above',
  `<aside class="docs-sidebar"><a href="/docs/overview">Overview</a><a href="/docs/getting-started" data-target>Getting started</a><a href="/docs/configuration">Configuration</a><a href="/docs/cli">CLI</a></aside><main><h1>Overview</h1></main>`,
  `<aside class="docs-sidebar"><div class="version">v3</div><a href="/docs/v3/overview">Overview</a><a href="/docs/v3/docker">Getting started with Docker</a><a href="/docs/v3/getting-started#install" data-truth>Getting started</a><a href="/docs/v3/configuration">Configuration</a><a href="/docs/v3/cli">CLI</a></aside><main><h1>Overview</h1></main>`);

const gear = (cards) => `<header class="site-header"><a class="logo" href="/">Summit Outfitters</a><nav><a href="/packs">Packs</a><a href="/tents">Tents</a></nav></header><main><h1>Packs</h1><div class="grid">${cards}</div></main>`;
add('link', 'product card link: /products/123 -> "#" handled by script',
  gear(`<div class="card"><a href="/products/118" class="card-link">Daybreak 20L daypack</a><span>$79</span></div><div class="card"><a href="/products/123" class="card-link" data-target>Trailhead 40L backpack</a><span>$149</span></div><div class="card"><a href="/products/131" class="card-link">Ridge 65L expedition pack</a><span>$239</span></div>`),
  gear(`<div class="card"><a href="#" class="card-link" data-sku="118">Daybreak 20L daypack</a><span>$79</span></div><div class="card"><a href="#" class="card-link" data-sku="123" data-truth>Trailhead 40L backpack</a><span>$149</span></div><div class="card"><a href="#" class="card-link" data-sku="131">Ridge 65L expedition pack</a><span>$239</span></div>`));

add('link', 'nav "Pricing" (absolute, old domain) -> "Plans & pricing" (relative), moved one place',
  `<header class="mkt-header"><a href="https://www.example.io/" class="logo">Relay</a><nav><a href="https://www.example.io/product">Product</a><a href="https://old.example.io/pricing" data-target>Pricing</a><a href="https://www.example.io/customers">Customers</a><a href="https://blog.example.io/">Blog</a></nav><a class="btn" href="https://app.example.io/signup">Try free</a></header><main><h1>Ship messages, not infrastructure</h1></main>`,
  `<header class="mkt-header"><a href="/" class="logo">Relay</a><nav><a href="/product">Product</a><a href="/customers">Customers</a><a href="/plans" data-truth>Plans &amp; pricing</a><a href="/blog">Blog</a></nav><a class="btn" href="https://app.example.io/signup">Try free</a></header><main><h1>Ship messages, not infrastructure</h1></main>`);

add('link', 'footer social: redirect links with text -> icon-only links with aria-label, Twitter became X',
  `<footer class="footer"><div class="social"><a href="/out?url=https%3A%2F%2Ftwitter.com%2Frelayhq">Twitter</a><a href="/out?url=https%3A%2F%2Fgithub.com%2Frelayhq" data-target>GitHub</a><a href="/out?url=https%3A%2F%2Flinkedin.com%2Fcompany%2Frelayhq">LinkedIn</a></div><p>&copy; Relay Inc.</p></footer>`,
  `<footer class="footer"><div class="social flex gap-3"><a href="https://x.com/relayhq" aria-label="X"><svg viewBox="0 0 24 24"><path d="M4 4l16 16M20 4L4 20"/></svg></a><a href="https://github.com/relayhq" aria-label="GitHub" data-truth><svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg></a><a href="https://www.linkedin.com/company/relayhq" aria-label="LinkedIn"><svg viewBox="0 0 24 24"><rect x="3" y="3" width="18" height="18"/></svg></a></div><p>&copy; Relay Inc.</p></footer>`);

add('link', 'footer "Privacy" -> "Privacy policy" under /legal/, "Cookie policy" added',
  `${shopHdr()}<main><h1>Gift cards</h1></main><footer class="site-footer"><a href="/about">About us</a><a href="/terms">Terms</a><a href="/privacy" data-target>Privacy</a><a href="/accessibility">Accessibility</a></footer>`,
  `${shopHdr2()}<main><h1>Gift cards</h1></main><footer class="bg-gray-900"><a href="/about">About us</a><a href="/legal/terms">Terms of service</a><a href="/legal/cookies">Cookie policy</a><a href="/legal/privacy-policy" data-truth>Privacy policy</a><a href="/accessibility">Accessibility</a></footer>`);

// ---------- icon ----------
add('icon', 'attachment remove: fa-trash with title -> material-icons ligature with aria-label',
  app(`<h1>Task: Sign vendor contract</h1><section class="attachments"><h2>Attachments</h2><div class="attachment"><span class="file-name">contract.pdf</span><a href="/files/contract.pdf" class="icon-btn" title="Download"><i class="fa fa-download"></i></a><button class="icon-btn" title="Remove attachment" data-target><i class="fa fa-trash"></i></button></div></section>`),
  app2(`<h1 class="text-2xl">Sign vendor contract</h1><section><h2>Attachments</h2><div class="mdc-list-item"><span class="mdc-list-item__text">contract.pdf</span><a href="/files/contract.pdf" class="mdc-icon-button" aria-label="Download"><span class="material-icons">download</span></a><button class="mdc-icon-button" aria-label="Remove attachment" data-truth><span class="material-icons">delete</span></button></div></section>`));

add('icon', 'header bell: fa-bell (no name) -> lucide svg with aria-label',
  `<header class="topbar"><a class="brand" href="/">Ledgerly</a><div class="topbar-icons"><a href="/help" class="icon-link"><i class="fa fa-question-circle"></i></a><button class="icon-link" data-target><i class="fa fa-bell"></i><span class="badge">3</span></button><img class="avatar" src="/u/7.png" alt="Mia"></div></header><main><h1>Dashboard</h1></main>`,
  `<header class="topbar"><a class="brand" href="/">Ledgerly</a><div class="flex gap-2"><a href="/help" class="p-2" aria-label="Help"><svg class="lucide lucide-circle-help" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10"/></svg></a><button class="p-2 relative" aria-label="Notifications" data-truth><svg class="lucide lucide-bell" viewBox="0 0 24 24"><path d="M6 8a6 6 0 0112 0c0 7 3 9 3 9H3s3-2 3-9"/></svg><span class="absolute top-0 right-0 text-xs">3</span></button><img class="rounded-full w-8" src="/u/7.png" alt="Mia"></div></header><main><h1>Dashboard</h1></main>`);

add('icon', 'grid toolbar: glyphicons -> bootstrap-icons, fullscreen moved first (target: settings cog)',
  `<div class="grid-toolbar"><button class="btn btn-default btn-sm"><span class="glyphicon glyphicon-refresh"></span></button><button class="btn btn-default btn-sm" data-target><span class="glyphicon glyphicon-cog"></span></button><button class="btn btn-default btn-sm"><span class="glyphicon glyphicon-fullscreen"></span></button></div><table class="table"><tr><th>SKU</th><th>Stock</th></tr><tr><td>A-100</td><td>42</td></tr></table>`,
  `<div class="d-flex gap-1"><button class="btn btn-outline-secondary btn-sm"><i class="bi bi-arrows-fullscreen"></i></button><button class="btn btn-outline-secondary btn-sm"><i class="bi bi-arrow-clockwise"></i></button><button class="btn btn-outline-secondary btn-sm" data-truth><i class="bi bi-gear"></i></button></div><table class="table"><tr><th>SKU</th><th>Stock</th></tr><tr><td>A-100</td><td>42</td></tr></table>`);

const proj = (name, mk, lib) => `<div class="project-card"><div class="project-card__head"><h3>${name}</h3><button class="kebab"${m(mk)}>${lib === 'fa' ? '<i class="fa fa-ellipsis-v"></i>' : '<svg data-icon="ellipsis-vertical" viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="4" r="1.5"/><circle cx="10" cy="10" r="1.5"/><circle cx="10" cy="16" r="1.5"/></svg>'}</button></div><p>12 open tasks</p></div>`;
add('icon', 'project card kebab: fa -> heroicon svg, cards reordered (target: Orion)',
  app(`<h1>Projects</h1><div class="cards">${proj('Orion', 't', 'fa')}${proj('Lyra', '', 'fa')}${proj('Vega', '', 'fa')}</div>`),
  app2(`<h1 class="text-2xl">Projects</h1><div class="grid grid-cols-3 gap-4">${proj('Vega', '', 'hero')}${proj('Lyra', '', 'hero')}${proj('Orion', 'T', 'hero')}</div>`));

add('icon', 'audio player: fa step/play icons -> svg <use> sprites with aria-labels (target: play)',
  `<div class="player"><div class="track">Episode 42: Cold starts</div><div class="controls"><button class="ctl"><i class="fa fa-step-backward"></i></button><button class="ctl ctl-main" data-target><i class="fa fa-play"></i></button><button class="ctl"><i class="fa fa-step-forward"></i></button></div><input type="range" class="seek" value="0"></div>`,
  `<div class="player"><div class="track">Episode 42: Cold starts</div><div class="controls"><button class="ctl" aria-label="Previous episode"><svg><use href="#icon-prev"/></svg></button><button class="ctl ctl-main" aria-label="Play" data-truth><svg><use href="#icon-play"/></svg></button><button class="ctl" aria-label="Next episode"><svg><use href="#icon-next"/></svg></button></div><input type="range" class="seek" value="0" aria-label="Seek"></div>`);

add('icon', 'search: text "Search" submit -> magnifier icon button',
  `<header class="site-header"><a href="/" class="logo">Pantry</a><form role="search" action="/recipes"><input type="search" name="q" placeholder="Find a recipe"><button type="submit" class="btn" data-target>Search</button></form><a href="/saved">Saved recipes</a></header><main><h1>Quick dinners</h1></main>`,
  `<header class="site-header"><a href="/" class="logo">Pantry</a><a href="/saved">Saved</a><form role="search" action="/recipes" class="relative"><input type="search" name="q" placeholder="Search 10,000 recipes" class="pl-3 pr-10"><button type="submit" class="absolute right-2" aria-label="Search" data-truth><svg viewBox="0 0 24 24" class="w-4 h-4"><circle cx="11" cy="11" r="7"/><path d="M21 21l-4-4"/></svg></button></form></header><main><h1>Quick dinners</h1></main>`);

// ---------- combobox ----------
add('combobox', 'shipping form: native <select> Country -> custom combobox button',
  `<form class="address-form"><label for="fullname">Full name</label><input id="fullname" name="name"><label for="country">Country</label><select id="country" name="country" data-target><option>United Kingdom</option><option>Ireland</option><option>France</option></select><label for="postcode">Postcode</label><input id="postcode" name="postcode"><button type="submit">Continue</button></form>`,
  `<form class="space-y-4"><div><label for="f-name">Full name</label><input id="f-name" name="name"></div><div><span id="country-label">Country / region</span><button type="button" role="combobox" aria-haspopup="listbox" aria-expanded="false" aria-labelledby="country-label" class="w-full border text-left" data-truth>United Kingdom</button><input type="hidden" name="country" value="GB"></div><div><label for="f-postcode">Postcode</label><input id="f-postcode" name="postcode"></div><button type="submit">Continue to delivery</button></form>`);

add('combobox', 'city text input -> ARIA autocomplete combobox with React ids',
  `<form class="search-flights"><label for="from">From</label><input id="from" name="from" type="text" value="London"><label for="to">To</label><input id="to" name="to" type="text" data-target><button type="submit">Search flights</button></form>`,
  `<form class="search-flights"><div class="field"><label for=":r1:">From</label><input id=":r1:" role="combobox" aria-autocomplete="list" aria-controls=":r2:" aria-expanded="false" value="London"><ul id=":r2:" role="listbox" hidden></ul></div><div class="field"><label for=":r3:">To</label><input id=":r3:" role="combobox" aria-autocomplete="list" aria-controls=":r4:" aria-expanded="false" placeholder="City or airport" data-truth><ul id=":r4:" role="listbox" hidden></ul></div><button type="submit">Search</button></form>`);

add('combobox', 'results "Sort by" <select> -> dropdown button "Sort: Relevance"',
  `${shopHdr()}<main><div class="results-bar"><span>214 results</span><label for="sort">Sort by</label><select id="sort" name="sort" data-target><option>Relevance</option><option>Price: low to high</option><option>Newest</option></select></div><ul class="results"><li>Linen shirt</li><li>Oxford shirt</li></ul></main>`,
  `${shopHdr2()}<main><div class="flex justify-between"><span>214 results</span><button type="button" class="btn-filter">Filter</button><div class="relative"><button type="button" aria-haspopup="listbox" aria-expanded="false" class="border px-3" data-truth>Sort: Relevance</button></div></div><ul class="grid grid-cols-4"><li>Linen shirt</li><li>Oxford shirt</li></ul></main>`);

add('combobox', 'date inputs -> date-picker buttons (target: departure; return also present)',
  `<form class="trip"><label for="dep">Departure date</label><input id="dep" type="date" name="depart" data-target><label for="ret">Return date</label><input id="ret" type="date" name="return"><button type="submit">Find trains</button></form>`,
  `<form class="trip"><div class="dp"><span id="dep-l">Outbound</span><button type="button" class="dp-trigger" aria-labelledby="dep-l dep-v" aria-haspopup="dialog" data-truth><span id="dep-v">Select date</span></button></div><div class="dp"><span id="ret-l">Return</span><button type="button" class="dp-trigger" aria-labelledby="ret-l ret-v" aria-haspopup="dialog"><span id="ret-v">Select date</span></button></div><button type="submit">Find trains</button></form>`);

// ---------- tag ----------
add('tag', '<a class="btn"> "New issue" -> <button>',
  `<div class="repo-head"><h1>acme / widget</h1><nav class="repo-tabs"><a href="/acme/widget">Code</a><a href="/acme/widget/issues" class="selected">Issues</a><a href="/acme/widget/pulls">Pull requests</a></nav></div><div class="issues-toolbar"><input type="search" placeholder="Filter issues"><a href="/acme/widget/issues/new" class="btn btn-primary" data-target>New issue</a></div><ul class="issues"><li>Crash on empty config</li></ul>`,
  `<div class="repo-head"><h1>acme / widget</h1><nav class="repo-tabs"><a href="/acme/widget">Code</a><a href="/acme/widget/issues" aria-current="page">Issues</a><a href="/acme/widget/pulls">Pull requests</a></nav></div><div class="issues-toolbar"><input type="search" placeholder="Search all issues"><button type="button" class="Button Button--primary" data-truth>New issue</button></div><ul class="issues"><li>Crash on empty config</li></ul>`);

add('tag', '<button> "Learn more" -> <a href>',
  `<section class="hero"><h1>Automate your invoices</h1><p>Send, chase and reconcile in one place.</p><button class="btn btn-primary">Start free</button><button class="btn btn-secondary" data-target>Learn more</button></section><section class="logos">Trusted by 4,000 teams</section>`,
  `<section class="hero"><h1>Automate your invoices</h1><p>Send, chase and reconcile in one place.</p><a href="/signup" class="bg-indigo-600 text-white px-5 py-3">Start free</a><a href="/features" class="px-5 py-3 underline" data-truth>Learn more</a></section><section class="logos">Trusted by 4,000 teams</section>`);

add('tag', '<span onclick> "Resend code" -> <button>',
  `<main class="verify"><h1>Check your phone</h1><p>We sent a 6-digit code to •••• 2281.</p><input name="code" inputmode="numeric" aria-label="Verification code"><button class="btn btn-primary">Verify</button><p class="hint">Didn't get it? <span class="link" onclick="resend()" data-target>Resend code</span></p></main>`,
  `<main class="verify"><h1>Enter the code</h1><p>We texted a 6-digit code to •••• 2281.</p><input name="code" inputmode="numeric" autocomplete="one-time-code" aria-label="6-digit code"><button class="btn btn-primary">Verify</button><p class="hint">Didn't get it? <button type="button" class="btn-link" data-truth>Resend code</button></p></main>`);

add('tag', '<input type=submit value=Register> -> <button>Create account</button>',
  `<main class="signup"><h1>Join Pantry</h1><form action="/users" method="post"><label>Name <input name="name"></label><label>Email <input name="email" type="email"></label><label>Password <input name="password" type="password"></label><input type="submit" class="btn" value="Register" data-target></form><p>Already a member? <a href="/login">Log in</a></p></main>`,
  `<main class="signup"><h1>Create your Pantry account</h1><form action="/users" method="post"><label>Name <input name="name"></label><label>Email <input name="email" type="email"></label><label>Password <input name="password" type="password"></label><button type="submit" class="btn" data-truth>Create account</button></form><p>Already a member? <a href="/login">Log in</a></p></main>`);

// ---------- reorder / filter / paginate ----------
const inv = (rows) => `${bankHdr}<main><h1>Invoices</h1><table class="table table-striped"><thead><tr><th>Invoice</th><th>Date</th><th>Amount</th><th></th></tr></thead><tbody>${rows.map(([n, d, a, mk]) => `<tr><td>${n}</td><td>${d}</td><td>${a}</td><td><a href="/invoices/${n}.pdf" class="btn btn-xs"${m(mk)}>Download</a></td></tr>`).join('')}</tbody></table></main>`;
add('reorder', 'invoice table re-sorted by date (target: INV-2041 Download)',
  inv([['INV-2039', '2024-03-02', '$310.00', ''], ['INV-2040', '2024-03-09', '$95.50', ''], ['INV-2041', '2024-03-16', '$1,204.00', 't'], ['INV-2042', '2024-03-23', '$88.00', '']]),
  inv([['INV-2042', '2024-03-23', '$88.00', ''], ['INV-2041', '2024-03-16', '$1,204.00', 'T'], ['INV-2040', '2024-03-09', '$95.50', ''], ['INV-2039', '2024-03-02', '$310.00', '']]));

const hostel = (name, price, mk) => `<article class="result"><h3>${name}</h3><p class="price">${price} / night</p><a href="/stay/${name.toLowerCase().replace(/\W+/g, '-')}" class="btn"${m(mk)}>View deal</a></article>`;
add('reorder', 'search results filtered (2 removed); target card now first',
  `<main class="search"><h1>Stays in San Francisco</h1><div class="filters"><label><input type="checkbox" name="wifi"> Free Wi-Fi</label></div><div class="results">${hostel('Mission Loft', '$189', '')}${hostel('Bayview Inn', '$142', '')}${hostel('Golden Gate Hostel', '$48', 't')}${hostel('Nob Hill Suites', '$260', '')}</div></main>`,
  `<main class="search"><h1>Stays in San Francisco</h1><div class="filters"><label><input type="checkbox" name="wifi" checked> Free Wi-Fi</label><span class="chip">Under $150</span></div><div class="results">${hostel('Golden Gate Hostel', '$48', 'T')}${hostel('Bayview Inn', '$142', '')}</div></main>`);

const notif = (items) => `<section class="notifications"><h2>Notifications</h2><ul>${items.map(([t, mk]) => `<li class="notif"><span class="notif-text">${t}</span><button class="btn-link mark-read"${m(mk)}>Mark as read</button></li>`).join('')}</ul></section>`;
add('reorder', 'notifications: three new ones prepended (target: "Build #482 failed")',
  app(notif([['Build #482 failed on main', 't'], ['Lena commented on "Onboarding copy"', ''], ['Weekly digest is ready', '']])),
  app2(notif([['Build #485 passed on main', ''], ['Build #484 failed on release/2.3', ''], ['Omar assigned you "Fix flaky test"', ''], ['Build #482 failed on main', 'T'], ['Lena commented on "Onboarding copy"', ''], ['Weekly digest is ready', '']])));

const kcard = (t, mk) => `<div class="kcard"><p class="kcard-title">${t}</p><button class="kcard-open"${m(mk)}>Open</button></div>`;
add('reorder', 'kanban: card moved from "In progress" to "Review" (target: its Open button)',
  app(`<h1>Sprint 14</h1><div class="board"><div class="col"><h2>To do</h2>${kcard('Write release notes', '')}</div><div class="col"><h2>In progress</h2>${kcard('Fix login redirect', 't')}${kcard('Cache avatars', '')}</div><div class="col"><h2>Review</h2>${kcard('Upgrade React', '')}</div></div>`),
  app2(`<h1>Sprint 14</h1><div class="board"><div class="col"><h2>To do</h2>${kcard('Write release notes', '')}</div><div class="col"><h2>In progress</h2>${kcard('Cache avatars', '')}</div><div class="col"><h2>Review</h2>${kcard('Upgrade React', '')}${kcard('Fix login redirect', 'T')}</div></div>`));

const mail = (rows) => `<main class="inbox"><h1>Inbox</h1><ul class="threads">${rows.map(([from, subj, mk]) => `<li class="thread"><button class="star" aria-label="Star"${m(mk)}>☆</button><span class="from">${from}</span><span class="subject">${subj}</span></li>`).join('')}</ul></main>`;
add('reorder', 'inbox: new mail arrived above (target: star on Dana Whitfield / Q3 planning)',
  mail([['Dana Whitfield', 'Q3 planning', 't'], ['GitHub', '[acme/widget] CI failed', ''], ['Priya Nair', 'Lunch Thursday?', '']]),
  mail([['Stripe', 'Your payout is on the way', ''], ['Dana Whitfield', 'Re: Q3 planning (draft v2)', ''], ['Sam Ortiz', 'Offsite venues', ''], ['Dana Whitfield', 'Q3 planning', 'T'], ['GitHub', '[acme/widget] CI failed', ''], ['Priya Nair', 'Lunch Thursday?', '']]));

const members = (cols, rows) => `<section class="members"><h2>Team members</h2><table><thead><tr>${cols.map(c => `<th>${c}</th>`).join('')}<th></th></tr></thead><tbody>${rows.map(r => `<tr>${r.slice(0, -1).map(c => `<td>${c}</td>`).join('')}<td><button class="btn btn-sm btn-outline-danger"${m(r[r.length - 1])}>Remove</button></td></tr>`).join('')}</tbody></table></section>`;
add('reorder', 'members table: "Last active" column added and rows re-sorted (target: priya@acme.io Remove)',
  app(members(['Email', 'Role'], [['jo@acme.io', 'Admin', ''], ['priya@acme.io', 'Member', 't'], ['tom@acme.io', 'Member', '']])),
  app2(members(['Email', 'Role', 'Last active'], [['tom@acme.io', 'Member', 'Today', ''], ['jo@acme.io', 'Admin', 'Yesterday', ''], ['priya@acme.io', 'Member', '3 days ago', 'T']])));

add('reorder', 'product grid -> list table layout (target: Ceramic pour-over set "Add to cart")',
  `${shopHdr()}<main><h1>Coffee gear</h1><div class="product-grid"><div class="tile"><h3>Hand grinder</h3><span>$65</span><button class="add">Add to cart</button></div><div class="tile"><h3>Ceramic pour-over set</h3><span>$38</span><button class="add" data-target>Add to cart</button></div><div class="tile"><h3>Glass carafe</h3><span>$24</span><button class="add">Add to cart</button></div></div></main>`,
  `${shopHdr2()}<main><h1>Coffee gear</h1><table class="w-full"><tbody><tr><td>Glass carafe</td><td>$24</td><td><button class="text-sm underline">Add to cart</button></td></tr><tr><td>Hand grinder</td><td>$65</td><td><button class="text-sm underline">Add to cart</button></td></tr><tr><td>Ceramic pour-over set</td><td>$38</td><td><button class="text-sm underline" data-truth>Add to cart</button></td></tr></tbody></table></main>`);

// ---------- ids regenerated ----------
add('ids', 'React useId ids regenerated; the old id now belongs to the Password input (target: Email)',
  `<form class="login"><div><label for=":r3:">Email</label><input id=":r3:" name="email" type="email" data-target></div><div><label for=":r4:">Password</label><input id=":r4:" name="password" type="password"></div><button type="submit">Continue</button></form>`,
  `<form class="login"><div><label for=":r2:">Email address</label><input id=":r2:" name="email" type="email" data-truth></div><div><label for=":r3:">Password</label><input id=":r3:" name="password" type="password"></div><button type="submit">Continue</button></form>`);

add('ids', 'Ember ids regenerated; old id now on "Preview" (target: Publish)',
  `<div class="editor-actions"><button id="ember412" class="ember-view btn">Preview</button><button id="ember418" class="ember-view btn btn-primary" data-target>Publish</button></div><div class="editor"><h1 contenteditable>Untitled post</h1></div>`,
  `<div class="editor-actions"><button id="ember418" class="ember-view btn">Preview</button><button id="ember431" class="ember-view btn btn-primary" data-truth>Publish</button></div><div class="editor"><h1 contenteditable>Untitled post</h1></div>`);

add('ids', 'Angular Material input ids shifted; old id now on First name (target: Last name)',
  `<form class="profile-form" _ngcontent-ng-c123=""><mat-form-field><mat-label>First name</mat-label><input matInput id="mat-input-0" name="given"></mat-form-field><mat-form-field><mat-label>Last name</mat-label><input matInput id="mat-input-1" name="family" data-target></mat-form-field><button mat-raised-button>Save profile</button></form>`,
  `<form class="profile-form" _ngcontent-ng-c987=""><mat-form-field><mat-label>Title</mat-label><input matInput id="mat-input-0" name="title"></mat-form-field><mat-form-field><mat-label>First name</mat-label><input matInput id="mat-input-1" name="given"></mat-form-field><mat-form-field><mat-label>Last name</mat-label><input matInput id="mat-input-2" name="family" data-truth></mat-form-field><button mat-raised-button>Save profile</button></form>`);

add('ids', 'CSS-module hashes and headlessui ids regenerated (target: "Invite teammates")',
  `<div class="Header_root__a81Kd"><h1 class="Header_title__x2Pq1">Members</h1><button id="headlessui-menu-button-5" class="Button_secondary__9sLm2">Sort</button><button id="headlessui-button-6" class="Button_primary__3xT9a" data-target>Invite teammates</button></div><ul class="List_root__k1"><li>jo@acme.io</li></ul>`,
  `<div class="Header_root__Q0z7c"><h1 class="Header_title__Lm3Ue">Members</h1><button id="headlessui-menu-button-:r6:" class="Button_secondary__pP0aa">Sort</button><button id="headlessui-button-:r5:" class="Button_primary__Zk21p" data-truth>Invite teammates</button></div><ul class="List_root__Bb2"><li>jo@acme.io</li></ul>`);

// ---------- class renames (BEM / bootstrap / styled -> utility) ----------
add('classes', 'hotel cards: BEM -> Tailwind (target: second card "Book now")',
  `<main class="listing"><div class="hotel-card"><h3 class="hotel-card__name">The Harbour House</h3><p class="hotel-card__price">€140</p><button class="hotel-card__action hotel-card__action--primary">Book now</button></div><div class="hotel-card"><h3 class="hotel-card__name">Old Mill Lodge</h3><p class="hotel-card__price">€95</p><button class="hotel-card__action hotel-card__action--primary" data-target>Book now</button></div></main>`,
  `<main class="grid md:grid-cols-2 gap-6 p-6"><div class="rounded-lg shadow p-4"><h3 class="text-lg font-semibold">The Harbour House</h3><p class="text-gray-600">€140</p><button class="px-4 py-2 bg-blue-600 text-white rounded">Book now</button></div><div class="rounded-lg shadow p-4"><h3 class="text-lg font-semibold">Old Mill Lodge</h3><p class="text-gray-600">€95</p><button class="px-4 py-2 bg-blue-600 text-white rounded" data-truth>Book now</button></div></main>`);

add('classes', 'login form: Bootstrap -> Tailwind (target: "Remember me" checkbox)',
  `<form class="form-signin"><div class="form-group"><label for="u">Username</label><input id="u" class="form-control"></div><div class="form-group"><label for="p">Password</label><input id="p" type="password" class="form-control"></div><div class="form-check"><input id="rm" type="checkbox" class="form-check-input" name="remember" data-target><label for="rm" class="form-check-label">Remember me</label></div><button class="btn btn-lg btn-primary btn-block">Sign in</button></form>`,
  `<form class="max-w-sm mx-auto space-y-4"><div><label for="username" class="block text-sm">Username</label><input id="username" class="mt-1 w-full rounded border-gray-300"></div><div><label for="password" class="block text-sm">Password</label><input id="password" type="password" class="mt-1 w-full rounded border-gray-300"></div><label class="inline-flex items-center gap-2"><input type="checkbox" class="rounded text-indigo-600" name="remember" data-truth><span>Remember me</span></label><button class="w-full bg-indigo-600 text-white py-2 rounded">Sign in</button></form>`);

add('classes', 'file table -> div grid with role=row (target: Download of "Q3 report.pdf")',
  `<table class="files"><thead><tr><th>Name</th><th>Size</th><th></th></tr></thead><tbody><tr><td>Q2 report.pdf</td><td>1.1 MB</td><td><a href="/f/881" class="dl">Download</a></td></tr><tr><td>Q3 report.pdf</td><td>1.4 MB</td><td><a href="/f/902" class="dl" data-target>Download</a></td></tr><tr><td>Q4 forecast.xlsx</td><td>88 KB</td><td><a href="/f/915" class="dl">Download</a></td></tr></tbody></table>`,
  `<div role="table" class="divide-y"><div role="row" class="grid grid-cols-3 font-semibold"><span role="columnheader">Name</span><span role="columnheader">Size</span><span role="columnheader">Actions</span></div><div role="row" class="grid grid-cols-3"><span role="cell">Q2 report.pdf</span><span role="cell">1.1 MB</span><span role="cell"><a href="/files/881/download" class="text-blue-600">Download</a></span></div><div role="row" class="grid grid-cols-3"><span role="cell">Q3 report.pdf</span><span role="cell">1.4 MB</span><span role="cell"><a href="/files/902/download" class="text-blue-600" data-truth>Download</a></span></div><div role="row" class="grid grid-cols-3"><span role="cell">Q4 forecast.xlsx</span><span role="cell">88 KB</span><span role="cell"><a href="/files/915/download" class="text-blue-600">Download</a></span></div></div>`);

add('classes', 'account nav: styled-components hashes regenerated, "Returns" added (target: Orders)',
  `<nav class="sc-bdVaJa kFzZuY" aria-label="Account"><a class="sc-htpNat jBnYqS" href="/account">Overview</a><a class="sc-htpNat jBnYqS" href="/account/orders" data-target>Orders</a><a class="sc-htpNat jBnYqS" href="/account/addresses">Addresses</a></nav><main><h1>Overview</h1></main>`,
  `<nav class="sc-gsTCUz bhFSUi" aria-label="Account"><a class="sc-dlfnbm eXgNnh" href="/account">Overview</a><a class="sc-dlfnbm eXgNnh" href="/account/orders" data-truth>Orders</a><a class="sc-dlfnbm eXgNnh" href="/account/returns">Returns</a><a class="sc-dlfnbm eXgNnh" href="/account/addresses">Addresses</a></nav><main><h1>Overview</h1></main>`);

// ================= traps: the element is gone, a tempting wrong one remains =================

// ---------- namesake ----------
const cms = (btns) => `<header class="cms-bar"><a href="/admin">Admin</a><span>Editing: Spring menu</span></header><main class="cms"><input class="title" value="Spring menu"><textarea class="body">Asparagus, peas, wild garlic…</textarea><div class="cms-actions">${btns}</div></main>`;
add('namesake', '"Save" removed; "Save as draft" (already there) stays, "Schedule" added',
  cms(`<button class="btn btn-secondary">Save as draft</button><button class="btn btn-primary" data-target>Save</button><button class="btn btn-link">Preview</button>`),
  cms(`<button class="btn btn-secondary">Save as draft</button><button class="btn btn-primary">Schedule…</button><button class="btn btn-link">Preview</button>`));

const devices = (rows) => `<main><h1>Managed devices</h1><table class="table"><thead><tr><th>Device</th><th>Serial</th><th></th></tr></thead><tbody>${rows.map(([d, s, mk]) => `<tr><td>${d}</td><td>${s}</td><td><button class="btn btn-sm btn-danger"${m(mk)}>Remove</button></td></tr>`).join('')}</tbody></table></main>`;
add('namesake', 'device row "iPad Air" removed; "iPad Air 2" row stays (target: its Remove)',
  devices([['iPad Air', 'DMPK2LL/A', 't'], ['iPad Air 2', 'MGL12LL/A', ''], ['iPad mini', 'MK6K3LL/A', '']]),
  devices([['iPad Air 2', 'MGL12LL/A', ''], ['iPad mini', 'MK6K3LL/A', ''], ['iPad Pro 11"', 'MNXD3LL/A', '']]));

add('namesake', '"Export CSV" removed; "Export PDF" slides into its place',
  app(`<h1>Time entries</h1><div class="toolbar"><button class="btn" data-target>Export CSV</button><button class="btn">Export PDF</button><button class="btn">Print</button></div><table><tr><th>Date</th><th>Hours</th></tr><tr><td>Mon</td><td>7.5</td></tr></table>`),
  app(`<h1>Time entries</h1><div class="toolbar"><button class="btn">Export PDF</button><button class="btn">Print</button></div><table><tr><th>Date</th><th>Hours</th></tr><tr><td>Mon</td><td>7.5</td></tr></table>`));

add('namesake', 'sidebar "Reports" removed; "Report a bug" moved up into the sidebar',
  app(`<h1>Inbox</h1><p>All caught up.</p>`, `<a href="/app/inbox">Inbox</a><a href="/app/my-tasks">My tasks</a><a href="/app/projects">Projects</a><a href="/app/reports" data-target>Reports</a><a href="/app/settings">Settings</a>`) + `<footer class="app-footer"><a href="/feedback/bug">Report a bug</a></footer>`,
  app(`<h1>Inbox</h1><p>All caught up.</p>`, `<a href="/app/inbox">Inbox</a><a href="/app/my-tasks">My tasks</a><a href="/app/projects">Projects</a><a href="/feedback/bug">Report a bug</a><a href="/app/settings">Settings</a>`));

const contacts = (rows) => `<main><h1>Contacts</h1><ul class="contact-list">${rows.map(([n, ph, mk]) => `<li class="contact"><span class="contact-name">${n}</span><span class="contact-phone">${ph}</span><button class="btn-call"${m(mk)}>Call</button></li>`).join('')}</ul></main>`;
add('namesake', 'contact "Jon Lee" deleted; "Jonathan Lee" (different number) stays (target: Call)',
  contacts([['Ana Ruiz', '+44 7700 900112', ''], ['Jon Lee', '+44 7700 900345', 't'], ['Jonathan Lee', '+44 7700 900876', ''], ['Mo Farah', '+44 7700 900990', '']]),
  contacts([['Ana Ruiz', '+44 7700 900112', ''], ['Jonathan Lee', '+44 7700 900876', ''], ['Mo Farah', '+44 7700 900990', '']]));

const branches = (rows) => `<div class="repo-head"><h1>acme / widget</h1></div><main><h2>Branches</h2><ul class="branch-list">${rows.map(([b, mk]) => `<li class="branch"><a href="/acme/widget/tree/${b}" class="branch-name">${b}</a><button class="btn-octicon" aria-label="Delete branch ${b}"${m(mk)}><svg class="octicon octicon-trash" viewBox="0 0 16 16"><path d="M2 4h12"/></svg></button></li>`).join('')}</ul></main>`;
add('namesake', 'branch "feature/login" deleted; "feature/login-v2" stays (target: its delete icon)',
  branches([['main', ''], ['feature/login', 't'], ['feature/login-v2', ''], ['fix/typo', '']]),
  branches([['main', ''], ['feature/login-v2', ''], ['fix/typo', ''], ['chore/deps', '']]));

const drive = (items) => `<header class="drive-top"><a href="/drive">Drive</a><input type="search" placeholder="Search in Drive"></header><main><h1>My files</h1><ul class="folders">${items.map(([n, id, mk]) => `<li class="folder"><span class="folder-icon" aria-hidden="true">📁</span><a href="/drive/f/${id}"${m(mk)}>${n}</a></li>`).join('')}</ul></main>`;
add('namesake', 'folder "Invoices" removed; "Invoices 2023" stays',
  drive([['Contracts', 8, ''], ['Invoices', 12, 't'], ['Invoices 2023', 31, ''], ['Receipts', 17, '']]),
  drive([['Contracts', 8, ''], ['Invoices 2023', 31, ''], ['Receipts', 17, ''], ['Tax 2024', 40, '']]));

const prefs = (btn) => `<main class="prefs"><h1>Email preferences</h1><form><label><input type="checkbox" name="product" checked> Product updates</label><label><input type="checkbox" name="tips" checked> Tips &amp; tutorials</label><label><input type="checkbox" name="offers" checked> Offers</label><div class="actions"><button type="submit" class="btn btn-primary">Save preferences</button>${btn}</div></form></main>`;
add('namesake', '"Unsubscribe from all" removed; "Unsubscribe from marketing emails" in its place',
  prefs(`<button type="button" class="btn btn-link" data-target>Unsubscribe from all</button>`),
  prefs(`<button type="button" class="btn btn-link">Unsubscribe from marketing emails</button>`));

const promo = (inner) => `${shopHdr()}<main class="checkout"><h1>Payment</h1><section class="promo">${inner}</section><p>Total: $70.00</p><button class="btn btn-primary">Pay now</button></main>`;
add('namesake', 'coupon field and "Apply coupon" removed; gift-card field with "Apply gift card" in the same slot',
  promo(`<label for="coupon">Coupon code</label><input id="coupon" name="coupon"><button class="btn btn-outline" data-target>Apply coupon</button>`),
  promo(`<label for="gc">Gift card number</label><input id="gc" name="giftcard"><button class="btn btn-outline">Apply gift card</button>`));

const accts = (rows) => `${bankHdr}<main><h1>Your accounts</h1><ul class="accounts">${rows.map(([n, bal, mk]) => `<li class="account"><span class="acct-name">${n}</span><span class="acct-bal">${bal}</span><a class="btn btn-sm" href="/transfer?from=${n.slice(-4)}"${m(mk)}>Transfer</a></li>`).join('')}</ul></main>`;
add('namesake', 'account "Checking ••4411" closed; "Checking ••4471" stays (target: Transfer)',
  accts([['Checking ••4411', '$2,310.55', 't'], ['Checking ••4471', '$180.02', ''], ['Savings ••9902', '$12,004.00', '']]),
  accts([['Checking ••4471', '$180.02', ''], ['Savings ••9902', '$12,004.00', '']]));

// ---------- opposite (same slot, same look, opposite effect) ----------
const call = (btns) => `<div class="call"><div class="stage"><div class="tile">Ana</div><div class="tile">You</div></div><div class="call-controls">${btns}</div></div>`;
add('opposite', 'call toolbar: "Mute" -> "Unmute" in the same slot',
  call(`<button class="cc-btn" data-target><i class="fa fa-microphone"></i> Mute</button><button class="cc-btn"><i class="fa fa-video-camera"></i> Stop video</button><button class="cc-btn cc-btn--danger">Leave</button>`),
  call(`<button class="cc-btn"><i class="fa fa-microphone-slash"></i> Unmute</button><button class="cc-btn"><i class="fa fa-video-camera"></i> Stop video</button><button class="cc-btn cc-btn--danger">Leave</button>`));

const security = (btn) => app(`<h1>Security</h1><section class="panel"><h2>Two-factor authentication</h2><p>Protect your account with a second step at sign-in.</p>${btn}</section><section class="panel"><h2>Sessions</h2><button class="btn">Sign out other sessions</button></section>`);
add('opposite', '"Enable two-factor authentication" -> "Disable two-factor authentication"',
  security(`<button class="btn btn-primary" data-target>Enable two-factor authentication</button>`),
  security(`<button class="btn btn-primary">Disable two-factor authentication</button>`));

const pdp = (btn) => `${shopHdr()}<main class="pdp"><h1>Stoneware mug, sage</h1><p class="price">$18.00</p><div class="buy-box">${btn}<a href="/cart">View cart</a></div></main>${foot}`;
add('opposite', '"Add to cart" -> "Remove from cart" in the same slot',
  pdp(`<button class="btn btn-primary btn-lg" data-target>Add to cart</button>`),
  pdp(`<button class="btn btn-primary btn-lg">Remove from cart</button>`));

const share = (btn) => `<div class="share-panel"><h2>Share "Budget 2025"</h2><ul><li class="share-row"><span>owner@acme.io</span><span>Owner</span></li><li class="share-row"><span>lee@partner.com</span><span>Viewer</span>${btn}</li></ul></div>`;
add('opposite', 'share row: "Grant access" -> "Revoke access"',
  share(`<button class="btn btn-sm" data-target>Grant access</button>`),
  share(`<button class="btn btn-sm">Revoke access</button>`));

const convMenu = (items) => `<div class="conversation"><header><h2>Chat with Rosa</h2><button aria-haspopup="menu" aria-expanded="true">⋮</button><ul role="menu" class="menu">${items}</ul></header><div class="messages"><p>See you at 6!</p></div></div>`;
add('opposite', 'conversation menu: "Archive conversation" removed, "Delete conversation" in its place',
  convMenu(`<li role="menuitem" class="menu-item">Mark as unread</li><li role="menuitem" class="menu-item" data-target>Archive conversation</li><li role="menuitem" class="menu-item">Block Rosa</li>`),
  convMenu(`<li role="menuitem" class="menu-item">Mark as unread</li><li role="menuitem" class="menu-item">Delete conversation</li><li role="menuitem" class="menu-item">Block Rosa</li>`));

const postBar = (btn) => `<header class="cms-bar"><a href="/admin/posts">All posts</a><span class="status">${btn.includes('Unpublish') ? 'Published' : 'Draft'}</span><div class="actions"><button class="btn">Preview</button>${btn}</div></header><main><h1>Release 4.2 notes</h1></main>`;
add('opposite', '"Publish" -> "Unpublish" in the same slot',
  postBar(`<button class="btn btn-primary" data-target>Publish</button>`),
  postBar(`<button class="btn btn-primary">Unpublish</button>`));

const msg = (btn) => `<div class="channel"><h2># general</h2><div class="message"><b>Omar</b><p>Deploy freeze starts Friday.</p><div class="msg-actions"><button class="msg-act" title="React">🙂</button>${btn}<button class="msg-act" title="Reply in thread">💬</button></div></div></div>`;
add('opposite', 'message hover bar: "Pin message" -> "Unpin message"',
  msg(`<button class="msg-act" title="Pin message" data-target>📌</button>`),
  msg(`<button class="msg-act" title="Unpin message">📌</button>`));

const pw = (btn) => `<form class="login"><label for="pw1">Password</label><div class="input-group"><input id="pw1" type="password" name="password">${btn}</div><button type="submit">Sign in</button></form>`;
add('opposite', 'password eye toggle: "Show password" -> "Hide password"',
  pw(`<button type="button" class="input-addon" aria-label="Show password" data-target><i class="fa fa-eye"></i></button>`),
  pw(`<button type="button" class="input-addon" aria-label="Hide password"><i class="fa fa-eye-slash"></i></button>`));

add('opposite', 'map controls: "Zoom in" removed, "Zoom out" now on top',
  `<div class="map" style="position:relative;width:600px;height:400px"><div class="map-controls" style="position:absolute;top:10px;right:10px"><button class="map-btn" title="Zoom in" data-target>+</button><button class="map-btn" title="Zoom out">−</button></div></div>`,
  `<div class="map" style="position:relative;width:600px;height:400px"><div class="map-controls" style="position:absolute;top:10px;right:10px"><button class="map-btn" title="Zoom out">−</button><button class="map-btn" title="Reset bearing">⌖</button></div></div>`);

const invite = (btns) => `<main class="invite"><h1>You're invited to join "Design Guild"</h1><p>Invited by Hana Mori</p><div class="invite-actions">${btns}</div></main>`;
add('opposite', 'invitation: "Accept invitation" removed, "Decline invitation" in its place with the same classes',
  invite(`<button class="btn btn-primary" data-target>Accept invitation</button><button class="btn btn-link">Not now</button>`),
  invite(`<button class="btn btn-primary">Decline invitation</button><button class="btn btn-link">Not now</button>`));

// ---------- same label in another row / card ----------
const orders = (rows) => `${appTop()}<main><h1>Orders</h1><table class="table"><thead><tr><th>Order</th><th>Customer</th><th>Status</th><th></th></tr></thead><tbody>${rows.map(([o, c, s, mk]) => `<tr><td>#${o}</td><td>${c}</td><td>${s}</td><td><a href="/orders/${o}/edit" class="btn btn-xs"${m(mk)}>Edit</a></td></tr>`).join('')}</tbody></table></main>`;
add('other-row', 'order #5521 row gone (fulfilled); other rows keep their Edit',
  orders([['5520', 'K. Obi', 'Pending', ''], ['5521', 'L. Park', 'Pending', 't'], ['5522', 'R. Diaz', 'Pending', ''], ['5523', 'S. Aho', 'Pending', '']]),
  orders([['5520', 'K. Obi', 'Pending', ''], ['5522', 'R. Diaz', 'Pending', ''], ['5523', 'S. Aho', 'Pending', ''], ['5524', 'L. Park', 'Pending', '']]));

const trips = (cards) => `<header class="air-header"><a href="/">SkyBlue</a><nav><a href="/book">Book</a><a href="/trips" aria-current="page">My trips</a></nav></header><main><h1>Upcoming trips</h1><div class="trip-cards">${cards.map(([city, date, mk]) => `<div class="trip-card"><h3>${city}</h3><p>${date}</p><a class="btn" href="/trips/${city.toLowerCase()}"${m(mk)}>Manage booking</a></div>`).join('')}</div></main>`;
add('other-row', 'trip to Berlin cancelled; Lisbon and Oslo cards keep "Manage booking"',
  trips([['Berlin', '12 May', 't'], ['Lisbon', '3 Jun', ''], ['Oslo', '20 Jul', '']]),
  trips([['Lisbon', '3 Jun', ''], ['Oslo', '20 Jul', '']]));

const comments = (cs) => `<article><h1>Why we moved to monorepos</h1><p>…</p></article><section class="comments"><h2>${cs.length} comments</h2>${cs.map(([u, t, mk]) => `<div class="comment"><b class="author">@${u}</b><p>${t}</p><button class="reply-btn"${m(mk)}>Reply</button></div>`).join('')}</section>`;
add('other-row', 'comment by @maria deleted; other comments keep Reply',
  comments([['devon', 'Great write-up.', ''], ['maria', 'How did CI times change?', 't'], ['li', 'We did the opposite and were happy.', '']]),
  comments([['devon', 'Great write-up.', ''], ['li', 'We did the opposite and were happy.', ''], ['mariam', 'Any numbers on clone size?', '']]));

const shared = (rows) => `<main><h1>Shared with me</h1><ul class="file-list">${rows.map(([n, mk]) => `<li class="file"><span class="file-name">${n}</span><button class="btn btn-sm">Open</button><button class="btn btn-sm"${m(mk)}>Share</button></li>`).join('')}</ul></main>`;
add('other-row', '"Q2 budget.xlsx" no longer shared; "Q3 budget.xlsx" row moved up (target: Share)',
  shared([['Q2 budget.xlsx', 't'], ['Q3 budget.xlsx', ''], ['Hiring plan.docx', '']]),
  shared([['Q3 budget.xlsx', ''], ['Hiring plan.docx', '']]));

add('other-row', 'notification "Build #482 failed" cleared; similar "Build #484 failed" present (target: Mark as read)',
  app(notif([['Build #482 failed on main', 't'], ['Lena commented on "Onboarding copy"', ''], ['Weekly digest is ready', '']])),
  app(notif([['Build #484 failed on main', ''], ['Lena commented on "Onboarding copy"', ''], ['Weekly digest is ready', '']])));

const cartLines = (rows) => `${shopHdr()}<main class="cart"><h1>Your cart</h1><ul class="cart-lines">${rows.map(([n, p, mk]) => `<li class="line"><span class="line-name">${n}</span><span class="line-price">${p}</span><button class="line-remove"${m(mk)}>Remove</button></li>`).join('')}</ul></main>`;
add('other-row', 'cart line "Wool socks" removed; other lines keep Remove',
  cartLines([['Linen shirt', '$48.00', ''], ['Wool socks', '$14.00', 't'], ['Canvas belt', '$22.00', '']]),
  cartLines([['Linen shirt', '$48.00', ''], ['Canvas belt', '$22.00', ''], ['Wool socks (3-pack)', '$36.00', '']]));

const roles = (rows) => app(`<h1>Workspace members</h1><table><tbody>${rows.map(([n, r, mk]) => `<tr><td>${n}</td><td><select aria-label="Change role" class="role-select"${m(mk)}><option${r === 'Admin' ? ' selected' : ''}>Admin</option><option${r === 'Member' ? ' selected' : ''}>Member</option><option${r === 'Guest' ? ' selected' : ''}>Guest</option></select></td></tr>`).join('')}</tbody></table>`);
add('other-row', 'member Kai removed; other members keep their role selects (target: Kai\'s role)',
  roles([['Ada', 'Admin', ''], ['Kai', 'Member', 't'], ['Noor', 'Member', '']]),
  roles([['Ada', 'Admin', ''], ['Noor', 'Member', ''], ['Kaia', 'Guest', '']]));

const addrs = (cards) => `${shopHdr()}<main><h1>Addresses</h1><div class="address-grid">${cards.map(([label, line, def, mk]) => `<div class="address-card"><h3>${label}</h3><p>${line}</p>${def ? '<span class="badge">Default</span>' : `<button class="btn btn-link"${m(mk)}>Set as default</button>`}</div>`).join('')}</div></main>`;
add('other-row', '"Office" address deleted; other cards keep "Set as default"',
  addrs([['Home', '4 Elm Row, Leeds', true, ''], ['Office', '1 Wharf St, Leeds', false, 't'], ['Parents', '9 Hill Rd, York', false, '']]),
  addrs([['Home', '4 Elm Row, Leeds', true, ''], ['Parents', '9 Hill Rd, York', false, ''], ['Office (new)', '22 Quay Side, Hull', false, '']]));

// ---------- a different dialog with the same buttons ----------
const dlg = (title, body, btns) => `<main aria-hidden="true"><h1>Projects</h1></main><div class="modal-backdrop"></div><div role="dialog" aria-modal="true" aria-labelledby="dlg-title" class="modal"><h2 id="dlg-title">${title}</h2><p>${body}</p><div class="modal-footer">${btns}</div></div>`;
add('dialog', 'delete dialog for project "alpha" replaced by one for project "beta"',
  dlg('Delete project "alpha"?', 'All 42 tasks in alpha will be deleted.', `<button class="btn">Cancel</button><button class="btn btn-danger" data-target>Delete</button>`),
  dlg('Delete project "beta"?', 'All 17 tasks in beta will be deleted.', `<button class="btn">Cancel</button><button class="btn btn-danger">Delete</button>`));

add('dialog', '"Sign out of all devices?" dialog replaced by "Remove payment method?" with the same Cancel/Confirm',
  dlg('Sign out of all devices?', 'You will need to sign in again everywhere.', `<button class="btn">Cancel</button><button class="btn btn-primary" data-target>Confirm</button>`),
  dlg('Remove payment method?', 'Visa ending 4242 will be removed from your account.', `<button class="btn">Cancel</button><button class="btn btn-primary">Confirm</button>`));

add('dialog', 'terms-update "Accept" dialog gone; a cookie-consent dialog with "Accept" is shown instead',
  `<main><h1>Home</h1></main><div role="dialog" aria-modal="true" class="modal terms-modal"><h2>We've updated our Terms of Service</h2><p>Please review and accept to continue.</p><a href="/legal/terms">Read the terms</a><div class="modal-footer"><button class="btn btn-primary" data-target>Accept</button></div></div>`,
  `<main><h1>Home</h1></main><div role="dialog" aria-modal="true" class="modal cookie-modal"><h2>Cookies</h2><p>We use cookies for analytics and ads.</p><a href="/legal/cookies">Cookie settings</a><div class="modal-footer"><button class="btn btn-secondary">Reject</button><button class="btn btn-primary">Accept</button></div></div>`);

add('dialog', 'transfer confirmation: recipient Alex Kim -> Alex King, same amount',
  `${bankHdr}<div role="dialog" aria-modal="true" class="modal"><h2>Confirm transfer</h2><dl><dt>To</dt><dd>Alex Kim · ••3310</dd><dt>Amount</dt><dd>$250.00</dd></dl><div class="modal-footer"><button class="btn">Back</button><button class="btn btn-primary" data-target>Send $250.00</button></div></div>`,
  `${bankHdr}<div role="dialog" aria-modal="true" class="modal"><h2>Confirm transfer</h2><dl><dt>To</dt><dd>Alex King · ••8127</dd><dt>Amount</dt><dd>$250.00</dd></dl><div class="modal-footer"><button class="btn">Back</button><button class="btn btn-primary">Send $250.00</button></div></div>`);

// ---------- a different product / account / recipient in the same slot ----------
const deal = (name, price, mk) => `${shopHdr()}<main><section class="deal-of-day"><h2>Deal of the day</h2><div class="deal"><img src="/d/today.jpg" alt="${name}"><h3>${name}</h3><p class="price">${price}</p><button class="btn btn-warning"${m(mk)}>Buy now</button></div></section></main>`;
add('other-entity', 'deal of the day: Kindle Paperwhite -> Kindle Scribe (target: Buy now)',
  deal('Kindle Paperwhite (16 GB)', '$119.99', 't'), deal('Kindle Scribe (16 GB)', '$279.99', ''));

const switcher = (orgs) => `<div class="org-switcher" role="menu"><p class="menu-label">Signed in as lee@acme.io</p>${orgs.map(([o, mk]) => `<button role="menuitem" class="org-item"${m(mk)}>Switch to ${o}</button>`).join('')}<a href="/orgs/new" role="menuitem">Create organisation</a></div>`;
add('other-entity', 'org switcher: "Acme Corp" left; "Acme Labs" in its slot',
  switcher([['Acme Corp', 't'], ['Personal', '']]),
  switcher([['Acme Labs', ''], ['Personal', '']]));

const payees = (rows) => `${bankHdr}<main><h1>Payments</h1><section><h2>Recent payees</h2><ul class="payees">${rows.map(([n, last, mk]) => `<li class="payee"><span class="payee-name">${n}</span><span class="last">Last paid ${last}</span><button class="btn btn-sm"${m(mk)}>Pay again</button></li>`).join('')}</ul></section></main>`;
add('other-entity', 'recent payees: "City Water" replaced by "City Power" in the first slot',
  payees([['City Water', '$64.20', 't'], ['Greenline Broadband', '$35.00', '']]),
  payees([['City Power', '$112.75', ''], ['Greenline Broadband', '$35.00', '']]));

const seats = (list) => `<main class="seatmap"><h1>Choose your seat</h1><p>Flight SB204 · Row 12</p><div class="row">${list.map(([s, mk]) => `<button class="seat seat--available" aria-label="Select seat ${s}"${m(mk)}>${s}</button>`).join('')}</div></main>`;
add('other-entity', 'seat 12A taken (no longer offered); 12B now first in the row',
  seats([['12A', 't'], ['12C', ''], ['12D', '']]), seats([['12B', ''], ['12C', ''], ['12D', '']]));

const cal = (ev, mk) => `<main class="today"><h1>Today</h1><ul class="agenda"><li class="event"><span class="time">09:00</span><span class="title">${ev}</span><a href="https://meet.example.com/${ev.toLowerCase().replace(/\W+/g, '-')}" class="btn btn-join"${m(mk)}>Join</a></li><li class="event"><span class="time">13:00</span><span class="title">Lunch</span></li></ul></main>`;
add('other-entity', 'agenda 09:00: "Daily standup" replaced by "Sprint retro" (target: Join)',
  cal('Daily standup', 't'), cal('Sprint retro', ''));

const ship = (addr, mk) => `${shopHdr()}<main class="checkout"><h1>Delivery address</h1><div class="saved-address"><p>${addr}</p><button class="btn btn-primary"${m(mk)}>Deliver to this address</button></div><a href="/checkout/address/new">Add a new address</a></main>`;
add('other-entity', 'saved address "12 Oak St" replaced by "12 Oak Ave" (target: Deliver to this address)',
  ship('Sam Reed, 12 Oak St, Springfield IL 62701', 't'), ship('Sam Reed, 12 Oak Ave, Springfield IL 62704', ''));

// ---------- pagination ----------
const tickets = (ids, mk, pageInfo) => `${appTop()}<main><h1>Support tickets</h1><ul class="tickets">${ids.map(([id, subj]) => `<li class="ticket"><span>#${id}</span><span>${subj}</span><a href="/tickets/${id}" class="btn btn-xs"${id === mk[0] ? m(mk[1]) : ''}>View</a></li>`).join('')}</ul><nav class="pager" aria-label="Pagination"><span>${pageInfo}</span><a href="?page=2">Next</a></nav></main>`;
add('pagination', 'new ticket at the top pushes #311 onto page 2; #310 now last on page 1 (target: View #311)',
  tickets([['315', 'Refund not received'], ['314', 'Cannot reset password'], ['313', 'Invoice address wrong'], ['312', 'App crashes on launch'], ['311', 'Export times out']], ['311', 't'], 'Page 1 of 3'),
  tickets([['316', 'Two-factor code never arrives'], ['315', 'Refund not received'], ['314', 'Cannot reset password'], ['313', 'Invoice address wrong'], ['312', 'App crashes on launch']], ['', ''], 'Page 1 of 3'));

const pager = (items) => `<main><h1>Search results</h1><ol class="results"><li>…</li></ol><nav aria-label="Pagination"><ul class="pagination">${items}</ul></nav></main>`;
add('pagination', 'page window shrank: link to page 4 gone, "…" and "14" follow page 3',
  pager(`<li><a href="?p=1">‹ Prev</a></li><li><a href="?p=1">1</a></li><li class="active"><a href="?p=2" aria-current="page">2</a></li><li><a href="?p=3">3</a></li><li><a href="?p=4" data-target>4</a></li><li><a href="?p=5">5</a></li><li><a href="?p=3">Next ›</a></li>`),
  pager(`<li><a href="?p=1">‹ Prev</a></li><li><a href="?p=1">1</a></li><li class="active"><a href="?p=2" aria-current="page">2</a></li><li><a href="?p=3">3</a></li><li><span class="ellipsis">…</span></li><li><a href="?p=14">14</a></li><li><a href="?p=3">Next ›</a></li>`));

const hp = (rows) => `${shopHdr()}<main><h1>Results for "noise cancelling headphones"</h1><ul class="results">${rows.map(([n, p, mk]) => `<li class="result"><h3>${n}</h3><span>${p}</span><button class="btn btn-sm"${m(mk)}>Add to cart</button></li>`).join('')}</ul><nav aria-label="Pagination"><a href="?page=2">Next page</a></nav></main>`;
add('pagination', 'results re-ranked: Sony WH-1000XM4 moved off this page; WH-1000XM5 sits in its slot',
  hp([['Bose QuietComfort 45', '$279', ''], ['Sony WH-1000XM4', '$248', 't'], ['Anker Soundcore Q30', '$79', '']]),
  hp([['Bose QuietComfort Ultra', '$429', ''], ['Sony WH-1000XM5', '$348', ''], ['Anker Soundcore Q30', '$79', '']]));

// ---------- amount changed (a different effect; counted as gone) ----------
const wallet = (amt, mk) => `${bankHdr}<main><h1>Top up transit card</h1><p>Card ••0192 · balance $3.40</p><form><label>Amount <input name="amount" value="${amt}"></label><button class="btn btn-primary"${m(mk)}>Pay $${amt}</button></form></main>`;
add('amount', '"Pay $10.00" -> "Pay $100.00" in the same slot', wallet('10.00', 't'), wallet('100.00', ''));

const donate = (amts, mk) => `<main class="donate"><h1>Support the library</h1><div class="presets" role="group" aria-label="Donation amount">${amts.map(a => `<button class="preset"${a === mk[0] ? m(mk[1]) : ''}>$${a}</button>`).join('')}<button class="preset">Other</button></div><button class="btn btn-primary">Donate</button></main>`;
add('amount', 'donation presets: $25 removed, $50 now in its slot (target: $25)',
  donate(['10', '25', '100'], ['25', 't']), donate(['10', '50', '100'], ['', '']));

const tix = (label, mk) => `<main class="event"><h1>Jazz at the Roundhouse</h1><p>Fri 14 Mar · 8pm</p><div class="buy"><button class="btn btn-success btn-lg"${m(mk)}>${label}</button></div></main>`;
add('amount', '"Buy 1 ticket – $45" -> "Buy 2 tickets – $90" (quantity defaulted to 2)',
  tix('Buy 1 ticket – $45', 't'), tix('Buy 2 tickets – $90', ''));

const upg = (price, mk) => app(`<h1>Billing</h1><section class="panel"><h2>Current plan: Free</h2><p>Unlock unlimited projects and guests.</p><button class="btn btn-primary"${m(mk)}>Upgrade for ${price}/mo</button></section>`);
add('amount', '"Upgrade for $8/mo" -> "Upgrade for $12/mo"', upg('$8', 't'), upg('$12', ''));

// ---------- look-alike navigation ----------
add('lookalike-nav', 'sidebar "Workspace settings" removed; "Account settings" remains in the avatar menu',
  app(`<h1>Projects</h1>`, `<a href="/app/inbox">Inbox</a><a href="/app/projects">Projects</a><a href="/app/workspace/settings" data-target>Workspace settings</a>`, `<div class="user-menu"><ul role="menu"><li role="menuitem"><a href="/app/account">Account settings</a></li><li role="menuitem"><a href="/logout">Log out</a></li></ul></div>`),
  app(`<h1>Projects</h1>`, `<a href="/app/inbox">Inbox</a><a href="/app/projects">Projects</a><a href="/app/account">Account settings</a>`, `<div class="user-menu"><ul role="menu"><li role="menuitem"><a href="/logout">Log out</a></li></ul></div>`));

const adminNav = (items) => `<header class="admin-top"><a href="/admin">Storefront admin</a></header><aside class="admin-nav"><nav aria-label="Admin">${items}</nav></aside><main><h1>Dashboard</h1></main>`;
add('lookalike-nav', 'admin nav: "Products" removed, "Projects" in its slot',
  adminNav(`<a href="/admin/orders">Orders</a><a href="/admin/products" data-target>Products</a><a href="/admin/customers">Customers</a>`),
  adminNav(`<a href="/admin/orders">Orders</a><a href="/admin/projects">Projects</a><a href="/admin/customers">Customers</a>`));

add('lookalike-nav', 'billing nav: "Invoices" removed, "Invites" in its slot',
  adminNav(`<a href="/admin/overview">Overview</a><a href="/admin/invoices" data-target>Invoices</a><a href="/admin/team">Team</a>`),
  adminNav(`<a href="/admin/overview">Overview</a><a href="/admin/invites">Invites</a><a href="/admin/team">Team</a>`));

add('lookalike-nav', '"Messages" removed from nav; "Message templates" stays under Settings',
  `<header class="crm-top"><a href="/">Tidy CRM</a><nav><a href="/contacts">Contacts</a><a href="/deals">Deals</a><a href="/messages" data-target>Messages</a></nav><div class="dropdown"><span>Settings</span><a href="/settings/message-templates">Message templates</a></div></header><main><h1>Contacts</h1></main>`,
  `<header class="crm-top"><a href="/">Tidy CRM</a><nav><a href="/contacts">Contacts</a><a href="/deals">Deals</a><a href="/settings/message-templates">Message templates</a></nav></header><main><h1>Contacts</h1></main>`);

// ================= traps where the element survives: a decoy sits in its old slot =================
add('decoy', 'row "Delete" moved into the row overflow menu; "Archive" with the same classes took its slot',
  `<table class="table"><tbody><tr><td>Landing page redesign</td><td><button class="btn btn-sm btn-outline">Edit</button><button class="btn btn-sm btn-outline" data-target>Delete</button></td></tr></tbody></table>`,
  `<table class="table"><tbody><tr><td>Landing page redesign</td><td><button class="btn btn-sm btn-outline">Edit</button><button class="btn btn-sm btn-outline">Archive</button><div class="row-menu"><button aria-label="More actions" aria-haspopup="menu" aria-expanded="true">⋯</button><ul role="menu"><li role="menuitem">Duplicate</li><li role="menuitem">Move to…</li><li role="menuitem" class="text-danger" data-truth>Delete</li></ul></div></td></tr></tbody></table>`);

add('decoy', 'device "iPad Air" row moved to the bottom; a new "iPad Air 2" row sits in its old slot',
  devices([['iPad Air', 'DMPK2LL/A', 't'], ['iPad mini', 'MK6K3LL/A', ''], ['iPad Pro 11"', 'MNXD3LL/A', '']]),
  devices([['iPad Air 2', 'MGL12LL/A', ''], ['iPad mini', 'MK6K3LL/A', ''], ['iPad Pro 11"', 'MNXD3LL/A', ''], ['iPad Air', 'DMPK2LL/A', 'T']]));

add('decoy', 'nav "Pricing" renamed "Plans" (same address) and moved; "Pricing FAQ" link took its old slot',
  `<header class="mkt-header"><a href="/" class="logo">Relay</a><nav><a href="/product">Product</a><a href="/pricing" data-target>Pricing</a><a href="/docs">Docs</a></nav></header><main><h1>Messaging for developers</h1></main>`,
  `<header class="mkt-header"><a href="/" class="logo">Relay</a><nav><a href="/product">Product</a><a href="/pricing#faq">Pricing FAQ</a><a href="/docs">Docs</a><a href="/pricing" class="nav-cta" data-truth>Plans</a></nav></header><main><h1>Messaging for developers</h1></main>`);

add('decoy', 'call toolbar: "Mute" became an icon button "Mute microphone" in second place; "Stop video" took the first slot',
  call(`<button class="cc-btn" data-target><i class="fa fa-microphone"></i> Mute</button><button class="cc-btn"><i class="fa fa-video-camera"></i> Stop video</button><button class="cc-btn cc-btn--danger">Leave</button>`),
  call(`<button class="cc-btn"><i class="fa fa-video-camera"></i> Stop video</button><button class="cc-btn" aria-label="Mute microphone" data-truth><svg class="icon icon-mic" viewBox="0 0 24 24"><rect x="9" y="3" width="6" height="11" rx="3"/></svg></button><button class="cc-btn cc-btn--danger">Leave</button>`));

add('decoy', '"Pay $10.00" moved to a sticky bar; an annual "Pay $100.00" option took its old slot',
  `<main class="subscribe"><h1>Pro membership</h1><p>Monthly · $10.00</p><div class="pay-box" style="margin-top:24px"><button class="btn btn-primary" data-target>Pay $10.00</button></div></main>`,
  `<main class="subscribe"><h1>Pro membership</h1><p>Monthly · $10.00 or yearly · $100.00 (save 17%)</p><div class="pay-box" style="margin-top:24px"><button class="btn btn-primary">Pay $100.00 yearly</button></div></main><div class="sticky-bar" style="position:fixed;bottom:0;left:0;right:0"><span>Monthly plan</span><button class="btn btn-primary" data-truth>Pay $10.00</button></div>`);

add('decoy', 'comments sorted newest-first: @maria\'s comment now last; another comment in its slot',
  comments([['devon', 'Great write-up.', ''], ['maria', 'How did CI times change?', 't'], ['li', 'We did the opposite and were happy.', '']]),
  comments([['sven', 'Bookmarking this.', ''], ['li', 'We did the opposite and were happy.', ''], ['mariam', 'Any numbers on clone size?', ''], ['maria', 'How did CI times change?', 'T'], ['devon', 'Great write-up.', '']]));

add('decoy', 'org switcher: "Acme Corp" moved down; "Acme Labs" now in the first slot',
  switcher([['Acme Corp', 't'], ['Personal', '']]),
  switcher([['Acme Labs', ''], ['Personal', ''], ['Acme Corp', 'T']]));

const shoes = (cards) => `${shopHdr()}<main><h1>Running shoes</h1><div class="product-grid">${cards.map(([n, p, mk]) => `<div class="tile"><h3>${n}</h3><span>${p}</span><button class="add"${m(mk)}>Add to cart</button></div>`).join('')}</div></main>`;
add('decoy', 'grid re-sorted by price: "Trail Runner" now first; "Trail Runner GTX" sits in its old slot',
  shoes([['Road Glide', '$120', ''], ['Tempo 3', '$135', ''], ['Cloud Lite', '$110', ''], ['Trail Runner', '$89', 't']]),
  shoes([['Trail Runner', '$89', 'T'], ['Cloud Lite', '$110', ''], ['Road Glide', '$120', ''], ['Trail Runner GTX', '$149', '']]));

export const pairs = P;
