import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../core/format-date';
import { PASSKEY_NAME_MAX } from '../../../../core/passkeys';
import { useLanguage } from '../../../platform/use-language';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import type { Passkey, PasskeyProblem } from './passkey-calls';
import * as styles from './Passkeys.css';

/** What the passkey is kept in: the authenticator's name (AAGUID), else the browser and system that added it. */
function useDeviceName(passkey: Passkey): string {
  const { t } = useTranslation('passkeys');
  const device = passkey.device;
  if (device?.authenticator) return device.authenticator;
  if (device?.browser && device.os) return t('card.deviceOn', { browser: device.browser, os: device.os });
  return device?.browser ?? device?.os ?? t('card.unknownDevice');
}

interface RowProps {
  passkey: Passkey;
  onRename(name: string): Promise<PasskeyProblem | null>;
  onRemove(): Promise<PasskeyProblem | null>;
}

/** One passkey: its name, device, when added and last used; rename in place, remove after a plain-words confirmation. */
export function PasskeyRow({ passkey, onRename, onRemove }: RowProps) {
  const { t } = useTranslation('passkeys');
  const lng = useLanguage();
  const device = useDeviceName(passkey);
  const name = passkey.friendly_name || device;
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [draft, setDraft] = useState(name);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<PasskeyProblem | null>) {
    setBusy(true);
    const refused = await action();
    setBusy(false);
    setProblem(refused ? t(`errors.${refused}`) : null);
    if (!refused) setMode('view');
  }

  function submitRename(event: FormEvent) {
    event.preventDefault();
    const next = draft.trim();
    if (next === '') return setProblem(t('errors.nameRequired'));
    if (next.length > PASSKEY_NAME_MAX) return setProblem(t('errors.nameTooLong'));
    void run(() => onRename(next));
  }

  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <p className={styles.itemName}>{name}</p>
        <p className={styles.itemDetail}>{device}</p>
        <p className={styles.itemDetail}>
          {t('card.addedOn', { date: formatDate(passkey.created_at, lng) })} ·{' '}
          {passkey.last_used_at ? t('card.lastUsed', { date: formatDate(passkey.last_used_at, lng) }) : t('card.neverUsed')}
        </p>
      </div>
      {mode === 'view' ? (
        <div className={styles.actions}>
          <Button tone="secondary" size="small" aria-label={`${t('card.rename')} ${name}`} onClick={() => (setDraft(name), setProblem(null), setMode('rename'))}>
            {t('card.rename')}
          </Button>
          <Button tone="secondary" size="small" aria-label={`${t('card.remove')} ${name}`} onClick={() => (setProblem(null), setMode('remove'))}>
            {t('card.remove')}
          </Button>
        </div>
      ) : mode === 'rename' ? (
        <form className={styles.rename} onSubmit={submitRename} noValidate>
          <TextField label={t('card.renameLabel')} value={draft} maxLength={PASSKEY_NAME_MAX + 20} onChange={(event) => setDraft(event.target.value)} error={problem} autoFocus />
          <div className={styles.actions}>
            <Button type="submit" size="small" loading={busy}>
              {t('card.save')}
            </Button>
            <Button tone="ghost" size="small" onClick={() => setMode('view')}>
              {t('card.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.rename}>
          <Alert tone="caution">{t('card.confirmRemove', { name })}</Alert>
          {problem ? <Alert tone="critical">{problem}</Alert> : null}
          <div className={styles.actions}>
            <Button tone="critical" size="small" loading={busy} onClick={() => void run(onRemove)}>
              {t('card.confirm')}
            </Button>
            <Button tone="ghost" size="small" onClick={() => setMode('view')}>
              {t('card.cancel')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
