import { listed, type ChartAdapter } from './adapter';
import { appAdapter } from './app';
import { generatorAdapter } from './generator';
import { onboardingAdapter } from './onboarding';
import { paywallAdapter } from './paywall';
import { reviewAdapter } from './review';
import { sessionAdapter } from './session';
import { signupAdapter } from './signup';

/**
 * The charts the browser path tests drive, one adapter each (./adapter.ts says what an adapter is).
 * A new chart is one more line here once its adapter exists.
 */
export const browserCharts: ChartAdapter<unknown>[] = [
  listed(appAdapter),
  listed(sessionAdapter),
  listed(signupAdapter),
  listed(onboardingAdapter),
  listed(reviewAdapter),
  listed(paywallAdapter),
  listed(generatorAdapter),
];
