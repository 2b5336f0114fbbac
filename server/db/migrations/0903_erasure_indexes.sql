-- #29: erasing a person finds their rows through an index: demo requests by email and phone,
-- charges and refunds by user (anonymised, not deleted).
create index bookings_email_lower on bookings (lower(email));
create index bookings_phone on bookings (phone);
create index charges_user on charges (user_id);
create index refunds_user on refunds (user_id);
