import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, SESSION_CHANGED, setAccessTokenProvider, tokenUser } from '../../../src/platform/api-client';
import { personQuery, subscriptionQuery } from '../../../src/platform/person-queries';
import { loadPublicConfig } from '../../../src/platform/public-config';
import { createQueryClient, dropOthersData, keptFor, personalKey, publicKey, queryClient } from '../../../src/platform/query-cache';
import { onSignedInUserChange, publishSignedInUser, signedInUser } from '../../../src/platform/session/user-change';
import { geoCurrencyQuery, personCurrencyQuery, plansQuery } from '../../../src/features/onboarding/checkout/checkout-queries';
import { testPublicConfig } from '../../helpers/public-config';

/** An unsigned token whose `sub` is `userId` (the browser only reads it, never checks it). */
const tokenOf = (userId: string) => `e30.${Buffer.from(JSON.stringify({ sub: userId, aal: 'aal1' })).toString('base64url')}.sig`;
const subscriptionOf = (plan: string) => ({ subscription: { plan, stage: 'trialing' }, trialAvailable: false });
/** Any data under any key (the endpoints' keys are typed with their answers; these tests put stand-ins). */
const put = (client: QueryClient, key: readonly unknown[], data: unknown): unknown => client.setQueryData(key, data);
const held = (client: QueryClient, key: readonly unknown[]): unknown => client.getQueryData(key);

/**
 * #38.1: a person's server data is keyed by them and let go the moment who is signed in changes,
 * so nothing one person read is ever another's, not for one frame, not while the other's read fails.
 */
