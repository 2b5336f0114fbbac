import type * as EmailKindModule from './email-kind.browser';
import type { EmailKind } from './email-kind';

/**
 * The browser's way to classify an email: email-kind.browser.ts and the free-mail list (a few KB
 * compressed) become a separate chunk, downloaded the first time it is needed (call
 * `preloadEmailKind()` when an email field gets focus so the answer is ready by the time the visitor
 * submits). Disposable addresses are recognised by the server (`GET /v1/email-kind`).
 */
let module: Promise<typeof EmailKindModule> | undefined;

export function preloadEmailKind(): Promise<typeof EmailKindModule> {
  module ??= import('./email-kind.browser').catch((error: unknown) => {
    // A failed chunk download may succeed next time: do not keep the rejection.
    module = undefined;
    throw error;
  });
  return module;
}

export async function classifyEmailLazy(email: string, ask?: (email: string) => Promise<EmailKind>): Promise<EmailKind> {
  const { classifyEmail } = await preloadEmailKind();
  return classifyEmail(email, ask);
}

export type { EmailKind };
