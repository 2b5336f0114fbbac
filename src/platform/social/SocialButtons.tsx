import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/routes/languages';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { ProviderLogo } from './ProviderLogo';
import type { ProviderLandingPage } from './provider-start';
import type { SocialProvider } from './providers';
import * as styles from './SocialButtons.css';
import { startSocialSignIn } from './start-social';

export interface SocialButtonsProps {
  providers: SocialProvider[];
  lng: Language;
  /** The landing page the buttons are on (the sign-up's record), null on the sign-in page. */
  landingPage: ProviderLandingPage | null;
}

/**
 * "Continue with Google", "Sign in with Microsoft", "Continue with Apple" and each OpenID Connect
 * provider by name, in the wording and colours each provider's guidelines ask for (en and fr), after
 * an "or" that sets them apart from the code form. One press leaves for the provider; the others
 * wait meanwhile, so a double press starts one trip.
 */
export function SocialButtons({ providers, lng, landingPage }: SocialButtonsProps) {
  const { t } = useTranslation('social');
  const [leaving, setLeaving] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  async function start(provider: SocialProvider) {
    setLeaving(provider.id);
    setFailed(false);
    const { code } = await startSocialSignIn(provider, { lng, landingPage }).catch(() => ({ code: 'unexpected_failure' }));
    // Still here: the page is leaving (navigating), or supabase-js could not start the trip.
    if (code === 'navigating') return;
    setLeaving(null);
    setFailed(true);
  }

  return (
    <div className={styles.group} role="group" aria-label={t('buttons.groupLabel')}>
      <div className={styles.divider}>{t('buttons.or')}</div>
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className={styles.provider[provider.kind]}
          disabled={leaving !== null}
          aria-busy={leaving === provider.id || undefined}
          data-provider={provider.id}
          onClick={() => void start(provider)}
        >
          {leaving === provider.id ? <Spinner /> : <ProviderLogo kind={provider.kind} className={styles.logo} />}
          <span>{t(`buttons.${provider.kind}`, { name: provider.label })}</span>
        </button>
      ))}
      {failed ? <Alert tone="critical">{t('buttons.failed')}</Alert> : null}
    </div>
  );
}
