import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { appActor } from '../platform/app-actor';
import { startApp } from '../app/address/start-app';
import { App } from '../app/App';
import { i18n, initI18n, type InlineTexts } from '../platform/i18n';
import { detectLanguage, isLanguage } from '../../core/routes/languages';
import { loadPublicConfig } from '../platform/public-config';
import type { PrerenderedState } from '../app/prerendered';
import type { PublicConfig } from '../../core/contracts/public-config';
import { countryName, defaultCountryCode } from '../lib/countries';
import { installBrowserGlobals } from './browser-globals';
import { setAdoptingMarkup } from '../lib/use-browser-values';
import { setServedScript } from '../platform/served-script';

/**
 * What the first render reads from /config.json, at build time: nothing on a landing page shows a
 * configured value, and the session cookie's name comes from `auth.url` (no cookie here anyway).
 * The served page carries the real config (server/spa/prerendered.ts).
 */
const buildConfig: PublicConfig = {
  environment: 'production',
  auth: { url: 'http://localhost/auth/v1', publishableKey: '', cookieDomain: null },
  apiUrl: '',
  functionsUrl: '',
  // The page's own site (installBrowserGlobals' address): the generator's pictures are written from the root.
  greetingsUrl: 'http://localhost/greetings',
  geoCountryUrl: '',
  webAppUrl: '',
  appLinks: { web: '', macos: '', windows: '', ios: '', android: '' },
  analytics: { serverUrl: '', apiKey: '' },
  payments: { provider: 'local', stripePublishableKey: null },
  widgets: { intercomAppId: null, gtmId: null },
  // No live chart channel: it would keep the rendering process alive.
  features: { devOutbox: false, chartViewer: false },
  captcha: { provider: 'off' },
};

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  title: string;
  description: string;
  /** What the client compares before hydrating, and the texts it starts with. */
  state: PrerenderedState;
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(parts).toString('utf8');
}

/**
 * Renders one address as a signed-out first visit with the given browser languages would see it,
 * waiting for every lazy page and text (react-dom/static): once, or on a generator page once per
 * script in `scripts` (in that order) (the server picks one of them per visit). One address per process: the app
 * chart is a singleton started from the address (scripts/vite-prerender.ts runs each in its own).
 */
export async function renderPages(pathname: string, browserLanguages: readonly string[], scripts: readonly number[] = []): Promise<RenderedPage[]> {
  installBrowserGlobals(pathname, browserLanguages);
  // Nothing of the build machine's clock, zone or browser goes into the page (useBrowserValues).
  setAdoptingMarkup(true);
  await loadPublicConfig(async () => new Response(JSON.stringify(buildConfig), { status: 200 }));
  // As src/main.tsx: the texts first, then the app chart (which switches the texts' language).
  const firstSegment = pathname.split('/')[1];
  const language = isLanguage(firstSegment) ? firstSegment : detectLanguage();
  await initI18n(language);
  // The frame before the session is known: a first visit's cookie is read in the browser, not here.
  startApp(buildConfig.webAppUrl, { followSession: false });
  const { page, lng } = appActor().getSnapshot().context;
  const rendered: RenderedPage[] = [];
  // Without scripts, once and naming none (JSON has no undefined: a null would ride in every page's state).
  for (const script of scripts.length > 0 ? scripts : [undefined]) {
    setServedScript(language, script);
    const failures: string[] = [];
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <App />
      </StrictMode>,
      // React would leave a failed part for the client to render (an empty boundary in the HTML):
      // at build time that is a bug to fix, not a page to ship.
      { onError: (error) => void failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error)) },
    );
    const html = await streamToString(prelude);
    if (failures.length) throw new Error(`prerender ${pathname}: ${failures.join('\n')}`);
    // After the render: the page's own texts were loaded by it.
    const t = i18n.getFixedT(lng);
    const title = t('titles.pattern', { page: t(`titles.${page}`), brand: t('brand') });
    const texts = (i18n.store.data[lng] ?? {}) as InlineTexts;
    const country = defaultCountryCode(browserLanguages);
    rendered.push({ html, title, description: t('description'), state: { page, lng, country, countryName: countryName(country, lng), texts, ...(script === undefined ? {} : { script }) } });
  }
  return rendered;
}
