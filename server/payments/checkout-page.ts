import en from '../../locales/en/checkout.json';
import fr from '../../locales/fr/checkout.json';
import { formatDate as formatReaderDate } from '../../core/format-date';
import { formatMoney } from '../../core/payments/money';
import { palette } from '../../core/design-tokens';
import type { CardFieldError } from './cards';
import type { CheckoutSessionRow } from './tables';
import { escapeHtml, htmlDocument } from '../http/html';
import { applyPercentOff } from '../../core/payments/promotion';

/**
 * The local provider's hosted checkout page: server-rendered HTML, a plain form POST, so it works by
 * keyboard, with screen readers and without JavaScript. Its one script (./checkout-script.ts) only
 * keeps what was typed across a language switch. Texts come from the same locales/{en,fr}/checkout.json
 * as the SPA (the `hosted` section).
 */

type Hosted = typeof en.hosted;
const texts: Record<'en' | 'fr', Hosted> = { en: en.hosted, fr: fr.hosted };

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(String(values[key] ?? '')));
}

/** The SPA's date format ("1er décembre 2025" in French), in UTC: the server does not know the reader's zone. */
export function formatDate(date: Date, lng: 'en' | 'fr'): string {
  return formatReaderDate(date, lng, 'long', 'UTC');
}

export const checkoutCss = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:${palette.ink900};background:${palette.green50};line-height:1.5}
main{max-width:30rem;margin:0 auto;padding:0 1rem 3rem}
header{display:flex;justify-content:space-between;align-items:center;gap:1rem;max-width:30rem;margin:0 auto;padding:1.5rem 1rem 1rem}
.brand{font-weight:650;color:${palette.green800};text-decoration:none}
nav a{margin-left:.5rem}
a{color:${palette.green700}}
h1{font-size:1.5rem;margin:.5rem 0 1rem}
h2{font-size:1.125rem;margin:0 0 .75rem}
.card{background:${palette.white};border-radius:16px;padding:1.5rem;box-shadow:0 1px 2px rgba(16,24,40,.06),0 4px 12px rgba(16,24,40,.08);margin-bottom:1rem}
.summary dl{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;margin:0}
.summary dd{margin:0;text-align:right;font-weight:650}
.muted{color:${palette.ink500};font-size:.875rem}
.field{display:flex;flex-direction:column;gap:.25rem;margin-bottom:1rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
label{font-weight:500}
input{font:inherit;min-height:2.75rem;padding:.5rem .75rem;border:1px solid ${palette.ink300};border-radius:10px;width:100%}
input[aria-invalid="true"]{border-color:${palette.red700}}
.error{color:${palette.red700};margin:0;font-size:.875rem}
.alert{background:${palette.red50};border:1px solid ${palette.red100};color:${palette.red700};border-radius:10px;padding:.75rem 1rem;margin-bottom:1rem}
button,.button{display:inline-flex;justify-content:center;align-items:center;width:100%;min-height:2.75rem;border:0;border-radius:999px;background:${palette.green700};color:${palette.white};font:inherit;font-weight:500;cursor:pointer;text-decoration:none}
button:hover{background:${palette.green800}}
:focus-visible{outline:3px solid ${palette.blue700};outline-offset:2px}
.back{display:block;text-align:center;margin-top:1rem}
.test{font-size:.875rem;background:${palette.amber100};color:${palette.amber800};border-radius:10px;padding:.75rem 1rem}
`;

export interface PageContext {
  lng: 'en' | 'fr';
  session: CheckoutSessionRow | null;
  minorUnits: number;
  trialEnd: Date;
  promotionCode: string | null;
  /** Where "Back to plans" goes. */
  backUrl: string;
  showTestCards: boolean;
  values?: { name?: string; expiry?: string };
  fieldErrors?: Partial<Record<CardFieldError, keyof Hosted['fieldErrors']>>;
  declined?: keyof Hosted['declined'];
  message?: 'expired' | 'complete' | 'alreadySubscribed' | 'notFound';
  /** Where "Continue" goes after a message (e.g. next-steps when already complete). */
  continueUrl?: string;
  /** A card update for an existing subscription (session purpose update_card) instead of a trial checkout. */
  update?: { dueNow: number | null; nextChargeAt: Date | null; nextAmount: number | null };
}

function layout(lng: 'en' | 'fr', t: Hosted, body: string, selfPath: string): string {
  const other = lng === 'en' ? 'fr' : 'en';
  return htmlDocument({
    lang: lng,
    title: `${t.documentTitle} · Ringwise`,
    head: '<link rel="stylesheet" href="/checkout/assets/checkout.css">\n<script src="/checkout/assets/checkout.js" defer></script>',
    // The header is a child of body, not of main: only there is it the page's banner landmark.
    body: `<header><span class="brand">Ringwise</span><nav aria-label="${escapeHtml(t.language)}"><a href="${escapeHtml(selfPath)}?lng=${other}" hreflang="${other}" lang="${other}" data-language-switch>${other === 'fr' ? 'Français' : 'English'}</a></nav></header>
<main>
${body}
</main>`,
  });
}

export function renderCheckoutPage(context: PageContext): string {
  const { lng, session } = context;
  const t = texts[lng];
  const selfPath = session ? `/checkout/${session.id}` : '/checkout';
  if (!session || context.message) return renderMessage(context, t, selfPath);

  const money = (amount: number) => formatMoney(amount, session.currency, context.minorUnits, lng);
  const firstCharge = firstChargeOf(session);
  const errors = context.fieldErrors ?? {};
  const hasErrors = Object.keys(errors).length > 0;

  const field = (name: 'name' | 'number' | 'expiry' | 'cvc', attrs: string, value = '') => {
    const error = name === 'name' ? undefined : errors[name];
    const errorId = `${name}-error`;
    return `<div class="field">
<label for="${name}">${escapeHtml(t[name])}</label>
<input id="${name}" name="${name}" ${attrs}${value ? ` value="${escapeHtml(value)}"` : ''}${error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''}>
${error ? `<p class="error" id="${errorId}">${escapeHtml(t.fieldErrors[error])}</p>` : ''}
</div>`;
  };

  const alert = context.declined
    ? `<div class="alert" role="alert">${escapeHtml(t.declined[context.declined])}</div>`
    : hasErrors
      ? `<div class="alert" role="alert">${escapeHtml(t.errorSummary)}</div>`
      : '';

  const summary = context.update ? updateSummary(context, context.update, session, t, money) : trialSummary(context, session, t, money);
  const submit = context.update
    ? context.update.dueNow !== null
      ? fill(t.updateSubmitPay, { amount: money(context.update.dueNow) })
      : escapeHtml(t.updateSubmit)
    : session.trial
      ? escapeHtml(t.submit)
      : fill(t.submitPay, { amount: money(firstCharge) });

  const body = `${summary}<section class="card" aria-labelledby="card-heading">
<h2 id="card-heading">${escapeHtml(t.cardHeading)}</h2>
${alert}
<form method="post" action="${escapeHtml(selfPath)}?lng=${lng}" novalidate data-card-form>
${field('name', 'type="text" autocomplete="cc-name" maxlength="200"', context.values?.name ?? '')}
${field('number', 'type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
<div class="row">
${field('expiry', `type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="${escapeHtml(t.expiryPlaceholder)}" maxlength="7" required`, context.values?.expiry ?? '')}
${field('cvc', 'type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}
</div>
<button type="submit">${submit}</button>
</form>
<a class="back" href="${escapeHtml(context.backUrl)}">${escapeHtml(context.update ? t.backToAccount : t.back)}</a>
</section>
${context.showTestCards ? `<aside class="test" aria-label="${escapeHtml(t.testCardsHeading)}"><strong>${escapeHtml(t.testCardsHeading)}</strong><p>${escapeHtml(t.testCards)}</p></aside>` : ''}`;
  return layout(lng, t, body, selfPath);
}

/** The message page (a session expired, complete, already subscribed, not found) with its one way on. */
function renderMessage(context: PageContext, t: Hosted, selfPath: string): string {
  const message = context.message ?? 'notFound';
  const next = context.continueUrl ?? context.backUrl;
  const label = context.continueUrl ? t.continue : t.back;
  const body = `<h1>${escapeHtml(t.heading)}</h1><div class="card"><p role="status">${escapeHtml(t[message])}</p><a class="button" href="${escapeHtml(next)}">${escapeHtml(label)}</a></div>`;
  return layout(context.lng, t, body, selfPath);
}

/** What the first charge is: the seats at the unit price, less the promotion's percent. */
function firstChargeOf(session: CheckoutSessionRow): number {
  const gross = session.unit_amount * session.seats;
  return applyPercentOff(gross, session.percent_off);
}

/** The plan's line: its name and interval in the reader's language. */
function planLine(lng: 'en' | 'fr', session: CheckoutSessionRow, t: Hosted): string {
  const planName = lng === 'fr' ? fr.plan[session.plan] : en.plan[session.plan];
  const interval = session.interval === 'yearly' ? t.intervalYearly : t.intervalMonthly;
  return fill(t.planLine, { plan: planName, interval });
}

/** A card update's summary: what is due now, or when the next charge falls and its amount. */
function updateSummary(context: PageContext, update: NonNullable<PageContext['update']>, session: CheckoutSessionRow, t: Hosted, money: (amount: number) => string): string {
  const lng = context.lng;
  return `<h1>${escapeHtml(t.updateTitle)}</h1>
<section class="card summary" aria-labelledby="summary-heading">
<h2 id="summary-heading">${planLine(lng, session, t)}</h2>
<dl>
${update.dueNow !== null ? `<dt>${escapeHtml(t.updateDueNow)}</dt><dd>${escapeHtml(money(update.dueNow))}</dd>` : ''}
${update.dueNow === null && update.nextChargeAt && update.nextAmount !== null ? `<dt>${fill(t.updateNextCharge, { date: formatDate(update.nextChargeAt, lng) })}</dt><dd>${escapeHtml(money(update.nextAmount))}</dd>` : ''}
</dl>
<p class="muted">${escapeHtml(t.updateIntro)}</p>
</section>
`;
}

/** A trial checkout's summary: price per seat, seats, due today, after the trial, the promotion. */
function trialSummary(context: PageContext, session: CheckoutSessionRow, t: Hosted, money: (amount: number) => string): string {
  const lng = context.lng;
  const firstCharge = firstChargeOf(session);
  const trialDate = formatDate(context.trialEnd, lng);
  return `<h1>${escapeHtml(t.heading)}</h1>
<section class="card summary" aria-labelledby="summary-heading">
<h2 id="summary-heading">${planLine(lng, session, t)}</h2>
<dl>
<dt>${escapeHtml(t.pricePerSeat)}</dt><dd>${escapeHtml(money(session.unit_amount))}</dd>
<dt>${escapeHtml(t.seatsLabel)}</dt><dd>${escapeHtml(String(session.seats))}</dd>
<dt>${escapeHtml(t.dueToday)}</dt><dd>${escapeHtml(money(session.trial ? 0 : firstCharge))}</dd>
${session.trial ? `<dt>${fill(t.afterTrial, { date: trialDate })}</dt><dd>${escapeHtml(money(firstCharge))}</dd>` : ''}
${session.percent_off && context.promotionCode ? `<dt>${fill(t.promotion, { code: context.promotionCode, percent: session.percent_off })}</dt><dd></dd>` : ''}
</dl>
<p class="muted">${session.trial ? fill(t.trial, { date: trialDate }) : escapeHtml(t.noTrial)} ${escapeHtml(t.moneyBack)}</p>
</section>
`;
}
