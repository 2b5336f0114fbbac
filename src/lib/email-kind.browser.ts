import { apiRequest } from '../app/api-client';
import { emailKindResponseSchema } from '../contracts/email-kind';
import { domainCandidates, emailDomain } from './email-address';
import type { EmailKind } from './email-kind';
// Only this key of the generated file is bundled (Vite's JSON named exports are tree-shaken): the
// free-mail list, ≈60 KB before compression; the ≈1.9 MB disposable list stays on the server.
import { free } from './generated/email-domains.json';

let freeMail: ReadonlySet<string> | undefined;

/** The server's answer for an address the free-mail list does not know: disposable or work. */
export async function askServer(email: string): Promise<EmailKind> {
  const answer = emailKindResponseSchema.parse(await apiRequest('/v1/email-kind', { query: { email }, anonymous: true }));
  return answer.kind;
}

/**
 * The browser's classification: invalid and personal (free-mail) addresses are known here at once;
 * for the rest the server, which holds the disposable list, decides. When it cannot be asked the
 * address counts as work: the server's identity check still refuses a disposable one later.
 */
export async function classifyEmail(email: string, ask: (email: string) => Promise<EmailKind> = askServer): Promise<EmailKind> {
  const domain = emailDomain(email);
  if (!domain) return 'invalid';
  freeMail ??= new Set(free.split('\n'));
  if (domainCandidates(domain).some((candidate) => freeMail!.has(candidate))) return 'personal';
  try {
    return await ask(email);
  } catch {
    return 'work';
  }
}
