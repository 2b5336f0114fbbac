-- #12 finding 2: one live subscription per user, enforced by the database. Several checkout pages
-- of one user paid at the same moment on several instances each passed the "no live subscription
-- yet" read; now the second insert fails on this index and the code answers it as "already
-- subscribed" (local) or cancels the duplicate at Stripe before it is charged (webhooks).
-- Rows written before this index: the earliest live one per user stays, later ones are closed.
update subscriptions as later
set status = 'canceled', canceled_at = coalesce(later.canceled_at, now())
where later.status in ('trialing', 'active', 'past_due')
  and exists (
    select 1 from subscriptions as earlier
    where earlier.user_id = later.user_id
      and earlier.status in ('trialing', 'active', 'past_due')
      and (earlier.created_at, earlier.id) < (later.created_at, later.id)
  );

create unique index subscriptions_one_live_per_user on subscriptions (user_id) where status in ('trialing', 'active', 'past_due');
