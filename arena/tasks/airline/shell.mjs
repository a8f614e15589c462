import { page, html } from '../../lib/html.mjs';

export function airlinePage(ctx, title, body, scripts = []) {
  return ctx.html(page({
    title: `${title} | SkyWay Airlines`,
    brand: 'SkyWay Airlines',
    nav: [[ctx.href('/'), 'Book'], [ctx.href('/manage'), 'Manage booking'], [ctx.href('/'), 'Deals'], [ctx.href('/'), 'Help']],
    scenario: ctx.scenario,
    body,
    scripts,
  }));
}

export const notice = (message, kind = 'error') => (message ? html`<div class="notice ${kind}" role="alert">${message}</div>` : '');
