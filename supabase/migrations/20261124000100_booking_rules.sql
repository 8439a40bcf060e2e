-- Booking rules the database enforces. The browser's calendar is only advice: anyone
-- with the public key can POST to /rest/v1/appointments, so the rules live here, in the
-- consultant's own time zone:
--   * calendar_settings gains time_zone (an IANA name, default Europe/Sofia) and checked
--     working_hours (HH:MM start before end, minutes count; days a set of English weekday names);
--   * an appointment must be in the future, on a working day, on the 30-minute grid that starts at
--     the working hours' start, and start before their end, all in that time zone;
--   * intake limits against squatting and floods: at most 3 future pending bookings per e-mail
--     address, 20 new bookings a minute overall; 10 inquiries a minute overall, 3 per e-mail an
--     hour. The numbers live in one table, private.intake_limits, changeable without a migration;
--   * id, created_at and status of inquiries and bookings are the database's alone (column grants),
--     and e-mail addresses must have a plain shape: nothing that could add a recipient or a
--     header to a mailto: link (no spaces, ? , ; : < > ( ) [ ] \ " ' & % /).
-- The rules apply to every API caller but the service role: visitors (anon) and admins
-- (authenticated). Direct SQL (migrations, the seed, the SQL editor) is not an API caller.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Limits, in one place
-- ---------------------------------------------------------------------------------------------
create table private.intake_limits (
  name text primary key,
  value integer not null check (value >= 0),
  description text not null
);
insert into private.intake_limits (name, value, description) values
  ('bookings_pending_per_email', 3, 'future pending bookings one e-mail address may hold'),
  ('bookings_per_minute', 20, 'new bookings a minute, all visitors together'),
  ('inquiries_per_minute', 10, 'new inquiries a minute, all visitors together'),
  ('inquiries_per_email_per_hour', 3, 'inquiries from one e-mail address in an hour');

create or replace function private.intake_limit(limit_name text) returns integer
language sql stable security definer set search_path = ''
as $$ select value from private.intake_limits where name = limit_name $$;

-- True for requests made through the API as a visitor or an admin (not the service role, not SQL).
create or replace function private.is_api_caller() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') $$;

-- ---------------------------------------------------------------------------------------------
-- Calendar settings: time zone, checked working hours and days
-- ---------------------------------------------------------------------------------------------
alter table public.calendar_settings add column time_zone text not null default 'Europe/Sofia';

create or replace function private.minutes_of(hhmm text) returns integer
language sql immutable set search_path = ''
as $$ select split_part(hhmm, ':', 1)::integer * 60 + split_part(hhmm, ':', 2)::integer $$;

create or replace function private.check_calendar_settings() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  days jsonb := new.working_hours -> 'days';
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names where name = new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone using errcode = '22023', hint = 'calendar_time_zone';
  end if;
  if jsonb_typeof(days) is distinct from 'array' or jsonb_array_length(days) = 0
     or exists (
       select 1 from jsonb_array_elements(days) d
       where jsonb_typeof(d) <> 'string'
          or (d #>> '{}') not in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')
     ) then
    raise exception 'Working days must be a non-empty list of weekday names' using errcode = '22023', hint = 'calendar_days';
  end if;
  if private.minutes_of(new.working_hours ->> 'end') - private.minutes_of(new.working_hours ->> 'start') < 30 then
    raise exception 'Working hours must leave room for one 30-minute slot' using errcode = '22023', hint = 'calendar_hours';
  end if;
  return new;
end
$$;
create trigger calendar_settings_checked before insert or update on public.calendar_settings
  for each row execute function private.check_calendar_settings();

-- ---------------------------------------------------------------------------------------------
-- Appointments: the slot rules and the limits
-- ---------------------------------------------------------------------------------------------
create or replace function private.check_appointment() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  settings public.calendar_settings;
  local_time timestamp;
  minute_of_day integer;
  start_minute integer;
  end_minute integer;
begin
  if not private.is_api_caller() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.preferred_date = old.preferred_date then
    return new; -- a status change by an admin: the slot was checked when it was booked
  end if;

  if new.preferred_date <= now() then
    raise exception 'The appointment is not in the future' using errcode = 'P0001', hint = 'booking_past';
  end if;
  select * into settings from public.calendar_settings limit 1;
  if not found then
    raise exception 'The calendar is not set up' using errcode = 'P0001', hint = 'booking_no_calendar';
  end if;

  local_time := new.preferred_date at time zone settings.time_zone;
  if not (settings.working_hours -> 'days') ? trim(to_char(local_time, 'fmday')) then
    raise exception 'The appointment is not on a working day' using errcode = 'P0001', hint = 'booking_not_working_day';
  end if;
  minute_of_day := extract(hour from local_time)::integer * 60 + extract(minute from local_time)::integer;
  start_minute := private.minutes_of(settings.working_hours ->> 'start');
  end_minute := private.minutes_of(settings.working_hours ->> 'end');
  if minute_of_day < start_minute or minute_of_day >= end_minute then
    raise exception 'The appointment is outside the working hours' using errcode = 'P0001', hint = 'booking_outside_hours';
  end if;
  if extract(second from local_time) <> 0 or (minute_of_day - start_minute) % 30 <> 0 then
    raise exception 'The appointment is not on the 30-minute grid' using errcode = 'P0001', hint = 'booking_off_grid';
  end if;

  if tg_op = 'INSERT' then
    if (select count(*) from public.appointments a
        where lower(a.client_email) = lower(new.client_email) and a.status = 'pending' and a.preferred_date > now())
       >= private.intake_limit('bookings_pending_per_email') then
      raise exception 'Too many pending bookings for this e-mail address' using errcode = 'P0001', hint = 'booking_limit_email';
    end if;
    if (select count(*) from public.appointments a where a.created_at > now() - interval '1 minute')
       >= private.intake_limit('bookings_per_minute') then
      raise exception 'Too many bookings right now' using errcode = 'P0001', hint = 'booking_limit_rate';
    end if;
  end if;
  return new;
end
$$;
create trigger appointments_checked before insert or update of preferred_date on public.appointments
  for each row execute function private.check_appointment();

-- ---------------------------------------------------------------------------------------------
-- Inquiries: the limits
-- ---------------------------------------------------------------------------------------------
create or replace function private.check_inquiry() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not private.is_api_caller() then
    return new;
  end if;
  if (select count(*) from public.contact_submissions c where c.created_at > now() - interval '1 minute')
     >= private.intake_limit('inquiries_per_minute') then
    raise exception 'Too many inquiries right now' using errcode = 'P0001', hint = 'inquiry_limit_rate';
  end if;
  if new.email <> '' and (select count(*) from public.contact_submissions c
      where lower(c.email) = lower(new.email) and c.created_at > now() - interval '1 hour')
     >= private.intake_limit('inquiries_per_email_per_hour') then
    raise exception 'Too many inquiries from this e-mail address' using errcode = 'P0001', hint = 'inquiry_limit_email';
  end if;
  return new;
end
$$;
create trigger contact_submissions_checked before insert on public.contact_submissions
  for each row execute function private.check_inquiry();

-- the limits count recent rows: keep those counts an index lookup
create index contact_submissions_email_created_idx on public.contact_submissions (lower(email), created_at);
create index appointments_email_status_idx on public.appointments (lower(client_email), status, preferred_date);

-- ---------------------------------------------------------------------------------------------
-- E-mail shape and phone shape (new rows; rows stored before this migration are left as they are)
-- ---------------------------------------------------------------------------------------------
-- A plain address is local@domain.tld without characters that mean something in a URL, a header
-- or a list of addresses. (The same pattern as src/shared/forms/validation.ts; a CHECK holds it inline
-- because it is evaluated with the inserting visitor's rights.)
alter table public.contact_submissions
  add constraint contact_submissions_email_plain check (
    email = '' or (char_length(email) <= 320
      and email ~ '^[^][[:space:]@?,;:<>()\\"''&%/]+@[^][[:space:]@?,;:<>()\\"''&%/]+\.[^][[:space:]@?,;:<>()\\"''&%/.]{2,}$')
  ) not valid;
alter table public.appointments
  add constraint appointments_email_plain check (
    char_length(client_email) <= 320
    and client_email ~ '^[^][[:space:]@?,;:<>()\\"''&%/]+@[^][[:space:]@?,;:<>()\\"''&%/]+\.[^][[:space:]@?,;:<>()\\"''&%/.]{2,}$'
  ) not valid;
-- phones arrive in E.164 (+ and 7 to 15 digits), or empty
alter table public.contact_submissions
  add constraint contact_submissions_phone_e164 check (phone = '' or phone ~ '^\+[1-9][0-9]{6,14}$') not valid;
alter table public.appointments
  add constraint appointments_phone_e164 check (client_phone = '' or client_phone ~ '^\+[1-9][0-9]{6,14}$') not valid;

-- ---------------------------------------------------------------------------------------------
-- id, created_at, updated_at and status: the database's alone
-- ---------------------------------------------------------------------------------------------
revoke insert, update on public.contact_submissions, public.appointments from anon, authenticated;
grant insert (name, email, phone, company, message, purpose, contact_method)
  on public.contact_submissions to anon, authenticated;
grant insert (client_name, client_email, client_phone, company_name, preferred_date, message)
  on public.appointments to anon, authenticated;
-- admins change a status (and may correct what a visitor typed); never the id or the dates the
-- database keeps. Moving a booking to another time meets the same slot rules as booking it.
grant update (name, email, phone, company, message, purpose, contact_method, status)
  on public.contact_submissions to authenticated;
grant update (client_name, client_email, client_phone, company_name, preferred_date, message, status)
  on public.appointments to authenticated;

-- functions of the private schema are for triggers only
revoke all on all functions in schema private from public, anon, authenticated;
