// Redesign pairs written to break the resolver, without reading its code: each old page marks the
// recorded element [data-target], each new page the same element [data-truth], or none when it is
// gone. Measured by bench/relocation.mjs (section "Written to break it"); never fitted on.
const P = [];
const add = (kind, name, old, nu) => P.push({ kind, name, old, new: nu });
const hdr = (inner) => `<header class="site-header"><a class="logo" href="/">Acme</a><nav class="main-nav">${inner}</nav></header>`;
const rows = (items, btn) => `<table class="table"><thead><tr><th>Name</th><th>Status</th><th></th></tr></thead><tbody>${items.map(([n, s, mark]) => `<tr><td>${n}</td><td>${s}</td><td>${btn(mark)}</td></tr>`).join('')}</tbody></table>`;
const m = (mk) => mk === 't' ? ' data-target' : mk === 'T' ? ' data-truth' : '';

// ---------- relabel ----------
add('relabel', 'signin->login', `${hdr('<a href="/docs">Docs</a><a href="/pricing">Pricing</a><button class="btn btn-primary" data-target>Sign in</button>')}<main><h1>Build faster</h1></main>`,
  `${hdr('<a href="/docs">Docs</a><a href="/pricing">Pricing</a><button class="btn btn-primary" data-truth>Log in</button>')}<main><h1>Build faster</h1></main>`);
add('relabel', 'signin->login + "Sign in with Google" in body', `${hdr('<a href="/docs">Docs</a><button class="btn btn-primary" data-target>Sign in</button>')}<main><h1>Welcome</h1><p>Get started</p></main>`,
  `${hdr('<a href="/docs">Docs</a><button class="btn btn-primary" data-truth>Log in</button>')}<main><h1>Welcome</h1><button class="btn btn-outline">Sign in with Google</button></main>`);
add('relabel', 'submit->continue', `<form><label>Email <input name="email"></label><button type="submit" class="btn" data-target>Submit</button></form>`,
  `<form><label>Email <input name="email"></label><button type="submit" class="btn" data-truth>Continue</button></form>`);
add('relabel', 'add-to-cart->add-to-bag', `<div class="product"><h2>Blue Shirt</h2><span class="price">$20</span><button class="buy" data-target>Add to cart</button></div>`,
  `<div class="product"><h2>Blue Shirt</h2><span class="price">$20</span><button class="buy" data-truth>Add to bag</button></div>`);
add('relabel', 'save relabel; other button takes "Save" label', `<div class="toolbar"><button class="btn" data-target>Save</button><button class="btn">Cancel</button></div>`,
  `<div class="toolbar"><button class="btn" data-truth>Save changes</button><button class="btn">Cancel</button><button class="btn">Save as template</button></div>`);
add('relabel', 'sign-up->get started, login took its old slot', `${hdr('<a href="/login" class="btn">Log in</a><a href="/signup" class="btn btn-cta" data-target>Sign up</a>')}`,
  `${hdr('<a href="/signup" class="btn btn-cta" data-truth>Get started</a><a href="/login" class="btn">Log in</a>')}`);

// ---------- icon-only ----------
add('icon', 'modal close x -> svg icon', `<div class="modal"><div class="modal-header"><h3>Settings</h3><button class="close" data-target>&times;</button></div><div class="modal-body">Body</div></div>`,
  `<div class="modal"><div class="modal-header"><h3>Settings</h3><button class="btn-close" data-truth><svg width="12" height="12"><path d="M0 0L12 12M12 0L0 12"/></svg></button></div><div class="modal-body">Body</div></div>`);
add('icon', 'hamburger fa->bi', `<nav class="navbar"><a class="brand" href="/">Acme</a><button class="navbar-toggler" data-target><i class="fa fa-bars"></i></button></nav>`,
  `<nav class="navbar"><a class="brand" href="/">Acme</a><button class="navbar-toggler" data-truth><i class="bi bi-list"></i></button></nav>`);
