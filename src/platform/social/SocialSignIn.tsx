import { lazy, Suspense, useEffect, useState } from 'react';
import type { Language } from '../../../core/routes/languages';
import { firstRender } from '../../lib/first-render';
import type { ProviderLandingPage } from './provider-start';
import type { SocialProvider } from './providers';
import { socialSettings } from './social-settings';

/** The buttons' own chunk (logos, styles, supabase-js's start), downloaded only when a provider is enabled. */
const SocialButtons = lazy(() => import('./SocialButtons').then((module) => ({ default: module.SocialButtons })));

/**
 * The provider buttons of the start page, the email form and the sign-in page: nothing at first
 * render (no bytes on the landing pages' budget), then, once the page has painted, the providers the
 * auth service enables; none enabled, nothing shows.
 */
export function SocialSignIn({ lng, landingPage }: { lng: Language; landingPage: ProviderLandingPage | null }) {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let active = true;
    void firstRender()
      .then(() => socialSettings())
      .then((settings) => {
        if (active) setProviders(settings.providers);
      });
    return () => {
      active = false;
    };
  }, []);
  if (providers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <SocialButtons providers={providers} lng={lng} landingPage={landingPage} />
    </Suspense>
  );
}
