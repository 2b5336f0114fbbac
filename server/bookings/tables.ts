import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** server/db/migrations/0600_bookings.sql */
export interface BookingsTable {
  id: Generated<string>;
  request_id: string;
  kind: 'scheduled' | 'call-now' | 'apply';
  email: string;
  first_name: string;
  last_name: string;
  company_name: string;
  phone: string;
  slot: Date | null;
  time_zone: string | null;
  message: string | null;
  language: string;
  created_at: Timestamp;
}
export type BookingRow = Selectable<BookingsTable>;

/** Tables owned by the bookings capability. */
export interface BookingsTables {
  bookings: BookingsTable;
}
