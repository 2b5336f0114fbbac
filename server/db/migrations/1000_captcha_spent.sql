-- #34: "a captcha is used once" is a fact of the database. Each solved challenge (ALTCHA) or hosted
-- token (Turnstile, hCaptcha) is recorded here by its signature when it is spent, with one
-- `insert … on conflict do nothing`: of two instances spending it at once, exactly one inserts.
-- Kept until the challenge would have expired anyway (server/captcha/data-lifecycle.ts deletes it then).
create table captcha_spent (
  key text primary key,
  scope text not null,
  expires_at timestamptz not null
);
create index captcha_spent_expires_at on captcha_spent(expires_at);
