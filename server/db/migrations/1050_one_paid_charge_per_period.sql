-- The billing job's idempotency key, decided by the database: one paid charge per subscription and
-- period. Failed attempts stay many (each retry of an unpaid period is its own row).
create unique index charges_one_paid_per_period on charges (subscription_id, period_start) where status = 'succeeded';
