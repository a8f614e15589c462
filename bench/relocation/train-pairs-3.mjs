// Training pairs for the refusals the second blind round asked for, in the format of
// blind-pairs.mjs: each old page marks the recorded element [data-target], each new page the same
// element [data-truth], or none when it is gone. Written to develop the resolver's context rules on
// (a dialog about another thing, another entity in the same slot, a changed amount, a look-alike in
// the old slot), with pairs where the element survives a restyling so that the rules are not
// simply refusing. Reported apart from the blind rounds (bench "Relocation", training pairs).
const P = [];
const add = (kind, name, old, nu) => P.push({ kind, name, old, new: nu });
const m = (mk) => (mk === 't' ? ' data-target' : mk === 'T' ? ' data-truth' : '');

// ---------- a dialog replaced by another dialog with the same buttons ----------
const dlg = (title, body, mk, cls = 'modal') => `<main><h1>Workspace</h1><p>Projects and files</p></main><div role="dialog" aria-modal="true" class="${cls}"><h2>${title}</h2><p>${body}</p><div class="actions"><button class="btn">Cancel</button><button class="btn btn-danger"${m(mk)}>Delete</button></div></div>`;
add('dialog', 'delete project dialog -> delete invoice dialog', dlg('Delete project Apollo?', 'This cannot be undone.', 't'), dlg('Delete invoice #2041?', 'This cannot be undone.', ''));
add('dialog', 'delete file dialog -> delete folder dialog', dlg('Delete file report.pdf?', 'It will be moved to the bin.', 't'), dlg('Delete folder Archive?', 'It will be moved to the bin.', ''));
add('dialog', 'remove member Ann -> remove member Bob', dlg('Remove Ann Lee from the team?', 'She will lose access.', 't'), dlg('Remove Bob Stone from the team?', 'He will lose access.', ''));
add('dialog', 'delete 3 items -> delete 30 items', dlg('Delete 3 items?', 'Selected items will be removed.', 't'), dlg('Delete 30 items?', 'Selected items will be removed.', ''));
const adlg = (label, mk, btn = 'Confirm') => `<main><h1>Billing</h1></main><div role="dialog" aria-label="${label}" class="sheet"><p>Are you sure?</p><button class="btn">Cancel</button><button class="btn btn-primary"${m(mk)}>${btn}</button></div>`;
add('dialog', 'cancel subscription dialog -> cancel order dialog (aria-label)', adlg('Cancel subscription', 't'), adlg('Cancel order 7781', ''));
add('dialog', 'same dialog restyled (kept)', dlg('Delete project Apollo?', 'This cannot be undone.', 't'), dlg('Delete project Apollo?', 'You cannot undo this.', 'T', 'dialog-v2'));
add('dialog', 'same dialog, title reworded around the same thing (kept)', dlg('Delete project Apollo?', 'This cannot be undone.', 't'), dlg('Delete the project Apollo', 'This cannot be undone.', 'T'));
const pdlg = (para, mk) => `<main><h1>Files</h1></main><div role="dialog" class="modal"><p>${para}</p><button class="btn">Cancel</button><button class="btn btn-danger"${m(mk)}>Delete</button></div>`;
add('dialog', 'dialog without heading: delete photo -> delete album', pdlg('Delete the photo beach.jpg?', 't'), pdlg('Delete the album Summer 2024?', ''));

// ---------- a removed item whose near-namesake stays ----------
const cards = (items) => `<div class="grid">${items.map(([n, p, mk]) => `<div class="product-card"><h3>${n}</h3><span class="price">${p}</span><button class="add"${m(mk)}>Add to cart</button></div>`).join('')}</div>`;
add('namesake', 'Galaxy S24 removed, Galaxy S24 Ultra stays', cards([['Galaxy S24', '$799', 't'], ['Galaxy S24 Ultra', '$1299'], ['Pixel 9', '$699']]), cards([['Galaxy S24 Ultra', '$1299'], ['Pixel 9', '$699']]));
add('namesake', 'Pro plan removed, Pro Team stays', `<div class="plans"><div class="plan"><h3>Basic</h3><button class="choose">Choose</button></div><div class="plan"><h3>Pro</h3><button class="choose" data-target>Choose</button></div><div class="plan"><h3>Pro Team</h3><button class="choose">Choose</button></div></div>`,
  `<div class="plans"><div class="plan"><h3>Basic</h3><button class="choose">Choose</button></div><div class="plan"><h3>Pro Team</h3><button class="choose">Choose</button></div></div>`);
const trows = (items) => `<table class="table"><tbody>${items.map(([n, s, mk]) => `<tr><td>${n}</td><td>${s}</td><td><button class="btn btn-sm"${m(mk)}>Remove</button></td></tr>`).join('')}</tbody></table>`;
add('namesake', 'server web-1 removed, web-10 stays', trows([['web-1', 'running', 't'], ['web-10', 'running'], ['db-2', 'stopped']]), trows([['web-10', 'running'], ['db-2', 'stopped']]));
add('namesake', 'contact Maria removed, Maria Lopez stays', `<ul class="contacts"><li><span>Maria</span><button class="msg" data-target>Message</button></li><li><span>Maria Lopez</span><button class="msg">Message</button></li><li><span>Tom</span><button class="msg">Message</button></li></ul>`,
  `<ul class="contacts"><li><span>Maria Lopez</span><button class="msg">Message</button></li><li><span>Tom</span><button class="msg">Message</button></li></ul>`);
