import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../../server/config/project-root';
import { signInContext } from '../../helpers/accounts';
import { reviewModel } from '../../unit/onboarding/review-model';
import { decideKyc, identityCheck, pathAccount, type PathAccount } from './accounts';
import { failOnce, param, rolesByType, serverError, type ChartAdapter, type PathRun } from './adapter';

/**
 * The identity-review waiting room (/en/failure, signed in). What the look-up finds is arranged the
 * way it happens: the identity check run by the funnel (a personal email asks for a review), then a
 * reviewer's decision on the team's KYC page, each before the person asks again.
 */

const onboarding = JSON.parse(readFileSync(join(projectRoot(), 'locales', 'en', 'onboarding.json'), 'utf8')) as { review: Record<string, string> };

type Status = 'VALIDATED' | 'REJECTED' | 'PENDING_REVIEW' | null;

interface Scenario {
  account: PathAccount;
  /** The account's identity decision on the server right now. */
  status: Status;
}

type Run = PathRun<Scenario>;

/** Brings the account's decision to what the next look-up must find. */
async function arrange(baseURL: string, scenario: Scenario, target: Status): Promise<void> {
  if (target === scenario.status) return;
  if (target === null) throw new Error(`a decision (${scenario.status}) cannot be undone`);
  if (scenario.status === null) {
    await identityCheck(baseURL, scenario.account, 'PENDING_REVIEW');
    scenario.status = 'PENDING_REVIEW';
  }
  if (target !== scenario.status && target !== 'PENDING_REVIEW') {
    await decideKyc(baseURL, scenario.account, target);
    scenario.status = target;
  }
  if (target !== scenario.status) throw new Error(`cannot bring ${scenario.status} to ${target}`);
}

const nextDecision = (run: Run, index: number): Status | undefined => {
  const answer = run.answersAfter(index).find((event) => event.type === 'xstate.done.actor.fetchKycStatus');
  return answer ? param<Status>(answer, 'output') : undefined;
};

export const reviewAdapter: ChartAdapter<Scenario> = {
  chart: 'review',
  title: 'identity review',
  model: reviewModel,
  roleOf: rolesByType<Scenario>({
    'review.recheck': {
      role: 'user',
      act: async (run, _event, index) => {
        const target = nextDecision(run, index);
        if (target !== undefined) await arrange(run.baseURL, run.scenario, target);
        await run.page.getByRole('button', { name: onboarding.review.recheck }).click();
      },
    },
    'review.signOut': { role: 'user', act: (run) => run.page.getByRole('button', { name: onboarding.review.signOut }).click() },
    'xstate.done.actor.fetchKycStatus': { role: 'answer' },
    // The profile look-up (GET /v1/user, the page's only one) answering 500: not a decision, the person can ask again.
    'xstate.error.actor.fetchKycStatus': {
      role: 'failure',
      why: 'the look-up answering 500',
      arm: (run) => failOnce(run, { url: /\/v1\/user(\?|$)/, method: 'GET' }, serverError()),
    },
    'xstate.done.actor.signOut': { role: 'answer' },
    'xstate.error.actor.signOut': {
      role: 'unreachable',
      why: 'signOut() never rejects: supabase-js answers a failed sign-out request with { error } and the cookies are cleared anyway (src/platform/session/sign-out.ts)',
    },
  }),
  // A decision is never undone, and a reviewer only validates or rejects.
  allow: (snapshot, event) => {
    if (event.type !== 'xstate.done.actor.fetchKycStatus') return true;
    const before = (snapshot.context as { kycStatus: Status }).kycStatus;
    const after = param<Status>(event, 'output');
    if (before === null) return true;
    if (before === 'PENDING_REVIEW') return after !== null;
    return after === before || after === 'VALIDATED';
  },
  prepare: async (path, baseURL) => {
    const scenario: Scenario = { account: await pathAccount(baseURL, { email: 'personal', check: false }), status: null };
    const first = path.events.find((event) => event.type === 'xstate.done.actor.fetchKycStatus');
    if (first) await arrange(baseURL, scenario, param<Status>(first, 'output'));
    return scenario;
  },
  open: async (run) => {
    await signInContext(run.context, run.baseURL, run.scenario.account.session);
    await run.page.goto('/en/failure');
  },
};
