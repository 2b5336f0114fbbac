/**
 * The hosted checkout page's one script (/checkout/assets/checkout.js; the page works without it).
 * Its language link would load the page again and empty what was typed: with this script it
 * fetches the page in the other language and swaps it in, then puts the typed values back (#37.5).
 * The card stays in this page's memory only: never in the address (which gains nothing but
 * `?lng=`), in storage, or in a request. A page without the card form (a message) or a failed fetch
 * falls back to the link's ordinary load.
 */
export const checkoutScript = `'use strict';
document.addEventListener('click', async (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-language-switch]') : null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const form = document.querySelector('form[data-card-form]');
  if (!form) return;
  event.preventDefault();
  const typed = Array.from(form.querySelectorAll('input[name]'), (input) => [input.name, input.value]);
  let next;
  try {
    const response = await fetch(link.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error('status ' + response.status);
    next = new DOMParser().parseFromString(await response.text(), 'text/html');
  } catch {
    window.location.assign(link.href);
    return;
  }
  const nextForm = next.querySelector('form[data-card-form]');
  if (!nextForm) {
    window.location.assign(link.href);
    return;
  }
  document.documentElement.lang = next.documentElement.lang;
  document.title = next.title;
  document.body.replaceWith(document.adoptNode(next.body));
  const form2 = document.querySelector('form[data-card-form]');
  for (const [name, value] of typed) {
    const input = form2.elements.namedItem(name);
    if (input instanceof HTMLInputElement && value) input.value = value;
  }
  history.replaceState(history.state, '', link.href);
  // Focus stays on the switch the reader used (now the link back to the language they left).
  document.querySelector('a[data-language-switch]')?.focus();
});
`;
