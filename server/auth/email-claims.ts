import type { AuthService } from './service';

/**
 * Once an address is proven by one account, every other account's unproven claim on it (`new_email`)
 * is dropped: a claim never outlives the proof, so a stale link cannot confirm it later either
 * (decision 103).
 */
export async function dropOtherClaims(service: AuthService, email: string, ownerId: string): Promise<void> {
  await service.db.updateTable('auth_users').set({ new_email: null }).where('new_email', '=', email).where('id', '!=', ownerId).execute();
}
