import { apiRequest } from './api-client';
import { emailKindResponseSchema } from '../../core/contracts/email-kind';
import { domainCandidates, emailDomain } from '../../core/email/email-address';
import type { EmailKind } from '../../core/email/email-kind';
// The free-mail list (≈60 KB, ≈20 KB compressed) as a data asset with a hashed name, fetched, not
// bundled: a chunk whose download failed may stay failed for the page (the module map keeps it), a
// fetch is simply made again. The ≈1.9 MB disposable list stays on the server.
import freeMailUrl from '../lib/generated/free-mail-domains.txt?url';

/** Fetches the free-mail list's text (one domain a line). */
export type FreeMailSource = () => Promise<string>;

const fetchFreeMail: FreeMailSource = async () => {
  const response = await fetch(freeMailUrl);
  if (!response.ok) throw new Error(`the free-mail list answered ${response.status}`);
  return response.text();
};

let freeMail: Promise<ReadonlySet<string>> | undefined;

/**
 * Starts the list's download once (a preload on the email field's focus). A failed download is kept
 * until a classification reports it, which then lets the next one download it again.
 */
export function loadFreeMail(source: FreeMailSource = fetchFreeMail): Promise<ReadonlySet<string>> {
  freeMail ??= source().then((text) => new Set(text.split('\n').filter(Boolean)));
  return freeMail;
}

/** The list, or the download's failure (after which the next call downloads it again). */
async function freeMailList(source?: FreeMailSource): Promise<ReadonlySet<string>> {
  const loading = loadFreeMail(source);
  try {
    return await loading;
  } catch (error) {
    if (freeMail === loading) freeMail = undefined;
    throw error;
  }
}

/** The server's answer for an address the free-mail list does not know: disposable or work. */
export async function askServer(email: string): Promise<EmailKind> {
  const answer = emailKindResponseSchema.parse(await apiRequest('/v1/email-kind', { query: { email }, anonymous: true }));
  return answer.kind;
}

/**
 * The browser's classification: invalid and personal (free-mail) addresses are known here at once;
 * for the rest the server, which holds the disposable list, decides. When it cannot be asked the
 * address counts as work: the server's identity check still refuses a disposable one later. Rejects
 * when the free-mail list could not be downloaded (the sign-up says so and lets the visitor try again).
 */
export async function classifyEmail(email: string, ask: (email: string) => Promise<EmailKind> = askServer, source?: FreeMailSource): Promise<EmailKind> {
  const domain = emailDomain(email);
  if (!domain) return 'invalid';
  const list = await freeMailList(source);
  if (domainCandidates(domain).some((candidate) => list.has(candidate))) return 'personal';
  try {
    return await ask(email);
  } catch {
    return 'work';
  }
}
