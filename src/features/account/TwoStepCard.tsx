import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Factor } from '@supabase/supabase-js';
import { badge, titleRow } from '../../ui/Badge.css';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { Heading, Text } from '../../ui/Text';
import { useSession } from '../../platform/session/session';
import * as styles from './TwoStep.css';

/** The manager (list, enrol, remove) with supabase-js's MFA calls and zod: loaded on intent. */
const loadManager = () => import('./TwoStepManager');
const TwoStepManager = lazy(loadManager);
const preload = () => void loadManager().catch(() => undefined);

/**
 * "Two-step verification" on the account page: on or off at a glance, from the session's own
 * factor list (no request). "Set up" / "Manage" opens the manager, whose code is fetched as the
 * pointer or focus reaches the button.
 */
export function TwoStepCard({ onOpenChange }: { onOpenChange?(open: boolean): void }) {
  const { t } = useTranslation('account');
  const { session } = useSession();
  const [open, setOpenState] = useState(false);
  // The page folds its other code field while the manager (which may ask for one) is open.
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const verified = ((session?.user.factors ?? []) as Factor[]).filter((factor) => factor.status === 'verified');
  const on = verified.length > 0;

  return (
    <Card role="region" aria-labelledby="two-step-heading">
      <div className={titleRow}>
        <Heading level={2} id="two-step-heading">
          {t('twoStep.title')}
        </Heading>
        <span className={badge({ tone: on ? 'brand' : 'neutral' })}>{on ? t('twoStep.on') : t('twoStep.off')}</span>
      </div>
      {open ? (
        <Suspense fallback={<Spinner label={t('twoStep.loading')} />}>
          <TwoStepManager onClose={() => setOpen(false)} />
        </Suspense>
      ) : (
        <>
          <Text tone="muted">{on ? t('twoStep.onHelp', { count: verified.length }) : t('twoStep.offHelp')}</Text>
          <div className={styles.actions}>
            <Button tone="secondary" onPointerEnter={preload} onFocus={preload} onTouchStart={preload} onClick={() => setOpen(true)}>
              {on ? t('twoStep.manage') : t('twoStep.setUp')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