const tb = (order, mark, lib) => `<div class="editor-toolbar">${order.map(k => `<button class="tb-btn"${k === mark[0] ? m(mark[1]) : ''}><i class="${lib === 'fa' ? 'fa fa-' + k : 'bi bi-type-' + k}"></i></button>`).join('')}</div><textarea></textarea>`;
add('icon', 'toolbar reordered + fa->bi (target italic)', tb(['bold', 'italic', 'underline'], ['italic', 't'], 'fa'), tb(['underline', 'bold', 'italic'], ['italic', 'T'], 'bi'));
add('icon', 'toolbar reordered same lib (target bold)', tb(['bold', 'italic', 'underline'], ['bold', 't'], 'fa'), tb(['italic', 'bold', 'underline'], ['bold', 'T'], 'fa'));
add('icon', 'toolbar: target removed, neighbour shifts in', tb(['bold', 'italic', 'underline'], ['italic', 't'], 'fa'), tb(['bold', 'underline'], ['x', 'T'], 'fa'));
const card = (title, mark, icons = 'fa') => `<div class="card"><div class="card-header"><span>${title}</span><div class="tools"><button class="btn-tool"><i class="${icons === 'fa' ? 'fa fa-minus' : 'bi bi-dash'}"></i></button><button class="btn-tool"${m(mark)}><i class="${icons === 'fa' ? 'fa fa-times' : 'bi bi-x'}"></i></button></div></div><div class="card-body">...</div></div>`;
add('icon', 'card remove icon; cards reordered', card('Sales', 't') + card('Traffic', ''), card('Traffic', '') + card('Sales', 'T'));
add('icon', 'card remove icon; cards reordered + fa->bi', card('Sales', 't') + card('Traffic', ''), card('Traffic', '', 'bi') + card('Sales', 'T', 'bi'));
add('icon', 'card remove: card gone, other card in its place', card('Sales', 't') + card('Traffic', ''), card('Traffic', '') + card('Users', ''));
add('icon', 'card renamed (Sales->Revenue), same place', card('Sales', 't') + card('Traffic', ''), card('Revenue', 'T') + card('Traffic', ''));
add('icon', 'close x: modal gone, toast with x in same spot', `<div class="modal" style="position:fixed;top:20px;right:20px;width:300px"><div class="hd"><b>Cookies</b><button class="close" data-target>×</button></div></div><main>Content</main>`,
  `<div class="toast" style="position:fixed;top:20px;right:20px;width:300px"><div class="hd"><b>New message</b><button class="close">×</button></div></div><main>Content</main>`);
add('icon', 'search icon button -> label added', `<form class="search"><input type="search" placeholder="Search"><button class="btn-icon" data-target><i class="fa fa-search"></i></button></form>`,
  `<form class="search"><input type="search" placeholder="Search"><button class="btn-icon" data-truth><i class="bi bi-search"></i> Search</button></form>`);
add('icon', 'aria-label icon buttons swapped positions', `<div class="player"><button class="ic" aria-label="Previous"><i class="fa fa-backward"></i></button><button class="ic" aria-label="Next" data-target><i class="fa fa-forward"></i></button></div>`,
  `<div class="player"><button class="ic" aria-label="Next" data-truth><i class="fa fa-forward"></i></button><button class="ic" aria-label="Previous"><i class="fa fa-backward"></i></button></div>`);

// ---------- link href changes ----------
add('link', 'href moved folder', `${hdr('<a href="/blog">Blog</a><a href="/help/contact" data-target>Contact</a>')}`, `${hdr('<a href="/news">Blog</a><a href="/support/contact-us" data-truth>Contact</a>')}`);
add('link', 'href -> # placeholder', `<ul class="menu"><li><a href="/a">Alpha</a></li><li><a href="/b" data-target>Beta</a></li></ul>`, `<ul class="menu"><li><a href="#">Alpha</a></li><li><a href="#" data-truth>Beta</a></li></ul>`);
add('link', 'link relabelled, same href (My account->Settings)', `<ul class="menu"><li><a href="/account" data-target>My account</a></li><li><a href="/orders">Orders</a></li></ul>`,
  `<ul class="menu"><li><a href="/account" data-truth>Settings</a></li><li><a href="/profile">My profile</a></li><li><a href="/orders">Orders</a></li></ul>`);
add('link', 'read-more links: articles reordered', `<article><h2>Rust 2.0</h2><a href="/p/1" data-target>Read more</a></article><article><h2>Go news</h2><a href="/p/2">Read more</a></article>`,
  `<article><h2>Go news</h2><a href="/p/2">Read more</a></article><article><h2>Rust 2.0</h2><a href="/p/1" data-truth>Read more</a></article>`);
add('link', 'read-more links: URL scheme changed + reordered', `<article><h2>Rust 2.0</h2><a href="/p/1" data-target>Read more</a></article><article><h2>Go news</h2><a href="/p/2">Read more</a></article>`,
  `<article><h2>Go news</h2><a href="/posts/go-news">Read more</a></article><article><h2>Rust 2.0</h2><a href="/posts/rust-2" data-truth>Read more</a></article>`);
add('link', 'read-more: article removed, other article in its slot', `<article><h2>Rust 2.0</h2><a href="/p/1" data-target>Read more</a></article><article><h2>Go news</h2><a href="/p/2">Read more</a></article>`,
  `<article><h2>Go news</h2><a href="/p/2">Read more</a></article><article><h2>Zig 1.0</h2><a href="/p/3">Read more</a></article>`);

