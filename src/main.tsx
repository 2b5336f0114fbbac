import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startApp } from './app/address/app-actor';
import { App } from './app/App';
import { afterFirstRender } from './app/first-render';
import { initI18n } from './app/i18n';
import { detectLanguage, isLanguage } from './app/languages';
import { checkPublicConfig, loadPublicConfig } from './app/public-config';
import { preloadPage } from './app/routes';
import { expectAnalytics } from './features/analytics/analytics';

async function boot() {
  const firstSegment = window.location.pathname.split('/')[1];
  const language = isLanguage(firstSegment) ? firstSegment : detectLanguage();
  preloadPage(window.location.pathname, language);
  const [config] = await Promise.all([loadPublicConfig(), initI18n(language)]);
  // The SDK loads after the first render; events logged before then wait for it (not dropped).
  expectAnalytics(config.analytics);
  // The served config is checked against its schema once the page has rendered (zod is not part of
  // the first render).
  afterFirstRender(() => void checkPublicConfig());
  // The app chart decides the page from the address before the first render; it starts the session
  // chart at once (in its own chunk, so supabase-js stays off the critical path of the first paint).
  startApp(config.webAppUrl);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
