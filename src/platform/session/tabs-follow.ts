import type { Actor } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import { storedAuthSession } from './signed-in';
import { openTabsChannel, type TabNews } from './tabs-channel';

type SessionActor = Actor<typeof sessionMachine>;

export interface TabsFollowDeps {
  /** The cookie found empty under a held session: the chart takes session.endedElsewhere (./session). */
  noticeEndedElsewhere(): boolean;
  loadSupabase(): Promise<unknown>;
}

/**
 * Each change of who is signed in on this page is told to the browser's other tabs, and their news
 * heard (./tabs-channel): the cookie is read before acting. Started right after the first render
 * (./session), its own chunk: no page needs it to paint. A page opening tells nobody: what it found
 * is what the cookie already says to every tab.
 */
export function followTabs(started: SessionActor, deps: TabsFollowDeps): void {
  const tell = openTabsChannel((news) => hear(started, news, deps));
  let told: string | undefined;
  const follow = () => {
    const snapshot = started.getSnapshot();
    const who = snapshot.matches('signedIn') ? (snapshot.context.session?.user.id ?? null) : snapshot.matches('signedOut') ? 'none' : null;
    if (who === null || who === told) return;
    const first = told === undefined;
    told = who;
    if (!first) tell(who === 'none' ? { kind: 'signedOut' } : { kind: 'signedIn', userId: who });
  };
  started.subscribe(follow);
  follow();
}

function hear(started: SessionActor, news: TabNews, deps: TabsFollowDeps): void {
  if (news.kind === 'signedOut') {
    deps.noticeEndedElsewhere();
    return;
  }
  // A sign-in elsewhere: supabase-js, loaded, hears it on its own channel; not loaded yet, it loads,
  // reads the cookie and reports the session (INITIAL_SESSION or SIGNED_IN).
  const held = storedAuthSession();
  if (held?.user.id === news.userId && started.getSnapshot().context.session?.user.id !== held.user.id) void deps.loadSupabase();
}
