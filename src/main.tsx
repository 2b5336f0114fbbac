import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { detectLanguage, isLanguage } from './app/languages';
import { loadPublicConfig } from './app/public-config';
import { expectAnalytics } from './features/analytics/analytics';

async function boot() {
  const firstSegment = window.location.pathname.split('/')[1];
  const language = isLanguage(firstSegment) ? firstSegment : detectLanguage();
  const [config] = await Promise.all([loadPublicConfig(), initI18n(language)]);
  // The SDK loads after the first render; events logged before then wait for it (not dropped).
  expectAnalytics(config.analytics);
  // The session chart starts at once (it reads the cookie and any auth callback in the address),
  // in its own chunk so supabase-js stays off the critical path of the first paint.
  void import('./features/auth/session').then(({ startSessionActor }) => startSessionActor());
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
