/**
 * Which social and OpenID Connect providers the auth service enables, read from its public
 * `GET /auth/v1/settings` (GoTrue's answer, which a real Supabase project gives too): `external`
 * maps each provider to true or false. The buttons show only these, in one fixed order: Google,
 * Microsoft (GoTrue's `azure`), Apple, then each custom OpenID Connect provider (`custom:<name>`)
 * by its display name.
 */

export type ProviderKind = 'google' | 'azure' | 'apple' | 'custom';

export interface SocialProvider {
  /** What supabase-js's `signInWithOAuth({ provider })` and `linkIdentity` take: `google`, `custom:acme`. */
  id: string;
  kind: ProviderKind;
  /** The name a person reads ("Google", "Microsoft", "Apple", a custom provider's display name). */
  label: string;
}

/** What the browser reads of `/settings`: anything else in it is ignored; a wrong shape is no provider. */
export interface SocialSettings {
  providers: SocialProvider[];
  /** `SECURITY_MANUAL_LINKING_ENABLED` (/settings `manual_linking_enabled`, ours): the account page may link and unlink. */
  manualLinking: boolean;
}

const BUILT_IN: { id: Exclude<ProviderKind, 'custom'>; label: string }[] = [
  { id: 'google', label: 'Google' },
  { id: 'azure', label: 'Microsoft' },
  { id: 'apple', label: 'Apple' },
];

/** GoTrue's custom-provider names: lower case, digits, `-` and `_` (what the server accepts as `custom:<name>`). */
const CUSTOM_ID = /^custom:[a-z0-9][a-z0-9_-]{0,39}$/;

/** The display name of a custom provider, bounded and stripped of control characters. */
function cleanLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // eslint-disable-next-line no-control-regex -- the point is to drop control characters
  const text = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return text.length > 0 && text.length <= 60 ? text : null;
}

/** "ringwise-dev" → "Ringwise Dev": the fallback when the server gives no display name. */
function nameToLabel(name: string): string {
  return name
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The enabled providers and the manual-linking switch from a `/settings` answer (any JSON).
 * Display names of custom providers come from `external_labels` (`{ "custom:acme": "Acme SSO" }`)
 * when the server gives them, else from the name itself.
 */
export function readSocialSettings(body: unknown): SocialSettings {
  const none: SocialSettings = { providers: [], manualLinking: false };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return none;
  const settings = body as Record<string, unknown>;
  const external = settings.external;
  if (!external || typeof external !== 'object' || Array.isArray(external)) return none;
  const enabled = external as Record<string, unknown>;
  const labels = (settings.external_labels && typeof settings.external_labels === 'object' ? settings.external_labels : {}) as Record<string, unknown>;
  const providers: SocialProvider[] = BUILT_IN.filter(({ id }) => enabled[id] === true).map(({ id, label }) => ({ id, kind: id, label }));
  const custom = Object.keys(enabled)
    .filter((id) => CUSTOM_ID.test(id) && enabled[id] === true)
    .sort()
    .map((id): SocialProvider => ({ id, kind: 'custom', label: cleanLabel(labels[id]) ?? nameToLabel(id.slice('custom:'.length)) }));
  return { providers: [...providers, ...custom], manualLinking: settings.manual_linking_enabled === true };
}
