import type { UserIdentity } from '@supabase/supabase-js';
import { paths } from '../../../../core/routes/paths';
import { useEffect, useState } from 'react';
import { authUrlError, loadSupabase } from '../../../platform/session/session';
import { authRead } from '../../../platform/session/auth-read';
import { rememberProviderStart, takeProviderUnderWay } from '../../../platform/social/provider-start';
import type { SocialProvider, SocialSettings } from '../../../platform/social/providers';
import { socialSettings } from '../../../platform/social/social-settings';
import { linkErrorKey, type Identity } from './ways-in';
import { afterNextPaint } from '../../../lib/first-render';

/** The account's identities as the auth service has them now (null when it could not be asked). */
async function readIdentities(): Promise<Identity[] | null> {
  try {
    // GET /auth/v1/user, as supabase-js's getUserIdentities reads it, without loading supabase-js.
    const user = await authRead<{ identities?: Identity[] }>('/user');
    return user.identities ?? [];
  } catch {
    return null;
  }
}

/** What the card says after an action: done, or GoTrue's refusal by code, naming the provider. */
export type WaysInNotice = { tone: 'positive' | 'critical'; key: string; provider: string };

/**
 * The account's identities (read fresh from GET /auth/v1/user, as `getUserIdentities` does), the
 * providers the server enables and whether manual linking is on, and the unmodified supabase-js
 * `linkIdentity` / `unlinkIdentity`. A link leaves for the provider and comes back here: what it
 * came back with (a new identity or an error in the address) is said once.
 */
export function useWaysIn(initial: readonly Identity[]) {
  const [identities, setIdentities] = useState<Identity[]>([...initial]);
  const [settings, setSettings] = useState<SocialSettings>({ providers: [], manualLinking: false });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<WaysInNotice | null>(null);
  const [linkedTo] = useState(() => takeProviderUnderWay());

  const reload = async () => {
    const identities = await readIdentities();
    if (identities) setIdentities(identities);
  };

  useEffect(() => {
    let active = true;
    // Not needed to draw the card (the session's identities are, and the links wait for their
    // settings): asked once the page's content is on screen.
    afterNextPaint(() => {
      if (!active) return;
      void socialSettings().then((read) => active && setSettings(read));
      void readIdentities().then((read) => active && read && setIdentities(read));
    });
    if (linkedTo) {
      void authUrlError().then((error) => {
        if (!active) return;
        setNotice(error ? { tone: 'critical', key: `errors.${linkErrorKey(error.code)}`, provider: linkedTo } : { tone: 'positive', key: 'linked', provider: linkedTo });
      });
    }
    return () => {
      active = false;
    };
  }, [linkedTo]);

  async function unlink(identity: Identity, label: string) {
    setBusy(identity.identity_id);
    setNotice(null);
    const { error } = await (await loadSupabase()).auth.unlinkIdentity(identity as UserIdentity);
    setBusy(null);
    setNotice(error ? { tone: 'critical', key: `errors.${linkErrorKey(error.code)}`, provider: label } : { tone: 'positive', key: 'unlinked', provider: label });
    await reload().catch(() => undefined);
  }

  async function link(provider: SocialProvider) {
    setBusy(provider.id);
    setNotice(null);
    rememberProviderStart({ label: provider.label, landingPage: null });
    const redirectTo = new URL(paths.account.build(), window.location.origin).href;
    // `custom:<name>` is an OpenID Connect provider: supabase-js's Provider type lists built-in ones only.
    const { error } = await (await loadSupabase()).auth.linkIdentity({ provider: provider.id as never, options: { redirectTo } });
    if (!error) return; // Leaving for the provider.
    takeProviderUnderWay();
    setBusy(null);
    setNotice({ tone: 'critical', key: `errors.${linkErrorKey(error.code)}`, provider: provider.label });
  }

  return { identities, settings, busy, notice, unlink, link };
}
