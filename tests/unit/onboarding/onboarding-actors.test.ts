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

describe('the profile fetch effect', () => {
  it('asks for the user and the business at once, not one after the other', async () => {
    const asked: string[] = [];
    const answers = new Map<string, (value: unknown) => void>();
    const { deps } = recordingDeps(null);
    deps.api = <T>(path: string) => {
      asked.push(path);
      return new Promise<T>((resolve) => answers.set(path, resolve as (value: unknown) => void));
    };
    const actor = createActor(createOnboardingActors(deps).fetchUser, { input: { origin: null } }).start();
    await Promise.resolve();
    expect(asked).toEqual(['/v1/user', '/v1/business']);
    answers.get('/v1/business')?.({ size: '2-10' });
    answers.get('/v1/user')?.({ id: 'u1', data: {}, profile: {} });
    await expect(toPromise(actor)).resolves.toEqual({ user: { id: 'u1', data: {}, profile: {} }, business: { size: '2-10' } });
  });

  it('drops the business when there is no user (SPEC §4 rule 2)', async () => {
    const { deps } = recordingDeps(null);
    deps.api = <T>(path: string) => (path === '/v1/user' ? Promise.reject(new Error('offline')) : Promise.resolve({ size: '2-10' } as T));
    const actor = createActor(createOnboardingActors(deps).fetchUser, { input: { origin: null } }).start();
    await expect(toPromise(actor)).resolves.toEqual({ user: null, business: null });
  });
});
