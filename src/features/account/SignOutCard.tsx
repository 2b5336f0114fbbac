import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActor } from '../../platform/app-actor';
import { IntentLink as Link } from '../../platform/IntentLink';
import { useLanguage } from '../../platform/use-language';
import { paths } from '../../../core/routes/paths';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Text } from '../../ui/Text';
import { signOut } from '../../platform/session/sign-out';
import { storedPhone } from '../../../core/phone/spelling';
import { defaultCountryCode } from '../../lib/countries';
import { useShownPhone } from '../../ui/phone-input/use-shown-phone';

/**
 * The account page's signed-in card: who is signed in (the email, else the phone number), signing
 * out, and where to ask for help.
 * Signing out leaves for the start page (the app chart's `signedOut`) even when the server's
 * answer failed: the session is cleared here either way (src/platform/session/sign-out.ts).
 */
export function SignOutCard({ email, phone }: { email: string | null; phone: string | null }) {
  const { t } = useTranslation('account');
  // Signed in by email, the address; by phone, the number as its reader dials it (once its formatter is here).
  const shownPhone = useShownPhone(email ? null : storedPhone(phone), defaultCountryCode());
  const who = email || shownPhone || '';
  const lng = useLanguage();
  const [signingOut, setSigningOut] = useState(false);

  const leave = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      appActor().send({ type: 'signedOut' });
    }
  };

  return (
    <Card elevation="flat">
      {who ? <Text>{t('signedInAs', { who })}</Text> : null}
      <div>
        <Button tone="secondary" loading={signingOut} onClick={() => void leave()}>
          {t('signOut')}
        </Button>
      </div>
      <Text tone="muted" size="small">
        {t('help')} <Link href={paths.contact.build(lng)}>{t('contact')}</Link>
      </Text>
    </Card>
  );
}
