-- One account per person (#11, decision 103): a profile's email is the address the person GAVE, a
-- claim until the auth service has it confirmed (auth_users.email, unique there). Keeping it unique
-- here let anyone block someone else's address by typing it first (pre-account denial); proven
-- addresses stay unique in auth_users, which is what signs people in.
drop index if exists profiles_email_unique;
create index profiles_email_lower_idx on profiles (lower(email)) where email is not null;