// ---------- reordered rows with identical buttons ----------
const ed = (mk) => `<button class="btn btn-sm"${m(mk)}>Edit</button> <button class="btn btn-sm btn-danger">Delete</button>`;
const del = (mk) => `<button class="btn btn-sm">Edit</button> <button class="btn btn-sm btn-danger"${m(mk)}>Delete</button>`;
add('rows', 'edit: rows reordered', rows([['Alice', 'Active', 't'], ['Bob', 'Active'], ['Carol', 'Inactive']], ed), rows([['Carol', 'Inactive'], ['Alice', 'Active', 'T'], ['Bob', 'Active']], ed));
add('rows', 'delete: rows sorted differently', rows([['Alice', 'Active'], ['Bob', 'Active', 't'], ['Carol', 'Inactive']], del), rows([['Carol', 'Inactive'], ['Bob', 'Active', 'T'], ['Alice', 'Active']], del));
add('rows', 'delete: row gone, next row moved up into its place', rows([['Alice', 'Active', 't'], ['Bob', 'Active'], ['Carol', 'Inactive']], del), rows([['Bob', 'Active'], ['Carol', 'Inactive']], del));
add('rows', 'delete: row gone, new row with same status in its place', rows([['Alice', 'Active', 't'], ['Bob', 'Active']], del), rows([['Dave', 'Active'], ['Bob', 'Active']], del));
add('rows', 'delete: all names similar (Order #1001 vs #1010)', rows([['Order #1001', 'Paid', 't'], ['Order #1002', 'Paid']], del), rows([['Order #1010', 'Paid'], ['Order #1002', 'Paid']], del));
add('rows', 'edit: row renamed slightly (Alice Smith)', rows([['Alice', 'Active', 't'], ['Bob', 'Active']], ed), rows([['Bob', 'Active'], ['Alice Smith', 'Active', 'T']], ed));
const cart = (items) => `<div class="grid">${items.map(([n, p, mk]) => `<div class="product-card"><img alt="" src="data:,"><h3>${n}</h3><span class="price">${p}</span><button class="add-to-cart"${m(mk)}>Add to cart</button></div>`).join('')}</div>`;
add('rows', 'product grid reordered', cart([['Red mug', '$9', 't'], ['Blue mug', '$9'], ['Green mug', '$9']]), cart([['Green mug', '$9'], ['Blue mug', '$9'], ['Red mug', '$9', 'T']]));
add('rows', 'product grid: product sold out & removed', cart([['Red mug', '$9', 't'], ['Blue mug', '$9'], ['Green mug', '$9']]), cart([['Blue mug', '$9'], ['Green mug', '$9']]));
add('rows', 'product grid: product replaced by near-namesake', cart([['Red mug', '$9', 't'], ['Blue mug', '$9']]), cart([['Red mug XL', '$12'], ['Blue mug', '$9']]));
const li = (items) => `<ul class="todo">${items.map(([n, mk]) => `<li><input type="checkbox"> <span>${n}</span> <button class="rm"${m(mk)}>Remove</button></li>`).join('')}</ul>`;
add('rows', 'todo list: item completed and removed', li([['Buy milk', 't'], ['Walk dog'], ['Pay rent']]), li([['Walk dog'], ['Pay rent']]));
add('rows', 'todo list reordered', li([['Buy milk', 't'], ['Walk dog'], ['Pay rent']]), li([['Pay rent'], ['Buy milk', 'T'], ['Walk dog']]));

// ---------- removed + similar nearby ----------
add('removed', 'Delete removed, Archive in its place', `<div class="actions"><button class="btn">Edit</button><button class="btn btn-danger" data-target><i class="fa fa-trash"></i> Delete</button></div>`,
  `<div class="actions"><button class="btn">Edit</button><button class="btn btn-danger"><i class="fa fa-archive"></i> Archive</button></div>`);
add('removed', 'Submit removed, Cancel in its place', `<form><input name="q"><button type="submit" class="btn btn-primary" data-target>Submit</button></form>`,
  `<form><input name="q"><button type="button" class="btn btn-primary">Cancel</button></form>`);
add('removed', 'icon delete removed, icon archive (same class) in its place', `<div class="row-actions"><button class="icon-btn"><i class="fa fa-pen"></i></button><button class="icon-btn" data-target><i class="fa fa-trash"></i></button></div>`,
  `<div class="row-actions"><button class="icon-btn"><i class="fa fa-pen"></i></button><button class="icon-btn"><i class="fa fa-archive"></i></button></div>`);
add('removed', 'Unsubscribe removed, Subscribe in its place', `<div class="channel"><h2>Cooking</h2><button class="sub-btn" data-target>Unsubscribe</button></div>`,
  `<div class="channel"><h2>Cooking</h2><button class="sub-btn">Subscribe</button></div>`);
