import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../app/languages';
import { Alert } from '../../ui/Alert';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import { CodeEntry } from './CodeEntry';
import { sendEmailConfirmation } from './otp';

/**
 * 'Confirm your email' for an address given at sign-up but not proven yet (the session user's
 * `new_email`): the 6-digit code from the confirmation message, or a fresh message (link + code).
 * Once confirmed the address signs in to this account; until then it signs in no one (decision 103).
 */
export function EmailConfirmation({ email, lng }: { email: string; lng: Language }) {
  const { t } = useTranslation('auth');
  const [confirmed, setConfirmed] = useState(false);
  if (confirmed) return <Alert tone="info">{t('emailConfirmation.confirmed')}</Alert>;
  return (
    <Card>
      <Heading level={2}>{t('emailConfirmation.title')}</Heading>
      <Text tone="muted">{t('emailConfirmation.text', { email })}</Text>
      <CodeEntry
        recipient={email}
        channel="email"
        purpose="change"
        // The message may be older than this page: the server's cooldown answers a too-early resend.
        sentAt={0}
        onVerified={() => setConfirmed(true)}
        onResend={() => sendEmailConfirmation(email, lng)}
      />
    </Card>
  );
}
