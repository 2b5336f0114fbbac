import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IntentLink as Link } from '../../platform/IntentLink';
import { paths } from '../../../core/routes/paths';
import { useLanguage } from '../../platform/use-language';
import { button } from '../../ui/Button.css';
import { Card } from '../../ui/Card';
import { Heading, Text } from '../../ui/Text';
import { useSession } from '../../platform/session/session';
import { useSignedInName } from '../../platform/session/signed-in-name';
import { useReaderStanding } from '../../platform/session/reader-standing';
import { RefusedCheck } from '../../platform/session/RefusedCheck';
import { ReviewActions } from './ReviewActions';
import * as styles from './Landing.css';
import { LandingLayout } from './LandingLayout';
import { stepNumber } from '../../ui/StepNumber.css';

/**
 * /{lng}/failure: where the identity check sends accounts it could not validate (SPEC §4). Says what
 * happens next, in order, so a person under review knows they are not stuck; 'Back to Home' stays.
 */
export default function FailurePage() {
  const { t } = useTranslation('landing');
  const lng = useLanguage();
  const session = useSession();
  // Once signed in here, the waiting room's actions stay until they are done: its sign-out ends the
  // session first and then goes home, which it could not do if the session change unmounted it.
  const [inReview, setInReview] = useState(false);
  if (session.status === 'signedIn' && !inReview) setInReview(true);
  const who = useSignedInName(session.session?.user);
  // A refused check is told as such (#37.3), not as a review with a trial at its end.
  const refused = useReaderStanding().standing.kind === 'refused';
  return (
    <LandingLayout width="content">
      {refused ? <RefusedCheck /> : <ReviewSteps signedIn={session.status !== 'signedOut'} />}
      {/* A signed-in person in review gets the waiting room's actions (check again, sign out), not a
          'Back to Home' that the signed-in redirect would bring straight back here. */}
      {inReview ? <ReviewActions who={who} /> : null}
      <div className={styles.actions}>
        {session.status !== 'signedOut' || inReview ? null : (
          <Link href={paths.home.build(lng)} className={button({ tone: 'primary' })}>
            {t('failure.back')}
          </Link>
        )}
        <Link href={paths.contact.build(lng)} className={button({ tone: 'ghost' })}>
          {t('failure.contact')}
        </Link>
      </div>
    </LandingLayout>
  );
}

/**
 * The review's hero and what happens next, in order, so a person under review knows they are not
 * stuck. 'Account under review' is said only to someone signed in: a visitor has no account (#37.5).
 */
function ReviewSteps({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('landing');
  const steps = [1, 2, 3] as const;
  return (
    <>
      <div className={styles.reviewHero}>
        {signedIn ? <span className={styles.eyebrow}>{t('failure.eyebrow')}</span> : null}
        <Heading>{t('failure.title')}</Heading>
        <Text size="lead" tone="muted">
          {t('failure.text')}
        </Text>
      </div>
      <Card>
        <Heading level={2}>{t('failure.nextTitle')}</Heading>
        <ol className={styles.timeline}>
          {steps.map((step) => (
            <li key={step} className={styles.timelineItem}>
              <span className={stepNumber({ tone: step === 1 ? 'current' : 'upcoming' })} aria-hidden="true">
                {step}
              </span>
              <span className={styles.timelineText}>
                <strong>{t(`failure.next${step}Title`)}</strong>
                <span className={styles.timelineBody}>{t(`failure.next${step}`)}</span>
              </span>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}