add('removed', 'Approve removed, Reject in its place', `<div class="review"><p>PR #12</p><button class="btn btn-success" data-target>Approve</button></div>`,
  `<div class="review"><p>PR #12</p><button class="btn btn-success">Reject</button></div>`);
add('removed', 'Pay now removed, Pay later in its place', `<div class="checkout"><span>Total $50</span><button class="btn-pay" data-target>Pay now</button></div>`,
  `<div class="checkout"><span>Total $50</span><button class="btn-pay">Pay later</button></div>`);
add('removed', 'Delete button removed entirely', `<div class="actions"><button class="btn">Edit</button><button class="btn btn-danger" data-target>Delete</button></div>`,
  `<div class="actions"><button class="btn">Edit</button></div>`);
add('removed', 'Yes removed -> No at same place (confirm dialog)', `<div role="dialog"><p>Delete file?</p><button class="btn" data-target>Yes</button><button class="btn">No</button></div>`,
  `<div role="dialog"><p>Delete file?</p><button class="btn">No</button></div>`);

// ---------- header vs footer ----------
const ft = (inner) => `<footer class="site-footer">${inner}</footer>`;
add('header-footer', 'Contact in header and footer, target header', `${hdr('<a href="/about">About</a><a href="/contact" data-target>Contact</a>')}<main style="height:600px">x</main>${ft('<a href="/about">About</a><a href="/contact">Contact</a>')}`,
  `${hdr('<a href="/about">About</a><a href="/blog">Blog</a><a href="/contact-us" data-truth>Contact</a>')}<main style="height:600px">x</main>${ft('<a href="/about">About</a><a href="/contact-us">Contact</a>')}`);
add('header-footer', 'Contact removed from header, remains in footer', `${hdr('<a href="/about">About</a><a href="/contact" data-target>Contact</a>')}<main style="height:600px">x</main>${ft('<a href="/about">About</a><a href="/contact">Contact</a>')}`,
  `${hdr('<a href="/about">About</a>')}<main style="height:600px">x</main>${ft('<a href="/about">About</a><a href="/contact" data-truth>Contact</a>')}`);
add('header-footer', 'target footer link; header gained same link', `${hdr('<a href="/about">About</a>')}<main style="height:600px">x</main>${ft('<a href="/privacy" data-target>Privacy</a><a href="/terms">Terms</a>')}`,
  `${hdr('<a href="/about">About</a><a href="/privacy">Privacy</a>')}<main style="height:600px">x</main>${ft('<a href="/privacy" data-truth>Privacy</a><a href="/terms">Terms</a>')}`);

// ---------- moved blocks ----------
add('moved', 'sidebar moved left->right', `<div style="display:flex"><aside style="width:200px"><button class="btn" data-target>New project</button></aside><main style="flex:1">List</main></div>`,
  `<div style="display:flex"><main style="flex:1">List</main><aside style="width:200px"><button class="btn" data-truth>New project</button></aside></div>`);
add('moved', 'button moved from bottom to top of form; another button now at bottom', `<form><input name="a"><input name="b"><button class="btn" data-target>Save</button></form>`,
  `<form><button class="btn" data-truth>Save</button><input name="a"><input name="b"><button class="btn">Reset</button></form>`);
add('moved', 'block wrapped in extra divs', `<section><div class="cta"><a class="btn" href="/trial" data-target>Start trial</a></div></section>`,
  `<section><div class="container"><div class="row"><div class="col"><div class="cta"><a class="btn" href="/trial" data-truth>Start trial</a></div></div></div></div></section>`);

// ---------- tag change ----------
add('tag', 'a -> button', `${hdr('<a href="/logout" class="nav-link" data-target>Log out</a>')}`, `${hdr('<button class="nav-link" data-truth>Log out</button>')}`);
add('tag', 'button -> a, relabelled', `<div class="hero"><button class="cta" data-target>Get started</button></div>`, `<div class="hero"><a class="cta" href="/start" data-truth>Start now</a></div>`);
add('tag', 'input[type=submit] -> button', `<form><input name="q"><input type="submit" value="Search" data-target></form>`, `<form><input name="q"><button type="submit" data-truth>Search</button></form>`);
add('tag', 'div[onclick] -> button', `<div class="tile"><div class="tile-action" onclick="" data-target>Open</div></div>`, `<div class="tile"><button class="tile-action" data-truth>Open</button></div>`);

