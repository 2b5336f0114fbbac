import { fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { LandingPage } from '../../../core/contracts/signup';
import { signupOutcomes } from '../../../core/contracts/signup';
import type { EmailKind } from '../../../core/email/email-kind';
import { SignupError, type SignupOutcome, type SignupValues } from '../../../machines/signup.actors';
import { signupMachine } from '../../../machines/signup.machine';
import type { ChartModel } from '../../helpers/chart-model';

/**
 * The landing sign-up chart's test model: the real chart, its four requests as stand-ins that never
 * settle (their answers are fixtures), session storage left out (the page's effect), and two ways to
 * start: a fresh form, and a code step restored after a reload.
 */

export const values: SignupValues = { email: 'ada@acme-widgets.com', firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme Widgets', phone: '+33612345678' };

const never = <T,>() => new Promise<T>(() => undefined);

export const signupEventFixtures = {
  'form.submitted': [{ type: 'form.submitted', values }],
  'form.changed': [{ type: 'form.changed' }],
  'prompt.continued': [{ type: 'prompt.continued' }],
  'prompt.changed': [{ type: 'prompt.changed' }],
  'code.verified': [{ type: 'code.verified' }],
  'code.changed': [{ type: 'code.changed' }],
  'save.retried': [{ type: 'save.retried' }],
  'secondStep.verified': [{ type: 'secondStep.verified' }],
  'form.reopened': [{ type: 'form.reopened' }],
  'account.continued': [{ type: 'account.continued' }],
} satisfies { [K in Parameters<typeof signupMachine.transition>[1]['type']]: readonly Extract<Parameters<typeof signupMachine.transition>[1], { type: K }>[] };

const emailKinds: EmailKind[] = ['work', 'personal', 'disposable', 'invalid'];

/** What each request can answer: every value its contract allows, and its failures. */
export const signupActorOutcomes: AnyEventObject[] = [
  ...emailKinds.map((kind) => ({ type: 'xstate.done.actor.classifyEmail', output: kind })),
  { type: 'xstate.error.actor.classifyEmail', error: new Error('lists unavailable') },
  ...signupOutcomes.map((outcome: SignupOutcome) => ({ type: 'xstate.done.actor.checkAccount', output: outcome })),
  { type: 'xstate.error.actor.checkAccount', error: new SignupError('api', 'UNKNOWN_ERROR') },
  { type: 'xstate.done.actor.sendCode', output: undefined },
  { type: 'xstate.error.actor.sendCode', error: new SignupError('auth', 'over_sms_send_rate_limit', 42, { kind: 'cooldown', waitSeconds: 42 }) },
  { type: 'xstate.error.actor.sendCode', error: new SignupError('auth', 'over_request_rate_limit', 3000, { kind: 'limit', waitSeconds: 3000 }) },
  { type: 'xstate.error.actor.sendCode', error: new SignupError('auth', 'invalid_phone') },
  { type: 'xstate.done.actor.saveAccount', output: { returning: false } },
  { type: 'xstate.done.actor.saveAccount', output: { returning: true } },
  { type: 'xstate.error.actor.saveAccount', error: new SignupError('api', 'EMAIL_ALREADY_EXISTS') },
  { type: 'xstate.error.actor.saveAccount', error: new SignupError('api', 'insufficient_aal') },
];

const landingPage: LandingPage = 'start';

export const signupModel: ChartModel = {
  machine: signupMachine.provide({
    actors: {
      classifyEmail: fromPromise(() => never<EmailKind>()),
      checkAccount: fromPromise(() => never<SignupOutcome>()),
      sendCode: fromPromise(() => never<void>()),
      saveAccount: fromPromise(() => never<{ returning: boolean }>()),
    },
    actions: { rememberCodeStep: () => undefined, forgetCodeStep: () => undefined, goToOnboarding: () => undefined },
  }),
  inputs: [
    { landingPage, language: 'en', restored: null },
    { landingPage, language: 'fr', restored: { landingPage, values, sentAt: 1_800_000_000_000 } },
  ],
  fixtures: [...Object.values(signupEventFixtures).flat(), ...signupActorOutcomes],
  serialize: (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as { values: unknown; acceptedPersonalEmail: unknown; failure: unknown; outcome: unknown };
    return JSON.stringify([snapshot.value, context.values !== null, context.acceptedPersonalEmail !== null, context.failure !== null, context.outcome]);
  },
};
