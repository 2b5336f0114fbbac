import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/routes/languages';
import { paths } from '../../../core/routes/paths';
import { IntentLink as Link } from '../../platform/IntentLink';
import { Button } from '../../ui/Button';
import { Text } from '../../ui/Text';
import { signOut } from '../../platform/session/sign-out';

/** The sign-in page for someone signed in already: who, the way on to onboarding, and sign out. */
export function SignedInAs({ who, lng }: { who: string; lng: Language }) {
  const { t } = useTranslation('auth');
  const [signingOut, setSigningOut] = useState(false);

  async function onSignOut() {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
  }

  return (
    <>
      <Text>{t('signIn.signedInAs', { who })}</Text>
      <Link href={paths.onboarding.build(lng)}>{t('signIn.continue')}</Link>
      <Button tone="secondary" block loading={signingOut} onClick={() => void onSignOut()}>
        {t('signIn.signOut')}
      </Button>
    </>
  );
}
