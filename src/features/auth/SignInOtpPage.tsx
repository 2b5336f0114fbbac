import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useLanguage } from '../../platform/use-language';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { Heading } from '../../ui/Text';
import { CodeEntry } from '../../platform/verification/CodeEntry.lazy';
import { hasVerifiedFactor, isAal2, type AuthSession } from '../../../machines/session.machine';
import { loadSecondStep, SecondStep } from '../../platform/verification/SecondStep.lazy';
import { arrivedFromAuthLink, useSession } from '../../platform/session/session';
import { useSignedInName } from '../../platform/session/signed-in-name';
import { SignedInAs } from './SignedInAs';
import { SignInForm } from './SignInForm';
import { PasskeySignIn } from './passkey-sign-in.lazy';
import { SignInNotices } from './SignInNotices';
import * as styles from './SignInOtpPage.css';
import { useSignInForm } from './use-sign-in-form';
import { appActor } from '../../platform/app-actor';
import { SocialSignIn } from '../../platform/social/SocialSignIn.lazy';

/**
 * /{lng}/sign-in-otp (search params phone, email): enter a phone number or email, receive a
 * 6-digit code, enter it; success goes to onboarding.
 */
export default function SignInOtpPage() {
  const { t } = useTranslation('auth');
  const lng = useLanguage();
  const search = new URLSearchParams(useSearch());
  const form = useSignInForm({ initialPhone: search.get('phone') ?? '', initialEmail: search.get('email') ?? '', lng, t });
  const { sentTo, setSentTo } = form;
  const { status, session, secondStepDue } = useSession();
  const signedInName = useSignedInName(session?.user);
  const signedIn = status === 'signedIn' && Boolean(session) && !session?.user.is_anonymous;
  // The code was right and the account has a second factor: its step shows (before the chart has
  // the session, and while it is due).
  const [secondStepAsked, setSecondStepAsked] = useState(false);
  const secondStep = secondStepDue || (secondStepAsked && status !== 'signedOut');
  // While the next page's code is still loading, React keeps this page hidden with its state: signed
  // out and back here before it came, the visitor gets the form again, not the used code's entry.
  const [completed, setCompleted] = useState(false);
  if (completed && status === 'signedOut') {
    setCompleted(false);
    setSentTo(null);
    setSecondStepAsked(false);
  }

  // Back from an emailed sign-in link: once supabase-js has the session, carry on.
  const [cameWithCode] = useState(() => arrivedFromAuthLink());
  useEffect(() => {
    if (cameWithCode && status === 'signedIn' && !secondStepDue) appActor().send({ type: 'signIn.completed', resumed: true });
  }, [cameWithCode, status, secondStepDue]);

  useEffect(() => {
    if (secondStepDue) void loadSecondStep().catch(() => undefined);
  }, [secondStepDue]);

  function completeSignIn(resumed: boolean) {
    appActor().send({ type: 'signIn.completed', resumed });
    setCompleted(true);
  }

  return (
    <Page width="narrow">
      <Card>
        <div className={styles.stack}>
          {secondStep ? null : <Heading>{sentTo ? t('code.title') : t('signIn.title')}</Heading>}
          <SignInNotices search={search} signedIn={signedIn} lng={lng} />
          {secondStep ? (
            <SecondStep onVerified={() => completeSignIn(cameWithCode)} />
          ) : !sentTo && signedIn ? (
            <SignedInAs who={signedInName} lng={lng} />
          ) : sentTo ? (
            <>
              <CodeEntry
                recipient={'phone' in sentTo.recipient ? sentTo.recipient.phone : sentTo.recipient.email}
                channel={'phone' in sentTo.recipient ? 'sms' : 'email'}
                sentAt={sentTo.sentAt}
                sentBefore={sentTo.sentBefore}
                onVerified={(verified) => {
                  if (!hasVerifiedFactor(verified as AuthSession)) return completeSignIn(false);
                  void loadSecondStep().catch(() => undefined);
                  setSecondStepAsked(true);
                }}
                onResend={() => form.send(sentTo.recipient)}
              />
              <Button tone="ghost" block onClick={() => setSentTo(null)}>
                {t('signIn.changeRecipient')}
              </Button>
            </>
          ) : (
            <>
              <SignInForm form={form} lng={lng} />
              <SocialSignIn lng={lng} landingPage={null} />
              <PasskeySignIn onSignedIn={(verified) => (hasVerifiedFactor(verified as AuthSession) && !isAal2(verified as AuthSession) ? setSecondStepAsked(true) : completeSignIn(false))} />
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}
