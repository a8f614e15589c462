// Messages between the service worker and the page (page model, executor).
export const pageMessages = {};
