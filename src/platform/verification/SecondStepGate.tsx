import type { ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { useSession } from '../session/session';
import { SecondStep } from './SecondStep.lazy';

/**
 * For pages that act for the signed-in person: while the sign-in's second step is due (signed in by
 * a first factor, a verified factor on the account), the step is shown instead of the page, whose
 * API calls would be refused (403 insufficient_aal). Once verified the session is aal2 and the page
 * shows; the app chart learns of the person only then (src/app/address/start-app.ts), so the page
 * starts as on any arrival.
 */
export function SecondStepGate({ children }: { children: ReactNode }) {
  const { secondStepDue } = useSession();
  if (!secondStepDue) return children;
  return (
    <Page width="narrow">
      <Card>
        <SecondStep onVerified={() => undefined} />
      </Card>
    </Page>
  );
}