// ---------- forms swapped ----------
const form = (fields) => `<form class="f">${fields.map(([l, n, mk]) => `<div class="field"><label>${l}</label><input class="input" name="${n}"${m(mk)}></div>`).join('')}<button>Go</button></form>`;
add('form', 'first/last name swapped', form([['First name', 'first', 't'], ['Last name', 'last']]), form([['Last name', 'last'], ['First name', 'first', 'T']]));
add('form', 'labels not associated; fields swapped; names changed', form([['Email', 'email', 't'], ['Phone', 'phone']]), form([['Phone', 'tel'], ['Email', 'mail', 'T']]));
add('form', 'email field removed; phone now in its slot', form([['Email', 'email', 't'], ['Phone', 'phone']]), form([['Phone', 'phone'], ['Address', 'addr']]));
const pform = (fields) => `<form class="f">${fields.map(([p, n, mk]) => `<input class="input" placeholder="${p}" name="${n}"${m(mk)}>`).join('')}<button>Go</button></form>`;
add('form', 'placeholder-only fields swapped', pform([['Password', 'pw', 't'], ['Confirm password', 'pw2']]), pform([['Confirm password', 'pw2'], ['Password', 'pw', 'T']]));
add('form', 'password removed, confirm password in its slot', pform([['Username', 'u'], ['Password', 'pw', 't'], ['Confirm password', 'pw2']]), pform([['Username', 'u'], ['Confirm password', 'pw2']]));

// ---------- duplicated nav (mobile + desktop) ----------
const dnav = (desk, mob) => `<nav class="desktop">${desk}</nav><nav class="mobile">${mob}</nav>`;
add('dupnav', 'desktop+mobile menus, target desktop Pricing', dnav('<a href="/features">Features</a><a href="/pricing" data-target>Pricing</a>', '<a href="/features">Features</a><a href="/pricing">Pricing</a>'),
  dnav('<a href="/features">Features</a><a href="/blog">Blog</a><a href="/pricing" data-truth>Pricing</a>', '<a href="/features">Features</a><a href="/blog">Blog</a><a href="/pricing">Pricing</a>'));
add('dupnav', 'mobile menu now first in DOM (hidden)', dnav('<a href="/features">Features</a><a href="/pricing" data-target>Pricing</a>', ''),
  `<nav class="mobile"><a href="/pricing">Pricing</a><a href="/features">Features</a></nav><nav class="desktop"><a href="/features">Features</a><a href="/pricing" data-truth>Pricing</a></nav>`);
add('dupnav', 'Pricing dropped from desktop, still in hidden mobile menu', dnav('<a href="/features">Features</a><a href="/pricing" data-target>Pricing</a>', '<a href="/features">Features</a><a href="/pricing">Pricing</a>'),
  dnav('<a href="/features">Features</a><a href="/plans">Plans</a>', '<a href="/features">Features</a><a href="/pricing">Pricing</a>'));

// ---------- pagination ----------
const pg = (items) => `<main><p>Results</p></main><ul class="pagination">${items.map(([t, mk, cls = '']) => `<li class="page-item ${cls}"><a class="page-link" href="?p=${t}"${m(mk)}>${t}</a></li>`).join('')}</ul>`;
add('pagination', 'page 3 link; window shifted', pg([['1'], ['2'], ['3', 't'], ['4']]), pg([['2'], ['3', 'T'], ['4'], ['5']]));
add('pagination', 'Next relabel to ›', `<ul class="pagination"><li><a href="?p=1">1</a></li><li><a href="?p=2">2</a></li><li><a href="?p=2" class="next" data-target>Next</a></li></ul>`,
  `<ul class="pagination"><li><a href="?p=1">1</a></li><li><a href="?p=2">2</a></li><li><a href="?p=2" class="next" aria-label="Next page" data-truth>›</a></li></ul>`);
add('pagination', 'page 5 gone (fewer results), page 4 in slot', pg([['1'], ['2'], ['3'], ['4'], ['5', 't']]), pg([['1'], ['2'], ['3'], ['4']]));
add('pagination', 'Next gone on last page, Prev sits in its slot', `<div class="pager"><span>Page 1</span><a class="pager-btn" href="?p=2" data-target>Next »</a></div>`,
  `<div class="pager"><span>Page 2</span><a class="pager-btn" href="?p=1">« Previous</a></div>`);

// ---------- modals ----------
add('modal', 'confirm modal buttons swapped order', `<div role="dialog" class="modal"><p>Discard changes?</p><button class="btn" data-target>Discard</button><button class="btn">Keep editing</button></div>`,
  `<div role="dialog" class="modal"><p>Discard changes?</p><button class="btn">Keep editing</button><button class="btn" data-truth>Discard</button></div>`);
add('modal', 'confirm OK relabel to Delete forever', `<div role="dialog" class="modal"><p>Delete file?</p><button class="btn btn-primary" data-target>OK</button><button class="btn">Cancel</button></div>`,
  `<div role="dialog" class="modal"><p>Delete file?</p><button class="btn">Cancel</button><button class="btn btn-danger" data-truth>Delete forever</button></div>`);
