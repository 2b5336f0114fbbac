import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../platform/use-language';
import { defaultCountryCode } from '../../lib/countries';
import { RESEND_COOLDOWN_SECONDS } from '../../../core/auth-codes';
import { formatDate } from '../../../core/format-date';
import { useCountdown } from '../../lib/use-countdown';
import { formatPhone } from '../../../core/phone/display';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { Text } from '../../ui/Text';
import { toast } from '../../ui/toast';
import { abandonEnrolment, challenge, enrollPhone, enrollTotp, listFactors, unenroll, verify, type FactorView, type MfaFailure } from '../../platform/verification/mfa';
import { MfaCodeForm, useMfaErrorText } from '../../platform/verification/MfaCodeForm';
import { PhoneNumberForm } from './PhoneNumberForm';
import * as styles from './TwoStep.css';

const ISSUER = 'Ringwise';

type Mode = { kind: 'list' } | { kind: 'totp' } | { kind: 'phone' };

/** The key as people copy it from a screen: groups of four. */
const groupedSecret = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Two-step verification's methods: the list (fresh from the server), adding an authenticator app
 * or a phone, removing one (confirmed). Each addition ends with its first code, which also lifts
 * this session to aal2 (supabase-js reports MFA_CHALLENGE_VERIFIED).
 */
