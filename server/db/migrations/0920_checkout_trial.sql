-- #26: one free trial per account. A checkout made after an earlier subscription (cancelled in its
-- trial, refunded, ended) charges at once: the session records which kind it is, so the hosted page
-- says it and its submit does what it said even if the account changes in between.
alter table checkout_sessions add column trial boolean not null default true;
