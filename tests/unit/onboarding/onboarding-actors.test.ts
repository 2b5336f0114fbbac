import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createOnboardingActors, type OnboardingDeps } from '../../../machines/onboarding.actors';

/** Deps that record what the effects ask of the outside world, in order. */
function recordingDeps(kycStatus: string | null) {
  const calls: string[] = [];
  const deps: OnboardingDeps = {
    async api<T>(path: string) {
      calls.push(`api ${path}`);
      return {} as T;
    },
    async callFunction<T>(name: string) {
      calls.push(`function ${name}`);
      return (name === 'kyc-status' ? { kyc_status: kycStatus } : { email: 'a@acme-widgets.com', phone: '+33612345678' }) as T;
    },
    async ensureFreshSession() {
      calls.push('ensureFreshSession');
    },
    async sendPhoneCode() {
      calls.push('sendPhoneCode');
    },
    logFinished: () => undefined,
  };
  return { deps, calls };
}

describe('the identity check effect', () => {
  it('runs the rules, renews a stale session, then resolves the user and reads the status', async () => {
    const { deps, calls } = recordingDeps('VALIDATED');
    const actor = createActor(createOnboardingActors(deps).checkIdentity, { input: { email: null } }).start();
    await expect(toPromise(actor)).resolves.toBe('VALIDATED');
    expect(calls).toEqual(['api /v1/user/legitimacy-verification', 'ensureFreshSession', 'function resolve-user', 'function kyc-status']);
  });
});
