import { ReaderWelcome } from '../../platform/session/ReaderWelcome';
import { LandingLayout } from './LandingLayout';

/** /success: what is true for whoever reads it (their plan, review or none), then the apps that exist. */
export default function SuccessPage() {
  return (
    <LandingLayout width="content">
      <ReaderWelcome />
    </LandingLayout>
  );
}