add('modal', 'modal not open on new page; page button underneath', `<main><button class="btn">Open</button></main><div role="dialog" class="modal" style="position:fixed;top:100px;left:400px"><p>Sure?</p><button class="btn" data-target>Confirm</button></div>`,
  `<main><button class="btn">Open</button></main><div style="position:fixed;top:100px;left:400px"><button class="btn">Continue shopping</button></div>`);


// ================= batch 2 =================
// relabel + swap: the recorded button is renamed AND its old slot is taken by its sibling
add('swap', 'cookie banner: Accept all->Allow all, Reject took its slot', `<div class="cookie-banner"><p>We use cookies.</p><button class="cb-btn" data-target>Accept all</button><button class="cb-btn">Reject all</button></div>`,
  `<div class="cookie-banner"><p>We use cookies.</p><button class="cb-btn">Reject all</button><button class="cb-btn" data-truth>Allow all</button></div>`);
add('swap', 'wizard: Next->Continue, Back took its slot', `<div class="wizard-footer"><button class="btn" data-target>Next</button><button class="btn">Back</button></div>`,
  `<div class="wizard-footer"><button class="btn">Back</button><button class="btn" data-truth>Continue</button></div>`);
add('swap', 'delete dialog: Delete->Remove, Cancel took its slot (icons)', `<div role="dialog"><p>Remove member?</p><button class="btn btn-primary" data-target><i class="fa fa-check"></i> Delete</button><button class="btn btn-primary"><i class="fa fa-times"></i> Cancel</button></div>`,
  `<div role="dialog"><p>Remove member?</p><button class="btn btn-primary"><i class="bi bi-x"></i> Cancel</button><button class="btn btn-primary" data-truth><i class="bi bi-check"></i> Remove</button></div>`);
add('swap', 'qty stepper: "+" -> plus icon, minus took its slot', `<div class="qty"><span>2</span><button class="step" data-target>+</button><button class="step">−</button></div>`,
  `<div class="qty"><button class="step"><i class="bi bi-dash"></i></button><span>2</span><button class="step" data-truth><i class="bi bi-plus"></i></button></div>`);
add('swap', 'thumbs up/down swapped, fa->bi', `<div class="feedback"><span>Was this helpful?</span><button class="vote" data-target><i class="fa fa-thumbs-up"></i></button><button class="vote"><i class="fa fa-thumbs-down"></i></button></div>`,
  `<div class="feedback"><span>Was this helpful?</span><button class="vote"><i class="bi bi-hand-thumbs-down"></i></button><button class="vote" data-truth><i class="bi bi-hand-thumbs-up"></i></button></div>`);
add('swap', 'window controls: minimize/close swapped', `<div class="win-bar"><span>Chat</span><button class="wc" data-target><i class="fa fa-window-minimize"></i></button><button class="wc"><i class="fa fa-times"></i></button></div>`,
  `<div class="win-bar"><span>Chat</span><button class="wc"><i class="fa fa-times"></i></button><button class="wc" data-truth><i class="fa fa-window-minimize"></i></button></div>`);
add('swap', 'title-attr icon buttons swapped', `<div class="mail-tools"><button class="t" title="Archive" data-target><i class="fa fa-archive"></i></button><button class="t" title="Delete"><i class="fa fa-trash"></i></button></div>`,
  `<div class="mail-tools"><button class="t" title="Delete"><i class="fa fa-trash"></i></button><button class="t" title="Archive" data-truth><i class="fa fa-archive"></i></button></div>`);

// gone, and something built the same way sits where it was
add('gone-samebuilt', 'chat FAB gone, back-to-top FAB at same corner', `<main style="height:700px">x</main><button class="fab" style="position:fixed;right:24px;bottom:24px;width:56px;height:56px" data-target><i class="fa fa-comment"></i></button>`,
  `<main style="height:700px">x</main><button class="fab" style="position:fixed;right:24px;bottom:24px;width:56px;height:56px"><i class="fa fa-arrow-up"></i></button>`);
add('gone-samebuilt', 'Export toolbar button gone; per-row Export links', `<div class="toolbar"><button class="btn" data-target>Export</button></div>${rows([['Alice', 'Active'], ['Bob', 'Active']], () => '<a href="#">View</a>')}`,
  `<div class="toolbar"></div>${rows([['Alice', 'Active'], ['Bob', 'Active']], () => '<a href="#" class="btn">Export</a>')}`);
add('gone-samebuilt', 'form Cancel gone; cookie banner Cancel exists', `<form><input name="t"><button type="button" class="btn" data-target>Cancel</button><button class="btn">Save</button></form>`,
  `<div class="cookie"><p>Cookies?</p><button class="btn">Cancel</button><button class="btn">OK</button></div><form><input name="t"><button class="btn">Save</button></form>`);