add('namesake', 'product reordered beside its namesake (kept)', cards([['Galaxy S24', '$799', 't'], ['Galaxy S24 Ultra', '$1299']]), cards([['Galaxy S24 Ultra', '$1299'], ['Galaxy S24', '$779', 'T']]));

// ---------- another account, product or recipient in the same slot ----------
const acct = (name, num, bal, mk) => `<section class="accounts"><div class="account-card"><h3>${name}</h3><span class="num">${num}</span><span class="bal">${bal}</span><button class="btn"${m(mk)}>Transfer</button></div></section>`;
add('other-entity', 'checking card replaced by savings card', acct('Everyday Checking', '•••• 1234', '$5,210.00', 't'), acct('Holiday Savings', '•••• 5678', '$820.00', ''));
add('other-entity', 'same account, balance changed (kept)', acct('Everyday Checking', '•••• 1234', '$5,210.00', 't'), acct('Everyday Checking', '•••• 1234', '$4,980.15', 'T'));
const payee = (name, iban, mk) => `<div class="payees"><div class="payee"><strong>${name}</strong><small>${iban}</small><button class="pay"${m(mk)}>Send money</button></div></div>`;
add('other-entity', 'recipient Alice replaced by recipient Dmitri', payee('Alice Martin', 'FR76 3000 1234', 't'), payee('Dmitri Volkov', 'DE89 3704 0044', ''));
add('other-entity', 'recipient restyled (kept)', payee('Alice Martin', 'FR76 3000 1234', 't'), `<div class="payees v2"><div class="payee-row"><span class="who">Alice Martin</span> <span class="iban">FR76 3000 1234</span><button class="pay primary" data-truth>Send money</button></div></div>`);
const prod = (name, price, mk) => `<main><h1>Deal of the day</h1><div class="deal"><h2>${name}</h2><p class="price">${price}</p><button class="buy"${m(mk)}>Buy now</button></div></main>`;
add('other-entity', 'deal of the day: another product', prod('Sony WH-1000XM5 headphones', '$329', 't'), prod('Dyson V15 vacuum', '$549', ''));
add('other-entity', 'deal of the day: same product, new price (kept)', prod('Sony WH-1000XM5 headphones', '$329', 't'), prod('Sony WH-1000XM5 headphones', '$299', 'T'));
const sub = (name, mk) => `<div class="subs"><article class="sub"><h4>${name}</h4><button class="cancel"${m(mk)}>Cancel subscription</button></article></div>`;
add('other-entity', 'subscription Netflix replaced by Spotify', sub('Netflix Premium', 't'), sub('Spotify Family', ''));

// ---------- a surviving element with a look-alike decoy in its old slot ----------
add('decoy', 'Delete moved to a danger zone, Archive look-alike in its slot', `<div class="actions"><button class="btn btn-danger" data-target>Delete repository</button><button class="btn">Rename</button></div>`,
  `<div class="actions"><button class="btn btn-danger">Archive repository</button><button class="btn">Rename</button></div><section class="danger"><h3>Danger zone</h3><button class="btn btn-danger" data-truth>Delete repository</button></section>`);
add('decoy', 'account card moved down, other account card in its slot', acct('Everyday Checking', '•••• 1234', '$5,210.00', 't'),
  `<section class="accounts"><div class="account-card"><h3>Holiday Savings</h3><span class="num">•••• 5678</span><span class="bal">$820.00</span><button class="btn">Transfer</button></div><div class="account-card"><h3>Everyday Checking</h3><span class="num">•••• 1234</span><span class="bal">$5,210.00</span><button class="btn" data-truth>Transfer</button></div></section>`);
add('decoy', 'Sign out moved to a menu, Sign in look-alike in slot', `<header><a href="/" class="logo">Acme</a><button class="nav-btn" data-target>Sign out</button></header><main>x</main>`,
  `<header><a href="/" class="logo">Acme</a><button class="nav-btn">Switch account</button></header><main>x</main><div class="menu"><button class="menu-item" data-truth>Sign out</button></div>`);

