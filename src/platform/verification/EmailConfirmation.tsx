import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/routes/languages';
import { Alert } from '../../ui/Alert';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import { CodeEntry } from './CodeEntry';
import { resendEmailClaim } from './email-claim';
import { EmailClaimNotice } from './EmailClaimNotice';
import { useSession } from '../session/session';

/**
 * 'Confirm your email' while the signed-in account holds an address given but not proven yet (the
 * session user's `new_email`): the 6-digit code from the confirmation message, or a fresh message
 * (link + code). Once confirmed the address signs in to this account; until then it signs in no one
 * (decision 103). Renders nothing when there is nothing to confirm.
 */
export function EmailConfirmation({ lng }: { lng: Language }) {
  const { t } = useTranslation('auth');
  const { session } = useSession();
  // Kept once confirmed: the new session no longer carries new_email, and the person should see it worked.
  const [confirmed, setConfirmed] = useState(false);
  const email = session?.user.new_email;
  if (confirmed) return <Alert tone="info">{t('emailConfirmation.confirmed')}</Alert>;
  if (!email) return null;
  return (
    <Card>
      <Heading level={2}>{t('emailConfirmation.title')}</Heading>
      <Text tone="muted">{t('emailConfirmation.text')}</Text>
      <EmailClaimNotice />
      <CodeEntry
        recipient={email}
        channel="email"
        purpose="change"
        // Offered beside the page's own content: the page keeps its focus.
        autoFocus={false}
        // The message may be older than this page: the server's cooldown answers a too-early resend.
        sentAt={0}
        onVerified={() => setConfirmed(true)}
        onResend={() => resendEmailClaim(email, lng)}
      />
    </Card>
  );
}
