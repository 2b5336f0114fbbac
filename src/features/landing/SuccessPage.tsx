import { publicConfig } from '../../app/public-config';
import { GetStarted } from '../../ui/GetStarted';
import { publishedAppLinks } from '../../app/app-links';
import { LandingLayout } from './LandingLayout';

/** /success: the account is ready; the web app first, then the apps (links from /config.json appLinks). */
export default function SuccessPage() {
  return (
    <LandingLayout width="content">
      <GetStarted links={publishedAppLinks(publicConfig().appLinks)} />
    </LandingLayout>
  );
}
