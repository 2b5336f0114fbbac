import type * as EmailKindModule from './email-kind';
import type { EmailKind } from './email-kind';

/**
 * The browser's way to classify an email: email-kind.ts and its ≈2 MB of domain lists become a
 * separate chunk, downloaded the first time it is needed (call `preloadEmailKind()` when an email
 * field gets focus so the answer is ready by the time the visitor submits).
 */
let module: Promise<typeof EmailKindModule> | undefined;

export function preloadEmailKind(): Promise<typeof EmailKindModule> {
  module ??= import('./email-kind').catch((error: unknown) => {
    // A failed chunk download may succeed next time: do not keep the rejection.
    module = undefined;
    throw error;
  });
  return module;
}

export async function classifyEmailLazy(email: string): Promise<EmailKind> {
  const { classifyEmail } = await preloadEmailKind();
  return classifyEmail(email);
}

export type { EmailKind };
