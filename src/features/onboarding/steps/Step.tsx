import type { StepProps } from '../step-props';
import { CrmStep } from './CrmStep';
import { DetailsStep } from './DetailsStep';
import { LoadingView } from './LoadingView';
import { SizeStep } from './SizeStep';
import { IdentityCheckView, NextStepsView, SuccessView } from './StatusViews';
import { VerifyPhoneStep } from './VerifyPhoneStep';

/**
 * The funnel's steps but the paywall, in one chunk the onboarding route loads when it first shows
 * one: moving from step to step then never suspends (a hidden step's heading would take the focus
 * meant for the next one), and the paywall paints without the phone metadata, the code entry and
 * the country list these need.
 */
export default function Step({ top, snapshot, send }: { top: string } & StepProps) {
  switch (top) {
    case 'verifyPhone':
      return <VerifyPhoneStep snapshot={snapshot} send={send} />;
    case 'size':
      return <SizeStep snapshot={snapshot} send={send} />;
    case 'details':
      return <DetailsStep snapshot={snapshot} send={send} />;
    case 'crm':
      return <CrmStep snapshot={snapshot} send={send} />;
    case 'identityCheck':
      return <IdentityCheckView snapshot={snapshot} send={send} />;
    case 'nextSteps':
      return <NextStepsView snapshot={snapshot} send={send} />;
    case 'success':
      return <SuccessView />;
    default:
      return <LoadingView />;
  }
}
