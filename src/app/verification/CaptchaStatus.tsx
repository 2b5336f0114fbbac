import type { TFunction } from 'i18next';
import { visuallyHidden } from '../../ui/visually-hidden.css';
import { useCaptchaChecking } from './captcha-status';

/**
 * "Checking your browser…" for screen readers, only while a submitted send still waits for the
 * browser check (the captcha): nothing to see, since the proof of work needs nobody's help. The
 * region is always there, so the text is announced when it appears. `t` must reach 'auth'.
 */
export function CaptchaStatus({ t }: { t: TFunction }) {
  const checking = useCaptchaChecking();
  return (
    <span role="status" className={visuallyHidden}>
      {checking ? t('auth:captcha.checking') : null}
    </span>
  );
}
