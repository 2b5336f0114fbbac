import type { Kysely } from 'kysely';
import { bookingHorizonDays, type Booking, type BookingRequest } from '../../core/contracts/signup';
import type { Database } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import type { BookingRow } from './tables';
import { DAY_MS } from '../../core/durations';

export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    kind: row.kind,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    phone: row.phone,
    slot: row.slot ? new Date(row.slot).toISOString() : null,
    timeZone: row.time_zone,
    message: row.message,
    language: row.language,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** A scheduled call must be in the future and within the booking horizon. */
export function checkSlot(slot: string | undefined, now: Date): Date | null {
  if (!slot) return null;
  const at = new Date(slot);
  if (at.getTime() <= now.getTime()) throw badRequest('SLOT_IN_PAST', 'The chosen time has already passed');
  if (at.getTime() > now.getTime() + bookingHorizonDays * DAY_MS) {
    throw badRequest('SLOT_TOO_FAR', `Calls can be booked up to ${bookingHorizonDays} days ahead`);
  }
  return at;
}

/**
 * Stores a booking once per request id: the same request sent again (double click, retry after a
 * lost answer) returns the first booking; the id reused for someone else is a conflict.
 */
export async function createBooking(db: Kysely<Database>, input: BookingRequest, now: Date): Promise<{ booking: Booking; created: boolean }> {
  const slot = input.kind === 'scheduled' ? checkSlot(input.slot, now) : null;
  const email = input.email.toLowerCase();
  const inserted = await db
    .insertInto('bookings')
    .values({
      request_id: input.requestId,
      kind: input.kind,
      email,
      first_name: input.firstName,
      last_name: input.lastName,
      company_name: input.companyName,
      phone: input.phone,
      slot,
      time_zone: input.timeZone ?? null,
      message: input.message || null,
      language: input.language,
      created_at: now,
    })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { booking: toBooking(inserted), created: true };
  const existing = await db.selectFrom('bookings').selectAll().where('request_id', '=', input.requestId).executeTakeFirstOrThrow();
  if (existing.email !== email) throw conflict('BOOKING_CONFLICT', 'This booking request was already used');
  return { booking: toBooking(existing), created: false };
}

export async function listBookings(db: Kysely<Database>, limit = 200): Promise<Booking[]> {
  const rows = await db.selectFrom('bookings').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toBooking);
}