describe('query keys carry whose data they hold', () => {
  beforeAll(async () => {
    await loadPublicConfig((async () => new Response(JSON.stringify(testPublicConfig()))) as typeof fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setAccessTokenProvider(async () => null);
  });

  it('a key is public or one person’s; the cache keeps only the public ones and the signed-in person’s', () => {
    expect(publicKey('plans', 'EUR')).toEqual(['public', 'plans', 'EUR']);
    expect(personalKey('ada', 'subscription')).toEqual(['user', 'ada', 'subscription']);
    expect(keptFor(publicKey('plans'), null)).toBe(true);
    expect(keptFor(publicKey('plans'), 'bob')).toBe(true);
    expect(keptFor(personalKey('ada', 'profile'), 'ada')).toBe(true);
    expect(keptFor(personalKey('ada', 'profile'), 'bob')).toBe(false);
    expect(keptFor(personalKey('ada', 'profile'), null)).toBe(false);
    // A key of no known shape is nobody's to keep: dropped on any change.
    expect(keptFor(['subscription'], 'ada')).toBe(false);
    expect(keptFor(['user'], null)).toBe(false);
  });

  it('every endpoint’s options say whose it is: the person’s reads carry their id, the plans and the country are public', () => {
    expect(personQuery('ada').queryKey).toEqual(personalKey('ada', 'profile'));
    expect(subscriptionQuery('ada').queryKey).toEqual(personalKey('ada', 'subscription'));
    expect(personCurrencyQuery('ada', 'FR', '+33612345678').queryKey).toEqual(personalKey('ada', 'country-currency', 'FR', '+33612345678'));
    expect(plansQuery('EUR').queryKey).toEqual(publicKey('plans', 'EUR'));
    expect(geoCurrencyQuery().queryKey).toEqual(publicKey('geo-currency'));
    // One subscription entry whoever reads it (account page, welcome, trial offer): one key per person.
    expect(subscriptionQuery('ada').queryKey).not.toEqual(subscriptionQuery('bob').queryKey);
    expect(personQuery('ada').queryKey).not.toEqual(subscriptionQuery('ada').queryKey);
  });

  it('a change of who is signed in empties the app’s cache of the person before, keeping public data', () => {
    publishSignedInUser('ada');
    put(queryClient, subscriptionQuery('ada').queryKey, subscriptionOf('business'));
    put(queryClient, personQuery('ada').queryKey, { id: 'ada' });
    put(queryClient, plansQuery('EUR').queryKey, { plans: [] });
    put(queryClient, ['unkeyed'], 'anyone');
    // The same person again (a refresh): nothing is dropped.
    publishSignedInUser('ada');
    expect(held(queryClient, subscriptionQuery('ada').queryKey)).toEqual(subscriptionOf('business'));

    publishSignedInUser(null);
    expect(held(queryClient, subscriptionQuery('ada').queryKey)).toBeUndefined();
    expect(held(queryClient, personQuery('ada').queryKey)).toBeUndefined();
    expect(held(queryClient, ['unkeyed'])).toBeUndefined();
    expect(held(queryClient, plansQuery('EUR').queryKey)).toEqual({ plans: [] });

    // Straight from one person to another (another tab signed Bob in): Ada's goes too.
    publishSignedInUser('ada');
    put(queryClient, subscriptionQuery('ada').queryKey, subscriptionOf('business'));
    publishSignedInUser('bob');
    expect(queryClient.getQueryCache().findAll({ queryKey: ['user'] }).map((query) => query.queryKey)).toEqual([]);
    expect(signedInUser()).toBe('bob');
  });

  it('the first answer is no change (nothing is held for anyone yet); every later one is told with who came before', () => {
    const heard: Array<[string | null, string | null]> = [];
    const stop = onSignedInUserChange((next, previous) => heard.push([next, previous]));
    publishSignedInUser(undefined);
    publishSignedInUser('bob');
    publishSignedInUser('carol');
    publishSignedInUser(null);
    stop();
    publishSignedInUser('dan');
    expect(heard).toEqual([
      ['carol', 'bob'],
      [null, 'carol'],
    ]);
  });

  it('the next person’s reader never sees the person before, not while their read is on its way, not when it fails', async () => {
    const client = createQueryClient();
    put(client, subscriptionQuery('ada').queryKey, subscriptionOf('business'));
    dropOthersData(client, 'bob');
    let fail: (error: unknown) => void = () => undefined;
    const observer = new QueryObserver(client, { ...subscriptionQuery('bob'), queryFn: () => new Promise<never>((_, reject) => (fail = reject)), retry: false });
    const seen: unknown[] = [observer.getCurrentResult().data];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    fail(new ApiError(503, 'UNAVAILABLE', 'down'));
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    unsubscribe();
    expect(seen.every((data) => data === undefined)).toBe(true);
    // Even had Ada's entry survived, Bob's key would not find it.
    put(client, subscriptionQuery('ada').queryKey, subscriptionOf('business'));
    expect(held(client, subscriptionQuery('bob').queryKey)).toBeUndefined();
  });

  it('a person’s read is sent only with their own token: another’s is refused before anything leaves', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(subscriptionOf('business')), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(tokenUser(tokenOf('ada'))).toBe('ada');
    expect(tokenUser('not-a-token')).toBeNull();
    expect(tokenUser(null)).toBeNull();

    // The shared cookie already holds Bob's session (another tab), the page still reads for Ada.
    setAccessTokenProvider(async () => tokenOf('bob'));
    const refused = await apiRequest('/v1/subscription', { asUser: 'ada' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe(SESSION_CHANGED);
    expect((refused as ApiError).status).toBe(401);
    // Signed out in another tab: no token at all is no one's.
    setAccessTokenProvider(async () => null);
    expect(((await apiRequest('/v1/user', { asUser: 'ada' }).catch((error: unknown) => error)) as ApiError).code).toBe(SESSION_CHANGED);
    expect(fetchMock).not.toHaveBeenCalled();

    setAccessTokenProvider(async () => tokenOf('ada'));
    await apiRequest('/v1/subscription', { asUser: 'ada' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0] as unknown as [URL, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${tokenOf('ada')}`);
  });
});
