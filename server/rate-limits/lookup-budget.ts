import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60_000;

/** Who asks a question whose answer can tell whether an email or a phone has an account. */
export interface Asker {
  ip: string;
  /** The asker's own account (an anonymous one counts too), when they hold a token. */
  userId: string | null;
}

/**
 * The one lookup budget (#25 finding 2). Every answer that differs for a known account ("An account
 * with this email already exists.", "this phone number already exists", a sign-in refused for an
 * unknown address, the sign-up check) spends one from the asker's address and, when signed in, from
 * their account, BEFORE the question is looked at: a budget spent only on "exists" would make its
 * own refusal the answer. Counted through the shared hit counter, so it holds across instances.
 * Callers skip it when the asker has proven the address (their own confirmed email or phone).
 *
 * Returns the seconds to wait when a budget is spent, else 0; each route answers 429 in its own shape.
 */
export async function spendLookup(app: Pick<FastifyInstance, 'hitCounter' | 'clock' | 'env'> & { metrics?: FastifyInstance['metrics'] }, asker: Asker): Promise<number> {
  const { hitCounter: counter, clock, env } = app;
  const budgets = [{ key: `lookup:ip:${asker.ip}`, limit: env.LOOKUPS_PER_CLIENT_PER_HOUR }];
  if (asker.userId) budgets.push({ key: `lookup:user:${asker.userId}`, limit: env.LOOKUPS_PER_ACCOUNT_PER_HOUR });
  for (const budget of budgets) {
    const { count, resetAt } = await counter.hit(budget.key, HOUR_MS);
    if (count > budget.limit) {
      app.metrics?.lookupsRefused.inc();
      return Math.max(1, Math.ceil((resetAt - clock.now().getTime()) / 1000));
    }
  }
  return 0;
}
