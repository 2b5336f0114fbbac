import type { AnalyticsTables } from '../analytics/tables';
import type { ApiTables } from '../api/tables';
import type { AuthTables } from '../auth/tables';
import type { PasskeyTables } from '../auth/passkeys/tables';
import type { SocialTables } from '../auth/social/tables';
import type { BookingsTables } from '../bookings/tables';
import type { CaptchaTables } from '../captcha/tables';
import type { GreetingsTables } from '../greetings/tables';
import type { PaymentsTables } from '../payments/tables';
import type { RateLimitTables } from '../rate-limits/tables';
import type { Generated } from 'kysely';

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Generated<Date>;
}

/** The whole database, composed from each capability's own tables so each folder owns its schema. */
export interface Database extends AuthTables, ApiTables, PaymentsTables, GreetingsTables, AnalyticsTables, BookingsTables, RateLimitTables, PasskeyTables, CaptchaTables, SocialTables {
  schema_migrations: SchemaMigrationsTable;
}
