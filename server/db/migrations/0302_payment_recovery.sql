-- A failed renewal or trial-end charge is retried on a schedule (next_payment_attempt_at), and the
-- customer can give a new card from the account page through a hosted page of purpose update_card.
alter table subscriptions add column failed_payment_attempts integer not null default 0;
alter table subscriptions add column next_payment_attempt_at timestamptz;
alter table checkout_sessions add column purpose text not null default 'subscribe' check (purpose in ('subscribe', 'update_card'));
create index subscriptions_retry on subscriptions (next_payment_attempt_at) where provider = 'local' and status = 'past_due';
