import type { SnapshotFrom } from 'xstate';
import type { onboardingMachine } from '../../../machines/onboarding.machine';
import type { OnboardingEvent } from '../../../machines/onboarding.types';

export type OnboardingSnapshot = SnapshotFrom<typeof onboardingMachine>;

export interface StepProps {
  snapshot: OnboardingSnapshot;
  send(event: OnboardingEvent): void;
}

/** The translation key of an error code from the chart (falls back to UNKNOWN_ERROR). */
export function errorKey(code: string | null): string[] {
  return code ? [`errors.${code}`, 'errors.UNKNOWN_ERROR'] : [];
}
