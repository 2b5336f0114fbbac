import type * as EmailKindModule from './email-kind.browser';
import type { FreeMailSource } from './email-kind.browser';
import type { EmailKind } from '../../core/email/email-kind';
import { lazyChunk } from '../../core/lazy-chunk';

/**
 * The browser's way to classify an email: email-kind.browser.ts becomes a separate chunk, and the
 * free-mail list a data asset it fetches (a few KB compressed), both downloaded the first time they
 * are needed (call `preloadEmailKind()` when an email field gets focus so the answer is ready by the
 * time the visitor submits). Disposable addresses are recognised by the server (`GET /v1/email-kind`).
 */
const emailKindChunk = lazyChunk<typeof EmailKindModule>(() => import('./email-kind.browser'));
const loadModule = (): Promise<typeof EmailKindModule> => emailKindChunk.load();

/** The code and the list's download, started (a failed list is reported by the next classification). */
export function preloadEmailKind(): Promise<typeof EmailKindModule> {
  return loadModule().then((loaded) => {
    loaded.loadFreeMail().catch(() => undefined);
    return loaded;
  });
}

/** `source`: where the free-mail list comes from (tests; the browser fetches the asset). */
export async function classifyEmailLazy(email: string, ask?: (email: string) => Promise<EmailKind>, source?: FreeMailSource): Promise<EmailKind> {
  const { classifyEmail } = await loadModule();
  return classifyEmail(email, ask, source);
}

export type { EmailKind };
