import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../core/routes/languages';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import { sentAtFromWait, waitOrCooldown } from '../../../core/auth-codes';
import { CodeEntry } from './CodeEntry.lazy';
import type { EmailClaimResult } from './otp';
import { claimEmail, resendEmailClaim } from './email-claim';
import { EmailClaimNotice } from './EmailClaimNotice';

/**
 * The account page's unconfirmed email (./EmailToConfirm.tsx shows it, in its own chunk with the
 * code-sending parts). The code from the sign-up message lasts minutes and this page is opened days
 * later, so no code field is shown for a code that is probably gone: "Send a new code" sends one,
 * and only then the field appears. While `folded` (an authenticator is being added further down,
 * with its own 6-digit field) only the sentence stays, so one page never asks for two codes at once.
 */
export function EmailToConfirmCard({ lng, folded, email, onConfirmed }: { lng: Language; folded: boolean; email: string; onConfirmed: () => void }) {
  const { t } = useTranslation('account');
  const { t: tAuth } = useTranslation('auth');
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async () => {
    setSending(true);
    setFailure(null);
    const result: EmailClaimResult = await claimEmail(email, lng).catch((): EmailClaimResult => ({ ok: false, code: 'network' }));
    setSending(false);
    // Held back: EmailClaimNotice says when the code comes; the field opens then ("Send a new code" again).
    if (result.ok && result.heldSeconds) return;
    if (result.ok) setSentAt(Date.now());
    // Refused as too soon: a code left less than a minute ago and is still good, so its field opens
    // with the countdown where it really is.
    else if (result.code === 'over_email_send_rate_limit' && result.retryAfterSeconds !== undefined)
      setSentAt(sentAtFromWait(result.retryAfterSeconds, Date.now()));
    else setFailure(tAuth(`errors.${result.code}`, { seconds: waitOrCooldown(result.retryAfterSeconds), defaultValue: tAuth('errors.network') }));
  };

  return (
    <Card role="region" aria-labelledby="email-heading">
      <Heading level={2} id="email-heading">
        {t('email.title')}
      </Heading>
      <Text tone="muted">{t('email.text', { email })}</Text>
      {folded ? (
        <Text size="small" tone="muted">
          {t('email.folded')}
        </Text>
      ) : sentAt === null ? (
        <div>
          <Button tone="secondary" loading={sending} onClick={() => void send()}>
            {t('email.send')}
          </Button>
        </div>
      ) : (
        <CodeEntry
          recipient={email}
          channel="email"
          purpose="change"
          autoFocus
          sentAt={sentAt}
          onVerified={onConfirmed}
          onResend={() => resendEmailClaim(email, lng)}
        />
      )}
      <EmailClaimNotice />
      {failure ? <Alert tone="critical">{failure}</Alert> : null}
    </Card>
  );
}