// ---------- a changed amount: another effect ----------
const pay = (label, mk) => `<form class="checkout"><h2>Checkout</h2><label>Card <input name="card"></label><button type="submit" class="btn-pay" id="pay"${m(mk)}>${label}</button></form>`;
add('amount', 'Pay $10 -> Pay $100', pay('Pay $10', 't'), pay('Pay $100', ''));
add('amount', 'Donate €5 -> Donate €50', pay('Donate €5', 't'), pay('Donate €50', ''));
add('amount', 'Tip 10% -> Tip 20%', pay('Add 10% tip', 't'), pay('Add 20% tip', ''));
add('amount', 'Pay $10 -> Pay $10.00 (kept)', pay('Pay $10', 't'), pay('Pay $10.00', 'T'));
add('amount', 'Pay $25 restyled, same amount (kept)', pay('Pay $25', 't'), `<form class="checkout v2"><h2>Checkout</h2><label>Card <input name="card"></label><button type="submit" class="btn btn-primary" id="pay" data-truth>Pay $25</button></form>`);
add('amount', 'Buy 1 for $9 -> Buy 3 for $24, no id', `<div class="offer"><button class="b"${m('t')}>Buy 1 for $9</button></div>`, `<div class="offer"><button class="b">Buy 3 for $24</button></div>`);

// ---------- opposite, other row, look-alike nav entry, reorder ----------
add('opposite', 'Mute -> Unmute in the same slot', `<div class="player"><button class="ctl">Play</button><button class="ctl" data-target>Mute</button></div>`, `<div class="player"><button class="ctl">Play</button><button class="ctl">Unmute</button></div>`);
add('opposite', 'Enable 2FA -> Disable 2FA', `<section><h2>Security</h2><button class="btn" id="tfa" data-target>Enable two-factor</button></section>`, `<section><h2>Security</h2><button class="btn" id="tfa">Disable two-factor</button></section>`);
add('other-row', 'invoice row gone, next invoice in its row slot', trows([['Invoice 2041 Acme Ltd', 'due', 't'], ['Invoice 2042 Globex', 'due']]), trows([['Invoice 2042 Globex', 'due'], ['Invoice 2043 Initech', 'due']]));
add('other-row', 'rows reordered (kept)', trows([['Invoice 2041 Acme Ltd', 'due', 't'], ['Invoice 2042 Globex', 'due']]), trows([['Invoice 2042 Globex', 'due'], ['Invoice 2041 Acme Ltd', 'due', 'T']]));
const side = (links) => `<aside class="sidebar"><nav>${links.map(([t, h, mk]) => `<a class="nav-link" href="${h}"${m(mk)}>${t}</a>`).join('')}</nav></aside><main>x</main>`;
add('nav', 'Reports entry gone, Report settings in its slot', side([['Home', '/'], ['Reports', '/reports', 't'], ['Users', '/users']]), side([['Home', '/'], ['Report settings', '/settings/reports'], ['Users', '/users']]));
add('nav', 'Billing entry gone, Billing history look-alike', side([['Home', '/'], ['Billing', '/billing', 't'], ['Team', '/team']]), side([['Home', '/'], ['Team', '/team'], ['Billing history', '/billing/history']]));
add('nav', 'Reports moved in the menu (kept)', side([['Home', '/'], ['Reports', '/reports', 't'], ['Users', '/users']]), side([['Home', '/'], ['Users', '/users'], ['Reports', '/reports', 'T']]));
add('reorder', 'cards reordered, entity kept', acct('Everyday Checking', '•••• 1234', '$5,210.00', 't').replace('</section>', '') + '<div class="account-card"><h3>Holiday Savings</h3><span class="num">•••• 5678</span><button class="btn">Transfer</button></div></section>',
  '<section class="accounts"><div class="account-card"><h3>Holiday Savings</h3><span class="num">•••• 5678</span><button class="btn">Transfer</button></div><div class="account-card"><h3>Everyday Checking</h3><span class="num">•••• 1234</span><span class="bal">$5,210.00</span><button class="btn" data-truth>Transfer</button></div></section>');

// ---------- a few more of each ----------
const ldlg = (title, mk) => `<main><h1>Team</h1></main><div role="alertdialog" aria-labelledby="t1" class="confirm"><h3 id="t1">${title}</h3><button class="btn">Keep</button><button class="btn btn-danger"${m(mk)}>Revoke</button></div>`;
add('dialog', 'revoke key "ci-deploy" -> revoke key "prod-admin" (aria-labelledby)', ldlg('Revoke API key ci-deploy?', 't'), ldlg('Revoke API key prod-admin?', ''));
add('dialog', 'revoke dialog, buttons reordered (kept)', ldlg('Revoke API key ci-deploy?', 't'), `<main><h1>Team</h1></main><div role="alertdialog" aria-labelledby="t1" class="confirm"><h3 id="t1">Revoke API key ci-deploy?</h3><button class="btn btn-danger" data-truth>Revoke</button><button class="btn">Keep</button></div>`);
add('namesake', 'Galaxy S24 Ultra removed, Galaxy S24 stays', cards([['Galaxy S24 Ultra', '$1299', 't'], ['Galaxy S24', '$799'], ['Pixel 9', '$699']]), cards([['Galaxy S24', '$799'], ['Pixel 9', '$699']]));
add('amount', 'Transfer $500 -> Transfer $5,000', `<div class="transfer"><h2>Move money</h2><button class="go"${m('t')}>Transfer $500</button></div>`, `<div class="transfer"><h2>Move money</h2><button class="go">Transfer $5,000</button></div>`);

export const pairs = P;
