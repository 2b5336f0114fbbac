import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { accountReader } from '../../../src/features/account/account-reads';
import type { SessionView } from '../../../src/platform/session/session';

const sessionOf = (id: string, anonymous = false) => ({ user: { id, is_anonymous: anonymous } }) as unknown as Session;
const signedIn = (session: Session, secondStepDue = false): SessionView => ({ status: 'signedIn', session, aal: 'aal1', secondStepDue });

/**
 * The account page's reads start with its code (./account-reads), before the page renders: they go
 * out only for the person the page would read for, never while the session is unknown, for a guest's
 * anonymous session, or before a due second step (the API refuses that token).
 */
describe('whose account the page reads', () => {
  it('a person signed in by every factor due', () => {
    expect(accountReader(signedIn(sessionOf('u1')))).toBe('u1');
  });
  it('nobody while unknown or signed out, for a guest, or before the second step', () => {
    expect(accountReader({ status: 'loading', session: null, aal: null, secondStepDue: false })).toBeNull();
    expect(accountReader({ status: 'signedOut', session: null, aal: null, secondStepDue: false })).toBeNull();
    expect(accountReader(signedIn(sessionOf('guest', true)))).toBeNull();
    expect(accountReader(signedIn(sessionOf('u1'), true))).toBeNull();
  });
});
