import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PASSKEYS_PER_USER } from '../../../../core/passkeys';
import { Alert } from '../../../ui/Alert';
import { badge, titleRow } from '../../../ui/Badge.css';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { RetryAlert } from '../../../ui/RetryAlert';
import { Spinner } from '../../../ui/Spinner';
import { Heading, Text } from '../../../ui/Text';
import { offerAnswered, offerPending } from './passkey-offer';
import { PasskeyRow } from './PasskeyRow';
import * as styles from './Passkeys.css';
import { usePasskeys } from './use-passkeys';

/**
 * "Passkeys" on the account page: each passkey with its name, device and last use, renamable and
 * removable, and "Add a passkey" (supabase-js's registerPasskey: the browser's own prompt). Just
 * after the trial starts, a person with none is offered one once ("Sign in faster next time",
 * passkey-offer.ts): the same card, saying why, with "Not now".
 */
export default function PasskeysCard({ userId, trialStarted }: { userId: string; trialStarted: boolean }) {
  const { t } = useTranslation('passkeys');
  const { passkeys, loadProblem, load, add, rename, remove } = usePasskeys(userId);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'positive' | 'critical' | 'info'; text: string } | null>(null);
  const [offer, setOffer] = useState(() => trialStarted && offerPending(userId));
  const offering = offer && passkeys !== null && passkeys.length === 0;

  async function onAdd() {
    setAdding(true);
    setNotice(null);
    const problem = await add();
    setAdding(false);
    if (!problem || problem !== 'cancelled') offerAnswered(userId);
    if (!problem) setOffer(false);
    setNotice(problem ? { tone: problem === 'cancelled' ? 'info' : 'critical', text: t(problem === 'cancelled' ? 'errors.cancelled' : `errors.${problem}`) } : { tone: 'positive', text: t('card.added') });
  }

  const full = (passkeys?.length ?? 0) >= MAX_PASSKEYS_PER_USER;
  return (
    <Card role="region" aria-labelledby="passkeys-heading">
      <div className={titleRow}>
        <Heading level={2} id="passkeys-heading">
          {offering ? t('offer.title') : t('card.title')}
        </Heading>
        {passkeys && passkeys.length > 0 ? <span className={badge({ tone: 'brand' })}>{t('card.count', { count: passkeys.length })}</span> : null}
      </div>
      <Text tone="muted">{offering ? t('offer.text') : t('card.help')}</Text>
      {loadProblem ? (
        <RetryAlert message={t('errors.loadFailed')} retryLabel={t('errors.retry')} onRetry={() => void load()} />
      ) : passkeys === null ? (
        <Spinner label={t('card.loading')} />
      ) : passkeys.length > 0 ? (
        <ul className={styles.list} aria-label={t('card.title')}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRename={(name) => rename(passkey.id, name)} onRemove={() => remove(passkey.id)} />
          ))}
        </ul>
      ) : offering ? null : (
        <Text>{t('card.none')}</Text>
      )}
      {notice ? (
        <div role="status">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      ) : null}
      {passkeys !== null && !full ? (
        <div className={styles.actions}>
          <Button tone={offering ? 'primary' : 'secondary'} loading={adding} onClick={() => void onAdd()}>
            {offering ? t('offer.add') : t('card.add')}
          </Button>
          {offering ? (
            <Button tone="ghost" onClick={() => (offerAnswered(userId), setOffer(false))}>
              {t('offer.later')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
