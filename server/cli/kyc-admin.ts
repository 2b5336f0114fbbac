/**
 * `npm run kyc-admin -- <command>`: the identity-check review queue.
 *
 *   list [--status PENDING_REVIEW|REJECTED|VALIDATED]   users waiting for a decision, with the reasons
 *   validate <user id | email | phone> [--note "…"]     lets the user continue to checkout
 *   reject <user id | email | phone> [--note "…"]       keeps the user on the failure page
 *   erase <user id | email | phone>                      erases the person: the account by id or by what it
 *                                                        proved (its subscription ends first), else a person
 *                                                        without an account by the address or number they gave
 *
 * Where it works: with KYC_ADMIN_URL (or --url http://host:port) it asks the running server's
 * /admin/kyc API (bearer ADMIN_TOKEN when set) — needed with the embedded database, which only the
 * server process may open; otherwise it opens DATABASE_URL (or DATA_DIR's PGlite) itself.
 */
import { parseArgs } from 'node:util';
import { parseEnv } from '../config/env';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { decideKyc, listKycReviews, type KycReview } from '../api/kyc-admin';
import { createStripeClient } from '../payments/stripe-provider';
import { eraseAddress, erasePerson, erasureSettleMs } from '../retention/erasure';
import { erasureTargetOf } from '../retention/erasure-target';
import { kycStatusSchema } from '../../core/contracts/user';
import { writeAndExit } from './exit';

const usage = `usage: npm run kyc-admin -- list [--status PENDING_REVIEW|REJECTED|VALIDATED] [--json]
       npm run kyc-admin -- validate <user id | email | phone> [--note "…"]
       npm run kyc-admin -- reject <user id | email | phone> [--note "…"]
       npm run kyc-admin -- erase <user id | email | phone>   (on request: what the person owns, docs/data.md)
options: --url <server address> (or KYC_ADMIN_URL) to go through a running server`;

interface Backend {
  list(status: KycReview['kyc_status'] & string): Promise<KycReview[]>;
  decide(user: string, status: 'VALIDATED' | 'REJECTED', note: string | undefined): Promise<{ user_id: string; kyc_status: string }>;
  erase(user: string): Promise<{ user_id: string | null; rows: Record<string, number> }>;
  close(): Promise<void>;
}

function httpBackend(base: string): Backend {
  const token = process.env.ADMIN_TOKEN;
  const headers: Record<string, string> = { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(new URL(path, base), { ...init, headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) } });
    const body = (await response.json().catch(() => ({}))) as T & { code?: string; message?: string };
    if (!response.ok) throw new Error(`${response.status} ${body.code ?? ''} ${body.message ?? ''}`.trim());
    return body;
  };
  return {
    list: async (status) => (await call<{ reviews: KycReview[] }>(`/admin/kyc/reviews?status=${status}`)).reviews,
    decide: (user, status, note) => call('/admin/kyc/decisions', { method: 'POST', body: JSON.stringify({ user, status, ...(note ? { note } : {}) }) }),
    erase: (user) => call('/admin/erasures', { method: 'POST', body: JSON.stringify({ user }) }),
    close: async () => undefined,
  };
}

async function databaseBackend(): Promise<Backend> {
  const env = parseEnv(process.env);
  const database = openDatabase(env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR });
  await migrate(database.db);
  return {
    list: (status) => listKycReviews(database.db, status),
    decide: (user, status, note) => decideKyc(database.db, user, { status, ...(note ? { note } : {}) }, new Date()),
    erase: async (user) => {
      const target = await erasureTargetOf(database.db, user);
      const options = { stripe: createStripeClient(env), now: new Date(), settleMs: erasureSettleMs(database.kind) };
      const { userId, rows } = target.kind === 'account' ? await erasePerson(database.db, target.userId, options) : await eraseAddress(database.db, target, options);
      if (userId === null && Object.keys(rows).length === 0) throw new Error(`404 NOTHING_TO_ERASE No account proved ${user} and no row names it`);
      return { user_id: userId, rows };
    },
    close: () => database.close(),
  };
}

function printReviews(reviews: KycReview[]): void {
  if (reviews.length === 0) {
    console.log('No users in this state.');
    return;
  }
  for (const review of reviews) {
    console.log(`${review.user_id}  ${review.kyc_status}  score ${review.score ?? '-'}  checked ${review.checked_at ?? '-'}`);
    console.log(`  ${review.email ?? '(no email)'}  ${review.phone ?? '(no phone)'}  ${review.company_name ?? '(no company)'}  ${review.website ?? ''}`.trimEnd());
    for (const reason of review.reasons.filter((entry) => entry.outcome !== 'pass')) console.log(`  - ${reason.outcome}: ${reason.rule} — ${reason.detail}`);
  }
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { status: { type: 'string' }, note: { type: 'string' }, url: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, target] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return command ? 0 : 64;
  }
  const url = values.url ?? process.env.KYC_ADMIN_URL;
  const backend = url ? httpBackend(url) : await databaseBackend();
  try {
    if (command === 'list') {
      const status = kycStatusSchema.safeParse(values.status ?? 'PENDING_REVIEW');
      if (!status.success) {
        console.error(`--status must be one of PENDING_REVIEW, REJECTED, VALIDATED`);
        return 64;
      }
      const reviews = await backend.list(status.data);
      if (values.json) console.log(JSON.stringify(reviews, null, 2));
      else printReviews(reviews);
      return 0;
    }
    if (command === 'validate' || command === 'reject') {
      if (!target) {
        console.error(usage);
        return 64;
      }
      const result = await backend.decide(target, command === 'validate' ? 'VALIDATED' : 'REJECTED', values.note);
      console.log(`${result.user_id} is now ${result.kyc_status}`);
      return 0;
    }
    if (command === 'erase') {
      if (!target) {
        console.error(usage);
        return 64;
      }
      const result = await backend.erase(target);
      const who = result.user_id ?? `${target} (no account)`;
      console.log(`${who} erased: ${Object.entries(result.rows).map(([table, count]) => `${table} ${count}`).join(', ') || 'nothing left to erase'}`);
      return 0;
    }
    console.error(`unknown command ${command}\n${usage}`);
    return 64;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await backend.close();
  }
}

if (process.argv[1] && /kyc-admin\.(ts|js)$/.test(process.argv[1])) {
  void main(process.argv.slice(2)).then(writeAndExit);
}
