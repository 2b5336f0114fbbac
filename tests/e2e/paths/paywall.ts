import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../server/config/project-root';
import { signInContext } from '../../helpers/accounts';
import { paywallModel } from '../../unit/payments/paywall-model';
import { pathAccount, subscribe, type PathAccount } from './accounts';
import { rolesByType, type ChartAdapter } from './adapter';

/**
 * The paywall ('Start my free trial' on /en/onboarding/checkout-form) for a person whose identity
 * check passed. The server refuses to start a checkout for someone who already pays: that person
 * paid in another tab while this one stayed open.
 */

const checkout = JSON.parse(readFileSync(join(projectRoot(), 'locales', 'en', 'checkout.json'), 'utf8')) as { start: string };

interface Scenario {
  account: PathAccount;
  subscribed: boolean;
}

export const paywallAdapter: ChartAdapter<Scenario> = {
  chart: 'paywall',
  title: 'paywall',
  model: paywallModel,
  roleOf: rolesByType<Scenario>({
    'checkout.started': {
      role: 'user',
      act: async (run, _event, index) => {
        const refused = run.answersAfter(index).some((event) => event.type === 'xstate.error.actor.startCheckout');
        const start = run.page.getByRole('button', { name: checkout.start });
        // The other tab pays while this one shows the plans: paid before this page had read the
        // subscription (a slow start under load), the page rightly goes on to the paid steps instead.
        await start.waitFor();
        if (refused && !run.scenario.subscribed) {
          await subscribe(run.baseURL, run.scenario.account.session);
          run.scenario.subscribed = true;
        }
        await start.click();
      },
    },
    // The checkout address from the real server (the local provider's hosted page); the page then leaves for it.
    'xstate.done.actor.startCheckout': { role: 'answer' },
    'xstate.error.actor.startCheckout': { role: 'answer' },
  }),
  // Once refused (already subscribed), every later start is refused too.
  allow: (snapshot, event) => event.type !== 'xstate.done.actor.startCheckout' || (snapshot.context as { errorCode: string | null }).errorCode === null,
  prepare: async (_path, baseURL) => ({ account: await pathAccount(baseURL, { email: 'work', check: true }), subscribed: false }),
  open: async (run) => {
    await signInContext(run.context, run.baseURL, run.scenario.account.session);
    await run.page.goto('/en/onboarding/checkout-form?interval=monthly&plan=business');
  },
};
