import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { signOut } from '../../platform/session/sign-out';
import * as styles from './Shell.css';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { appActor } from '../../platform/app-actor';

function PersonIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8.5" r="3.5" />
      <path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" />
    </svg>
  );
}

/**
 * The signed-in person's menu (a disclosure: a button and the list it shows): their account, and
 * sign-out through the auth feature's one signOut(). Escape and a click elsewhere close it; Escape
 * gives focus back to the button. Loaded only for visitors holding a session.
 */
export default function AccountMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function leave() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
      setOpen(false);
      appActor().send({ type: 'signedOut' });
    }
  }

  return (
    <div className={styles.menuRoot} ref={root}>
      <button ref={trigger} type="button" className={styles.toolLink} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        <span className={styles.avatar}>
          <PersonIcon />
        </span>
        <span className={styles.longLabel}>{t('shell.account')}</span>
        <span className={styles.shortLabel}>
          <span className={visuallyHidden}>{t('shell.account')}</span>
        </span>
      </button>
      {open ? (
        <ul id={menuId} className={styles.menu}>
          <li>
            <Link href={paths.account.build()} className={styles.menuItem} onClick={() => setOpen(false)}>
              {t('shell.myAccount')}
            </Link>
          </li>
          <li>
            <button type="button" className={styles.menuItem} disabled={signingOut} aria-busy={signingOut || undefined} onClick={() => void leave()}>
              {t('shell.signOut')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