add('gone-samebuilt', 'phone model removed, Pro Max in its slot', cart([['iPhone 15 Pro', '$999', 't'], ['Pixel 8', '$699']]), cart([['iPhone 15 Pro Max', '$1199'], ['Pixel 8', '$699']]));
add('gone-samebuilt', 'size variant removed (Coffee beans 250g -> 1kg)', cart([['Coffee beans 250g', '$9', 't'], ['Coffee beans 500g', '$16']]), cart([['Coffee beans 1kg', '$29'], ['Coffee beans 500g', '$16']]));
add('gone-samebuilt', 'feed post removed; like button of next post in its slot', `<div class="feed">${['Ann: hello world', 'Ben: lunch pics'].map((t, i) => `<div class="post"><p>${t}</p><button class="like"${i ? '' : ' data-target'}><i class="fa fa-heart"></i></button></div>`).join('')}</div>`,
  `<div class="feed">${['Ben: lunch pics', 'Cy: new job'].map((t) => `<div class="post"><p>${t}</p><button class="like"><i class="fa fa-heart"></i></button></div>`).join('')}</div>`);
add('gone-samebuilt', 'notification dismiss: notification gone, another one', `<ul class="notifs"><li><span>Backup failed</span><button class="dismiss" data-target>Dismiss</button></li><li><span>Disk almost full</span><button class="dismiss">Dismiss</button></li></ul>`,
  `<ul class="notifs"><li><span>Disk almost full</span><button class="dismiss">Dismiss</button></li></ul>`);
add('gone-samebuilt', 'user row removed; similar name row (John Smith->John Smyth)', rows([['John Smith', 'Admin', 't'], ['Jane Doe', 'User']], del), rows([['John Smyth', 'Admin'], ['Jane Doe', 'User']], del));
add('gone-samebuilt', 'repo list: delete repo, similar repo name', rows([['acme/api-server', 'Public', 't'], ['acme/web', 'Private']], del), rows([['acme/api-server-v2', 'Public'], ['acme/web', 'Private']], del));
add('gone-samebuilt', 'tab gone; next tab in its slot', `<div role="tablist"><button role="tab" class="tab">Overview</button><button role="tab" class="tab" data-target>Billing</button><button role="tab" class="tab">Team</button></div>`,
  `<div role="tablist"><button role="tab" class="tab">Overview</button><button role="tab" class="tab">Team</button></div>`);
add('gone-samebuilt', 'dropdown item Delete gone, Duplicate in slot', `<ul class="dropdown-menu"><li><a class="dropdown-item" href="#">Rename</a></li><li><a class="dropdown-item" href="#" data-target>Delete</a></li></ul>`,
  `<ul class="dropdown-menu"><li><a class="dropdown-item" href="#">Rename</a></li><li><a class="dropdown-item" href="#">Duplicate</a></li></ul>`);
add('gone-samebuilt', 'checkbox: Subscribe to newsletter gone, Share data in slot', `<form><label><input type="checkbox" name="tos"> I accept the terms</label><br><label><input type="checkbox" name="news" data-target> Subscribe to newsletter</label></form>`,
  `<form><label><input type="checkbox" name="tos"> I accept the terms</label><br><label><input type="checkbox" name="share"> Share my data with partners</label></form>`);
add('gone-samebuilt', 'radio: Standard shipping gone, Express in slot', `<fieldset><label><input type="radio" name="ship" value="std" data-target> Standard (free)</label><label><input type="radio" name="ship" value="exp"> Express ($15)</label></fieldset>`,
  `<fieldset><label><input type="radio" name="ship" value="exp"> Express ($15)</label><label><input type="radio" name="ship" value="ovn"> Overnight ($40)</label></fieldset>`);
add('gone-samebuilt', 'language switcher: English gone, Deutsch in slot', `<div class="lang"><a href="/en" class="lang-link" data-target>English</a><a href="/fr" class="lang-link">Français</a></div>`,
  `<div class="lang"><a href="/de" class="lang-link">Deutsch</a><a href="/fr" class="lang-link">Français</a></div>`);

// normal-ish sanity cases
add('normal', 'radio reordered', `<fieldset><label><input type="radio" name="ship" value="std" data-target> Standard</label><label><input type="radio" name="ship" value="exp"> Express</label></fieldset>`,
  `<fieldset><label><input type="radio" name="ship" value="exp"> Express</label><label><input type="radio" name="ship" value="std" data-truth> Standard</label></fieldset>`);
add('normal', 'checkboxes reordered', `<form><label><input type="checkbox" name="tos"> I accept the terms</label><label><input type="checkbox" name="news" data-target> Subscribe to newsletter</label></form>`,
  `<form><label><input type="checkbox" name="news" data-truth> Subscribe to newsletter</label><label><input type="checkbox" name="tos"> I accept the terms</label></form>`);
