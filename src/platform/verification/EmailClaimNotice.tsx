import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';
import { retryWhen } from './send-refusal';
import { useHeldEmailClaim } from './email-claim';

/**
 * When an email claim's confirmation code will come, if the server held it back (#34.4), then that
 * it went. Renders nothing otherwise.
 */
export function EmailClaimNotice() {
  const { t, i18n } = useTranslation('auth');
  const claim = useHeldEmailClaim();
  if (!claim) return null;
  if (claim.sent) return <Alert tone="info">{t('emailClaim.sent', { email: claim.email })}</Alert>;
  const when = retryWhen(t, 0, claim.sendAt, i18n.language);
  return <Alert tone="info">{t('emailClaim.held', { email: claim.email, when })}</Alert>;
}
