import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../../platform/api-client';
import { appActor } from '../../platform/app-actor';
import type { SubscriptionView } from '../../../core/contracts/payments';
import { signOut } from '../../platform/session/sign-out';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import * as page from './AccountPage.css';
import * as styles from './DeleteAccount.css';

/** Statuses whose subscription the erasure ends at once (server/retention/erasure.ts). */
const LIVE = new Set(['trialing', 'active', 'past_due']);

/**
 * "Delete account", the last of the settings: a confirmation that says what goes (and that a live
 * subscription ends now), then DELETE /v1/user, sign-out, and a page saying it is done (#29.5).
 */
export function DeleteAccount({ subscription }: { subscription: SubscriptionView | null }) {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const live = subscription !== null && LIVE.has(subscription.status);

  const erase = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await apiRequest<null>('/v1/user', { method: 'DELETE' });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setBusy(false);
      setFailed(true);
      return;
    }
    // The account page leaves with the session: the page saying it is done lives in its own root.
    showAccountDeleted();
    try {
      // The erasure ended the account's sessions on the server: this one is only cleared here.
      await signOut({ endedOnServer: true });
    } finally {
      appActor().send({ type: 'signedOut' });
    }
  };

  return (
    <Card elevation="flat" role="region" aria-labelledby="delete-account-heading">
      <Heading level={2} id="delete-account-heading">
        {t('delete.title')}
      </Heading>
      {confirming ? (
        <div className={page.confirmBox} role="group" aria-labelledby="delete-account-confirm">
          <Text id="delete-account-confirm">{t('delete.confirm')}</Text>
          <ul className={styles.list}>
            <li>{t('delete.items.profile')}</li>
            <li>{t('delete.items.signIn')}</li>
            <li>{t('delete.items.activity')}</li>
          </ul>
          {live ? <Text>{t('delete.subscription')}</Text> : null}
          {/* Not muted: grey on the warning's tint would be too faint to read. */}
          <Text size="small">{t('delete.invoices')}</Text>
          {failed ? <Alert tone="critical">{t('delete.failed')}</Alert> : null}
          <Button tone="primary" block disabled={busy} onClick={() => setConfirming(false)} autoFocus>
            {t('delete.keep')}
          </Button>
          <Button tone="critical" block loading={busy} onClick={() => void erase()}>
            {t('delete.yes')}
          </Button>
        </div>
      ) : (
        <div className={page.actions}>
          <Text tone="muted" size="small">
            {t('delete.help')}
          </Text>
          <div>
            <Button tone="secondary" onClick={() => setConfirming(true)}>
              {t('delete.title')}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

function showAccountDeleted(): void {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
  };
  root.render(<AccountDeleted onClose={close} />);
}

function AccountDeleted({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className={styles.donePage} role="dialog" aria-modal="true" aria-labelledby="account-deleted-heading">
      <div className={styles.doneColumn}>
        <Heading id="account-deleted-heading" ref={heading} tabIndex={-1} className={styles.doneHeading}>
          {t('delete.doneTitle')}
        </Heading>
        <Text>{t('delete.doneText')}</Text>
        <Text tone="muted" size="small">
          {t('delete.invoices')}
        </Text>
        <div>
          <Button tone="primary" onClick={onClose}>
            {t('delete.close')}
          </Button>
        </div>
      </div>
    </div>
  );
}
