import { useTranslation } from 'react-i18next';
import { storedPhone } from '../../../../core/phone/spelling';
import { defaultCountryCode } from '../../../lib/countries';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { useShownPhone } from '../../../ui/phone-input/use-shown-phone';
import { Heading, Text } from '../../../ui/Text';
import * as styles from '../TwoStep.css';
import { useWaysIn } from './use-ways-in';
import { linkableProviders, waysIn, type Identity, type WayIn } from './ways-in';

interface WaysInCardProps {
  identities: readonly Identity[];
  phone: string | null;
  email: string | null;
}

/**
 * "Ways to sign in" on the account page (#35): the phone, the email and each provider linked to the
 * account (user.identities). When the service has manual linking on, each can be removed (the auth
 * service refuses the last one, said in the reader's language) and each enabled provider not yet
 * linked can be linked.
 */
export function WaysInCard({ identities, phone, email }: WaysInCardProps) {
  const { t } = useTranslation('social');
  const state = useWaysIn(identities);
  const { settings, busy, notice } = state;
  const shownPhone = useShownPhone(storedPhone(phone), defaultCountryCode());
  const ways = waysIn(state.identities, settings.providers, { phone: shownPhone, email });
  const linkable = settings.manualLinking ? linkableProviders(settings.providers, state.identities) : [];

  return (
    <Card role="region" aria-labelledby="ways-in-heading">
      <Heading level={2} id="ways-in-heading">
        {t('waysIn.title')}
      </Heading>
      <Text tone="muted">{t('waysIn.intro')}</Text>
      <ul className={styles.list}>
        {ways.map((way) => (
          <WayInRow key={way.identity.identity_id} way={way} removable={settings.manualLinking} busy={busy === way.identity.identity_id} onRemove={(name) => void state.unlink(way.identity, name)} />
        ))}
      </ul>
      {notice ? <Alert tone={notice.tone}>{t(`waysIn.${notice.key}`, { provider: notice.provider })}</Alert> : null}
      {linkable.length > 0 ? (
        <div className={styles.stack}>
          <Text tone="muted" size="small">
            {t('waysIn.linkHint')}
          </Text>
          <div className={styles.actions}>
            {linkable.map((provider) => (
              <Button key={provider.id} tone="secondary" loading={busy === provider.id} disabled={busy !== null} onClick={() => void state.link(provider)}>
                {t('waysIn.link', { provider: provider.label })}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </Card>
  );
}

function WayInRow({ way, removable, busy, onRemove }: { way: WayIn; removable: boolean; busy: boolean; onRemove(name: string): void }) {
  const { t, i18n } = useTranslation('social');
  const name = way.kind === 'provider' ? way.label : t(`waysIn.${way.kind}`);
  const since = way.identity.created_at ? new Date(way.identity.created_at) : null;
  return (
    <li className={styles.item} data-provider={way.identity.provider}>
      <div className={styles.itemText}>
        <p className={styles.itemName}>{name}</p>
        {way.detail ? <p className={styles.itemDetail}>{way.kind === 'provider' ? way.detail : t('waysIn.codeTo', { address: way.detail })}</p> : null}
        {since && way.kind === 'provider' && !Number.isNaN(since.getTime()) ? (
          <p className={styles.itemDetail}>{t('waysIn.linkedOn', { date: since.toLocaleDateString(i18n.language, { dateStyle: 'medium' }) })}</p>
        ) : null}
      </div>
      {removable ? (
        <Button tone="ghost" size="small" loading={busy} aria-label={t('waysIn.unlinkLabel', { provider: name })} onClick={() => onRemove(name)}>
          {t('waysIn.unlink')}
        </Button>
      ) : null}
    </li>
  );
}