add('normal', 'tabs reordered', `<div role="tablist"><button role="tab" class="tab">Overview</button><button role="tab" class="tab" data-target>Billing</button><button role="tab" class="tab">Team</button></div>`,
  `<div role="tablist"><button role="tab" class="tab">Team</button><button role="tab" class="tab">Overview</button><button role="tab" class="tab" data-truth>Billing</button></div>`);
add('normal', 'breadcrumb: extra level inserted', `<nav aria-label="breadcrumb"><a href="/">Home</a> / <a href="/docs" data-target>Docs</a> / <span>API</span></nav>`,
  `<nav aria-label="breadcrumb"><a href="/">Home</a> / <a href="/v2">v2</a> / <a href="/v2/docs" data-truth>Docs</a> / <span>API</span></nav>`);
add('normal', 'accordion reordered', `<div class="acc"><button class="acc-h" data-target>Shipping</button><div>..</div><button class="acc-h">Returns</button><div>..</div></div>`,
  `<div class="acc"><button class="acc-h">Returns</button><div>..</div><button class="acc-h" data-truth>Shipping</button><div>..</div></div>`);


// ================= batch 3 =================
add('context', 'two Save buttons: Profile section moved below Password section', `<section><h2>Profile</h2><input name="name"><button class="btn" data-target>Save</button></section><section><h2>Password</h2><input name="pw" type="password"><button class="btn">Save</button></section>`,
  `<section><h2>Password</h2><input name="pw" type="password"><button class="btn">Save</button></section><section><h2>Profile</h2><input name="name"><button class="btn" data-truth>Save</button></section>`);
add('context', 'Profile section removed; Password Save in its slot', `<section><h2>Profile</h2><input name="name"><button class="btn" data-target>Save</button></section><section><h2>Notifications</h2><button class="btn">Save</button></section>`,
  `<section><h2>Password</h2><input name="pw" type="password"><button class="btn">Save</button></section><section><h2>Notifications</h2><button class="btn">Save</button></section>`);
add('context', 'Delete account -> Download my data in the same slot', `<section class="danger"><h3>Danger zone</h3><button class="btn btn-danger" data-target>Delete account</button></section>`,
  `<section class="danger"><h3>Data</h3><button class="btn btn-danger">Download my data</button></section>`);
add('context', 'plan cards reordered; "Choose plan" buttons', ['Basic', 'Pro', 'Team'].map((n, i) => `<div class="plan"><h3>${n}</h3><button class="choose"${i === 1 ? ' data-target' : ''}>Choose plan</button></div>`).join(''),
  ['Team', 'Basic', 'Pro'].map((n, i) => `<div class="plan"><h3>${n}</h3><button class="choose"${i === 2 ? ' data-truth' : ''}>Choose plan</button></div>`).join(''));
add('context', 'plan Pro discontinued; "Pro Plus" in its slot', ['Basic', 'Pro', 'Team'].map((n, i) => `<div class="plan"><h3>${n}</h3><button class="choose"${i === 1 ? ' data-target' : ''}>Choose plan</button></div>`).join(''),
  ['Basic', 'Pro Plus', 'Team'].map((n) => `<div class="plan"><h3>${n}</h3><button class="choose">Choose plan</button></div>`).join(''));
add('context', 'Follow -> Following state (Unfollow) same slot', `<div class="profile"><h2>@ana</h2><button class="follow-btn" data-target>Follow</button></div>`,
  `<div class="profile"><h2>@ana</h2><button class="follow-btn">Unfollow</button></div>`);

// ================= batch 4: characterisation probes =================
add('probe', 'Delete->Archive same slot, class changed too', `<div class="actions"><button class="btn">Edit</button><button class="btn btn-danger" data-target>Delete</button></div>`,
  `<div class="actions"><button class="btn">Edit</button><button class="btn btn-secondary">Archive</button></div>`);
add('probe', 'Delete->Archive, same look but one wrapper div added', `<div class="actions"><button class="btn">Edit</button><button class="btn btn-danger" data-target>Delete</button></div>`,
  `<div class="actions"><div class="grp"><button class="btn">Edit</button><button class="btn btn-danger">Archive</button></div></div>`);
add('probe', 'Delete->Archive, nothing else on page', `<button class="btn" data-target>Delete</button>`, `<button class="btn">Archive</button>`);
add('probe', 'Delete->Archive, shifted 200px down', `<div class="actions"><button class="btn">Edit</button><button class="btn btn-danger" data-target>Delete</button></div>`,
  `<div style="height:200px"></div><div class="actions"><button class="btn">Edit</button><button class="btn btn-danger">Archive</button></div>`);
export const pairs = P;
