import type { Provider } from '@supabase/supabase-js';
import { paths } from '../../../core/routes/paths';
import type { Language } from '../../../core/routes/languages';
import { loadSupabase } from '../session/session';
import { rememberProviderStart, type ProviderLandingPage } from './provider-start';
import type { SocialProvider } from './providers';

/**
 * Leaves for the provider with the unmodified supabase-js `signInWithOAuth` (the app's client is in
 * PKCE mode: the verifier waits in the session cookie). The provider sends the person back through
 * the auth service to the sign-in page, whose supabase-js exchanges the `?code=` and carries on into
 * the funnel (src/features/auth/SignInOtpPage.tsx); an error comes back in the address instead.
 * Resolves only when supabase-js could not build the address (it navigates otherwise).
 */
export async function startSocialSignIn(provider: SocialProvider, options: { lng: Language; landingPage: ProviderLandingPage | null }): Promise<{ code: string }> {
  rememberProviderStart({ label: provider.label, landingPage: options.landingPage });
  const supabase = await loadSupabase();
  const redirectTo = new URL(paths.signInOtp.build(options.lng), window.location.origin).href;
  // `custom:<name>` is GoTrue's and supabase-js's name for an OpenID Connect provider; its Provider
  // type lists only the built-in ones.
  const { error } = await supabase.auth.signInWithOAuth({ provider: provider.id as Provider, options: { redirectTo } });
  return { code: error?.code ?? (error ? 'unexpected_failure' : 'navigating') };
}
