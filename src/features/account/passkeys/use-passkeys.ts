import { queryOptions, useQuery } from '@tanstack/react-query';
import { personalKey, queryClient } from '../../../platform/query-cache';
import { addPasskey, listPasskeys, removePasskey, renamePasskey, type Passkey, type PasskeyProblem } from './passkey-calls';

/** GET /auth/v1/passkeys, keyed as the person's own data (dropped from the cache when who is signed in changes). */
function passkeysQuery(userId: string) {
  return queryOptions({
    queryKey: personalKey(userId, 'passkeys'),
    queryFn: async () => {
      const listed = await listPasskeys();
      if (!listed.ok) throw new Error(listed.problem);
      return listed.value;
    },
    staleTime: 0,
  });
}

/** The signed-in person's passkeys and the card's actions, each answer written back into the cache. */
export function usePasskeys(userId: string) {
  const query = useQuery(passkeysQuery(userId), queryClient);
  const key = passkeysQuery(userId).queryKey;
  const update = (change: (current: Passkey[]) => Passkey[]) => queryClient.setQueryData(key, (current: Passkey[] | undefined) => change(current ?? []));

  async function add(): Promise<PasskeyProblem | null> {
    const added = await addPasskey();
    if (!added.ok) return added.problem;
    await queryClient.invalidateQueries({ queryKey: key });
    return null;
  }

  async function rename(id: string, name: string): Promise<PasskeyProblem | null> {
    const renamed = await renamePasskey(id, name);
    if (!renamed.ok) return renamed.problem;
    update((current) => current.map((passkey) => (passkey.id === id ? { ...passkey, ...renamed.value } : passkey)));
    return null;
  }

  async function remove(id: string): Promise<PasskeyProblem | null> {
    const removed = await removePasskey(id);
    if (!removed.ok) return removed.problem;
    update((current) => current.filter((passkey) => passkey.id !== id));
    return null;
  }

  return { passkeys: query.data ?? null, loadProblem: query.isError, load: () => query.refetch(), add, rename, remove };
}