export default function TwoStepManager({ onClose }: { onClose(): void }) {
  const { t } = useTranslation('account');
  const describe = useMfaErrorText();
  const [factors, setFactors] = useState<FactorView[] | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLDivElement>(null);

  const reload = () =>
    listFactors().then((result) => {
      if (result.ok) setFactors(result.factors.filter((factor) => factor.verified));
      else setError(describe(result));
    });

  useEffect(() => {
    void reload();
    // Once, as the manager opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const added = async (message: string) => {
    toast.success(message);
    setMode({ kind: 'list' });
    await reload();
    requestAnimationFrame(() => heading.current?.focus());
  };

  if (mode.kind === 'totp') return <AddApp onDone={() => void added(t('twoStep.appAdded'))} onCancel={() => setMode({ kind: 'list' })} />;
  if (mode.kind === 'phone') return <AddPhone onDone={() => void added(t('twoStep.phoneAdded'))} onCancel={() => setMode({ kind: 'list' })} />;

  const hasApp = factors?.some((factor) => factor.type === 'totp') ?? false;
  return (
    <div className={styles.stack} ref={heading} tabIndex={-1}>
      {factors === null && !error ? <Spinner label={t('twoStep.loading')} /> : null}
      {error ? <Alert tone="critical">{error}</Alert> : null}
      {factors && factors.length > 0 ? (
        <ul className={styles.list} aria-label={t('twoStep.methods')}>
          {factors.map((factor) => (
            <FactorRow key={factor.id} factor={factor} onRemoved={() => void reload()} />
          ))}
        </ul>
      ) : factors ? (
        <Text tone="muted">{t('twoStep.offHelp')}</Text>
      ) : null}
      {factors ? (
        <div className={styles.choice}>
          {hasApp ? null : (
            <Button tone="primary" block onClick={() => setMode({ kind: 'totp' })}>
              {t('twoStep.addApp')}
            </Button>
          )}
          <Button tone={hasApp ? 'primary' : 'secondary'} block onClick={() => setMode({ kind: 'phone' })}>
            {t('twoStep.addPhone')}
          </Button>
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button tone="ghost" size="small" onClick={onClose}>
          {t('twoStep.close')}
        </Button>
      </div>
    </div>
  );
}

function FactorRow({ factor, onRemoved }: { factor: FactorView; onRemoved(): void }) {
  const { t } = useTranslation('account');
  const lng = useLanguage();
  const describe = useMfaErrorText();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = factor.type === 'totp' ? t('twoStep.app') : t('twoStep.phone');
  const detail = factor.type === 'phone' ? formatPhone(factor.phone, defaultCountryCode()) : t('twoStep.addedOn', { date: formatDate(factor.createdAt, lng, 'long') });

  const remove = async () => {
    setBusy(true);
    setError(null);
    const result = await unenroll(factor.id);
    setBusy(false);
    if (!result.ok) return setError(describe(result));
    toast.success(t('twoStep.removed', { name }));
    onRemoved();
  };

  return (
    <li className={styles.item}>
      <div className={styles.itemText}>
        <p className={styles.itemName}>{name}</p>
        <p className={styles.itemDetail}>{detail}</p>
      </div>
      {confirming ? null : (
        <Button tone="secondary" size="small" onClick={() => setConfirming(true)} aria-label={t('twoStep.removeNamed', { name, detail })}>
          {t('twoStep.remove')}
        </Button>
      )}
      {confirming ? (
        <div className={styles.confirmBox} role="group" aria-label={t('twoStep.removeConfirm', { name })}>
          <Text>{t('twoStep.removeConfirm', { name })}</Text>
          {error ? <Alert tone="critical">{error}</Alert> : null}
          <Button tone="primary" block disabled={busy} onClick={() => setConfirming(false)} autoFocus>
            {t('twoStep.keep')}
          </Button>
          <Button tone="critical" block loading={busy} onClick={() => void remove()}>
            {t('twoStep.confirmRemove')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** An addition in progress: its title, named as the group's label, over its steps. */
function Enrolment({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className={styles.stack} role="group" aria-labelledby={id}>
      <Text id={id} size="lead">
        {title}
      </Text>
      {children}
    </div>
  );
}

/** An enrolment's first code, answering its challenge: accepted, the factor is on (and this session aal2). */
async function turnOn(factorId: string, challengeId: string, code: string, onDone: () => void): Promise<MfaFailure | null> {
  const result = await verify(factorId, challengeId, code);
  if (!result.ok) return result;
  onDone();
  return null;
}

/** Authenticator app: scan (or type the key), then the app's first code turns it on. */
function AddApp({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('account');
  const describe = useMfaErrorText();
  const [enrolment, setEnrolment] = useState<{ factorId: string; qrCode: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void enrollTotp(ISSUER).then((result) => (result.ok ? setEnrolment(result) : setError(describe(result))));
  }, [describe]);

  const cancel = () => {
    if (enrolment) void abandonEnrolment(enrolment.factorId);
    onCancel();
  };

  const onCode = async (code: string): Promise<MfaFailure | null> => {
    if (!enrolment) return { ok: false, code: 'unknown' };
    const made = await challenge(enrolment.factorId);
    if (!made.ok) return made;
    return turnOn(enrolment.factorId, made.challengeId, code, onDone);
  };

  return (
    <Enrolment id="add-app-heading" title={t('twoStep.appTitle')}>
      {error ? <Alert tone="critical">{error}</Alert> : null}
      {enrolment ? (
        <ol className={styles.steps}>
          <li>
            <Text>{t('twoStep.appStep1')}</Text>
          </li>
          <li>
            <Text>{t('twoStep.appStep2')}</Text>
            <div className={styles.qrRow}>
              <img className={styles.qr} src={enrolment.qrCode} alt={t('twoStep.qrAlt')} />
              <div className={styles.secretBox}>
                <Text tone="muted" size="small">
                  {t('twoStep.cantScan')}
                </Text>
                <code className={styles.secret} aria-label={t('twoStep.secretLabel')} data-secret={enrolment.secret}>
                  {groupedSecret(enrolment.secret)}
                </code>
                <div>
                  <Button
                    tone="secondary"
                    size="small"
                    onClick={() => void navigator.clipboard?.writeText(enrolment.secret).then(() => toast.success(t('twoStep.copied')), () => undefined)}
                  >
                    {t('twoStep.copy')}
                  </Button>
                </div>
              </div>
            </div>
          </li>
          <li>
            <Text>{t('twoStep.appStep3')}</Text>
            <div className={styles.codeForm}>
              <MfaCodeForm onCode={onCode} submitLabel={t('twoStep.turnOn')} autoFocus={false}>
                <Button tone="ghost" block onClick={cancel}>
                  {t('twoStep.cancel')}
                </Button>
              </MfaCodeForm>
            </div>
          </li>
        </ol>
      ) : error ? (
        <Button tone="ghost" onClick={cancel}>
          {t('twoStep.cancel')}
        </Button>
      ) : (
        <Spinner label={t('twoStep.loading')} />
      )}
    </Enrolment>
  );
}

/** A phone: the number, then the code texted to it turns it on. */
function AddPhone({ onDone, onCancel }: { onDone(): void; onCancel(): void }) {
  const { t } = useTranslation('account');
  const describe = useMfaErrorText();
  const [sent, setSent] = useState<{ factorId: string; challengeId: string; phone: string } | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const { secondsLeft: cooldown, restart: setCooldown } = useCountdown();

  const text = async (factorId: string, number: string) => {
    const made = await challenge(factorId);
    if (!made.ok) {
      setSendError(describe(made));
      if (made.retryAfterSeconds) setCooldown(made.retryAfterSeconds);
      return;
    }
    setSendError(null);
    setSent({ factorId, challengeId: made.challengeId, phone: number });
    setCooldown(RESEND_COOLDOWN_SECONDS);
  };

  /** Enrols the number (already parsed by the form) and texts it; answers the enrolment's failure for the form to say. */
  const send = async (phone: string): Promise<MfaFailure | null> => {
    setSendError(null);
    const enrolled = await enrollPhone(phone);
    if (!enrolled.ok) return enrolled;
    await text(enrolled.factorId, phone);
    return null;
  };

  const cancel = () => {
    if (sent) void abandonEnrolment(sent.factorId);
    onCancel();
  };

  const onCode = async (code: string): Promise<MfaFailure | null> => {
    if (!sent) return { ok: false, code: 'unknown' };
    return turnOn(sent.factorId, sent.challengeId, code, onDone);
  };

  return (
    <Enrolment id="add-phone-heading" title={t('twoStep.phoneTitle')}>
      {sent ? (
        <>
          <Text>{t('twoStep.phoneSent', { phone: formatPhone(sent.phone, defaultCountryCode()) })}</Text>
          <div className={styles.codeForm}>
            <MfaCodeForm onCode={onCode} submitLabel={t('twoStep.turnOn')} error={sendError}>
              <Button tone="secondary" block disabled={cooldown > 0} onClick={() => void text(sent.factorId, sent.phone)} aria-live="polite">
                {cooldown > 0 ? t('twoStep.resendIn', { seconds: cooldown }) : t('twoStep.resend')}
              </Button>
              <Button tone="ghost" block onClick={cancel}>
                {t('twoStep.cancel')}
              </Button>
            </MfaCodeForm>
          </div>
        </>
      ) : (
        <PhoneNumberForm sendError={sendError} onSend={send} onCancel={cancel} />
      )}
    </Enrolment>
  );
}
