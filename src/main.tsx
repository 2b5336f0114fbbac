import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appActor } from './platform/app-actor';
import { startApp } from './app/address/start-app';
import { App } from './app/App';
import { initI18n } from './platform/i18n';
import { detectLanguage, isLanguage } from '../core/routes/languages';
import { canHydrate, inlineConfigFetch, prerenderedStateId, readPrerendered } from './app/prerendered';
import { checkPublicConfig, loadPublicConfig } from './platform/public-config';
import { preloadPage, routePages } from './app/routes';
import { loadStartTexts } from './app/start-texts';
import { expectAnalytics } from './platform/analytics/analytics';
import { carriesAuthCallback, hasSignedInPerson, hasStoredSession } from './platform/session/signed-in';
import { preloadAccountMenu } from './app/shell/SiteHeader';
import { readPendingCodeStep } from './features/landing/code-step-storage';
import { defaultCountryCode, rememberCountryName } from './lib/countries';
import { firstRender } from './lib/first-render';
import { setAdoptingMarkup } from './lib/use-browser-values';
import { nextTask } from './lib/next-task';
import { setServedScript } from './platform/served-script';

// The language the app starts in: the address's, else the visitor's (stored choice, browser).
const firstSegment = window.location.pathname.split('/')[1];
const language = isLanguage(firstSegment) ? firstSegment : detectLanguage();

// A page sent without its texts (not prerendered) asks for them in one request (./app/start-texts)
// as the entry runs, a task before its code's preload links: they then go first on the page's six
// connections rather than last (the account page's LCP ended with them in the simulation).
const earlyTexts = document.getElementById(prerenderedStateId) ? null : loadStartTexts(window.location.pathname, language);

async function boot() {
  // A prerendered page (the start page) holds its texts and the config: only its code is fetched.
  const prerendered = readPrerendered();
  const texts = prerendered?.lng === language ? prerendered.texts : undefined;
  // A generator page drawn with one of the scripts starts from it, adopted or drawn again.
  if (prerendered) setServedScript(prerendered.lng, prerendered.script);
  // The phone field's country is named as the markup names it, without starting Intl's region names.
  if (prerendered?.countryName) rememberCountryName(prerendered.country, prerendered.lng, prerendered.countryName);
  // Any other page's texts in one request (./app/start-texts), asked for above unless a prerendered
  // page in another language is drawn over.
  const startTexts = texts ? Promise.resolve(texts) : (earlyTexts ?? loadStartTexts(window.location.pathname, language));
  if (prerendered && texts) routePages[prerendered.page].preload().catch(() => undefined);
  else preloadPage(window.location.pathname, language, { texts: false });
  const configLoaded = loadPublicConfig(inlineConfigFetch() ?? fetch);
  // The header's account menu for a visitor the cookie says is signed in (its name is the config's),
  // asked for beside the page's code rather than after the texts (in a task of its own: reading the
  // session's cookie and the menu's preload links are a long task's worth on a phone, #40.2).
  void configLoaded
    .then(nextTask)
    .then(() => hasSignedInPerson() && preloadAccountMenu())
    .catch(() => undefined);
  // The page's code is asked for (a preload link per chunk); i18next starts in the next task, so
  // the two are not one long task (#40.2).
  await nextTask();
  const [config] = await Promise.all([configLoaded, startTexts.then((started) => initI18n(language, started))]);
  // The SDK loads after the first render; events logged before then wait for it (not dropped).
  expectAnalytics(config.analytics);
  // The served config is checked against its schema on the visitor's first input, when the forms
  // fetch zod anyway: a page only read never downloads zod (13 KB, #40).
  onFirstInput(() => void checkPublicConfig());
  // The app chart decides the page from the address before the first render; it starts the session
  // chart at once (in its own chunk, so supabase-js stays off the critical path of the first paint).
  // Started in a task of its own, not in i18next's (#40.2).
  await nextTask();
  startApp(config.webAppUrl);
  // Over a prerendered page, the visitor can read it already: a task boundary here keeps the
  // script's evaluation and the hydration from being one long task (input waits on neither).
  if (prerendered) await nextTask();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!prerendered) {
    // At transition priority: React yields to the browser every few milliseconds while it draws the
    // first page, instead of one long task (TBT) before the page's loading line or content paints.
    startTransition(() => createRoot(root).render(app));
    return;
  }
  const { page, lng } = appActor().getSnapshot().context;
  const visitor = {
    page,
    lng,
    search: window.location.search.replace(/^\?/, ''),
    country: defaultCountryCode(),
    // Only the start page keeps a code step among the prerendered pages (the demo and sign-in have none).
    pendingCodeStep: page === 'home' && readPendingCodeStep('start') !== null,
    holdsSession: hasStoredSession(),
    authCallback: carriesAuthCallback(window.location),
  };
  if (canHydrate(prerendered, visitor)) {
    // The page's own code first (asked for at the start): React adopting the markup without it
    // leaves the page's part unadopted, and a click there in the meantime (the sign-in's Email
    // switch) reached no handler and was dropped. Until then the loader keeps the clicks.
    await routePages[page].preload().catch(() => undefined);
    // From here React takes the page's clicks (and replays those on parts not adopted yet); the
    // loader clicks again only those made before (scripts/prerender/after-paint.js). A page drawn
    // over sends no such event: the loader keeps every click on the served buttons until the app
    // has rendered, and makes each again on its counterpart.
    document.dispatchEvent(new Event('app:adopting'));
    // What only the browser knows (the demo's days, the passkey button) is drawn once adopted.
    setAdoptingMarkup(true);
    void firstRender().then(() => setAdoptingMarkup(false));
    // The page is on screen already: hydrating at transition priority lets React yield to the
    // browser every few milliseconds instead of holding the main thread for the whole tree.
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  // This visitor's page differs from the markup: it stays on screen until the page's code is here,
  // then is drawn over in one commit (no loading spinner in between).
  preloadPage(window.location.pathname, lng);
  await routePages[page].preload().catch(() => undefined);
  // At transition priority, as the hydration above: React yields to the browser every few
  // milliseconds while it draws, and the markup on screen stays until the one commit.
  startTransition(() => {
    createRoot(root).render(app);
  });
}

/**
 * Runs `task` once, on the visitor's first focus, pointer-down or key press. A focus the page moved
 * itself is not the visitor's: the funnel's steps and the paywall focus their heading on arrival
 * (tabindex -1, which Tab never reaches; a click on it is a pointer-down first), and counting that
 * ran the config's check in the page's start-up, a long task on the paywall (#40.2).
 */
function onFirstInput(task: () => void): void {
  const kinds = ['focusin', 'pointerdown', 'keydown'] as const;
  const once = (event: Event) => {
    if (event.type === 'focusin' && event.target instanceof HTMLElement && event.target.tabIndex < 0) return;
    for (const kind of kinds) document.removeEventListener(kind, once, true);
    task();
  };
  for (const kind of kinds) document.addEventListener(kind, once, true);
}

// In a task of its own, after the entry's evaluation (React, i18next, the charts): the two together
// were the longest task of every page's start-up (#40.2).
void nextTask().then(boot);
