-- #29: the billing job asks, every minute, for the local subscriptions with something due. One
-- partial index per reason (with 0300's subscriptions_due for trials and 0302's subscriptions_retry
-- for retries), so each branch of its query reads only the rows that are due.
create index subscriptions_renewal_due on subscriptions (current_period_end) where provider = 'local' and status = 'active';
create index subscriptions_cancel_due on subscriptions (cancel_at)
  where provider = 'local' and status in ('trialing', 'active', 'past_due') and cancel_at is not null;
