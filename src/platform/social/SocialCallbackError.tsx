import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';
import { callbackErrorKey } from './callback-errors';

/**
 * The sign-in page's message for a trip to a provider that came back with an error (supabase-js's
 * own checks of the address, or the auth service's code): what happened and what to do, naming the
 * provider the person left for.
 */
export function SocialCallbackError({ error, provider }: { error: { message: string; code: string | null }; provider: string }) {
  const { t } = useTranslation('social');
  return (
    <Alert tone="critical">
      <strong>{t('errors.title', { provider })}</strong> {t(`errors.${callbackErrorKey(error)}`, { provider })}
    </Alert>
  );
}
