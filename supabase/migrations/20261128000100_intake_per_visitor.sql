-- The public forms against a bot.
--
-- Before this, the intake limits were counters for all visitors together: one script that sent
-- ten inquiries a minute locked every real prospect out, and twenty bookings a minute held the
-- whole calendar. Now the database counts per visitor, as the API gateway vouches for them:
--
--   * The client's address. Hosted Supabase runs behind Cloudflare, which sets the
--     `cf-connecting-ip` header to the address the request came from and overwrites any value a
--     client sends; PostgREST hands every request header to SQL as `request.headers`. (Not
--     `x-forwarded-for`: a client may put anything at its front.) The address itself is never
--     stored: only a keyed hash of it, kept while a limit can count it (private.intake_clients:
--     a day, or as long as its booking is pending and ahead), pruned nightly by pg_cron.
--   * Per visitor: 3 inquiries per 10 minutes, 2 pending future bookings. Per e-mail address, as
--     before: 3 inquiries an hour, 3 pending future bookings. For everyone together only a far
--     ceiling, ten times one visitor's: 30 inquiries and 20 bookings a minute.
--   * Counting and inserting are serialised (one transaction-level advisory lock per table), so
--     fifty requests at once cannot all see "under the limit".
--   * Bot traps: the forms send what a person never fills in (a field hidden from people,
--     `bot_trap`) and how long the form was open (`fill_ms`). A row with the trap filled, or sent
--     sooner than a person could (private.intake_limits 'min_fill_ms'), is dropped silently: the
--     sender sees the usual success, nothing is stored and nobody is told. Neither value is kept.
--   * Bookings only where a person could book: a finite date, not sooner than the minimum notice,
--     not beyond the booking horizon, not on a day off, and only while the calendar is open.
--     taken_slots answers only between now and the horizon.
--   * Storage: visitors read public images by their URLs but can no longer list a bucket.

-- pg_net and pg_cron come with hosted Supabase (a plain PostgreSQL, or the local stand-in, brings
-- its own net and cron schemas instead: supabase/local/platform.sql and platform-cron.sql)
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net;
  end if;
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    begin
      create extension if not exists pg_cron;
    exception when others then
      -- a server that has the package but does not preload the library
      raise warning 'pg_cron could not be enabled here (%): scheduled jobs will not run', sqlerrm;
    end;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Limits
-- ---------------------------------------------------------------------------------------------
insert into private.intake_limits (name, value, description) values
  ('inquiries_per_client_per_10_minutes', 3, 'inquiries one visitor (client address) may send in 10 minutes'),
  ('bookings_pending_per_client', 2, 'future pending bookings one visitor (client address) may hold'),
  ('min_fill_ms', 3000, 'a form sent sooner than this many milliseconds after it was opened is a bot''s')
on conflict (name) do update set value = excluded.value, description = excluded.description;
update private.intake_limits
   set value = 30, description = 'new inquiries a minute, all visitors together (a far ceiling: ten times one visitor''s)'
 where name = 'inquiries_per_minute';
update private.intake_limits
   set value = 20, description = 'new bookings a minute, all visitors together (a far ceiling: ten times one visitor''s)'
 where name = 'bookings_per_minute';

-- ---------------------------------------------------------------------------------------------
-- Who the visitor is
-- ---------------------------------------------------------------------------------------------
create table private.client_key_salt (
  id boolean primary key default true check (id),
  salt text not null
);
insert into private.client_key_salt (salt) values (encode(extensions.gen_random_bytes(32), 'hex'));
revoke all on private.client_key_salt from public, anon, authenticated;

-- The visitor's address as the gateway saw it, hashed with this database's own salt. Requests
-- without the header (SQL, a gateway that does not set it) share one key.
create or replace function private.client_key() returns text
language sql stable security definer set search_path = ''
as $$
  select encode(
    extensions.digest(
      coalesce(nullif(btrim((nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip')), ''), 'unknown')
        || ':' || (select salt from private.client_key_salt),
      'sha256'),
    'hex')
$$;

-- Which visitor sent which row, for the counts; a day is all any limit looks back. A row is
-- recorded by the check that admits it, before the row itself is stored, so that the rows of one
-- multi-row insert count against each other (hence the deferred foreign keys).
create table private.intake_clients (
  inquiry_id uuid references public.contact_submissions (id) on delete cascade deferrable initially deferred,
  appointment_id uuid references public.appointments (id) on delete cascade deferrable initially deferred,
  client text not null,
  created_at timestamptz not null default now(),
  check ((inquiry_id is null) <> (appointment_id is null))
);
create index intake_clients_client_idx on private.intake_clients (client, created_at);
create unique index intake_clients_inquiry_idx on private.intake_clients (inquiry_id) where inquiry_id is not null;
create unique index intake_clients_appointment_idx on private.intake_clients (appointment_id) where appointment_id is not null;
revoke all on private.intake_clients from public, anon, authenticated;

-- Nightly: forget what no limit counts any more.
create or replace function private.prune_intake_clients() returns void
language sql security definer set search_path = ''
as $$
  delete from private.intake_clients c
   where c.created_at < now() - interval '1 day'
     and not exists (
       select 1 from public.appointments a
        where a.id = c.appointment_id and a.status = 'pending' and a.preferred_date > now());
$$;
do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('intake-clients-prune', '17 3 * * *', 'select private.prune_intake_clients()');
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Bot traps
-- ---------------------------------------------------------------------------------------------
alter table public.contact_submissions add column bot_trap text, add column fill_ms integer;
alter table public.appointments add column bot_trap text, add column fill_ms integer;
-- never kept (the trap trigger empties them); a check makes sure of it whatever path a row takes
alter table public.contact_submissions add constraint contact_submissions_traps_empty check (bot_trap is null and fill_ms is null);
alter table public.appointments add constraint appointments_traps_empty check (bot_trap is null and fill_ms is null);
grant insert (bot_trap, fill_ms) on public.contact_submissions to anon, authenticated;
grant insert (bot_trap, fill_ms) on public.appointments to anon, authenticated;
comment on column public.contact_submissions.bot_trap is 'Write-only: a field people never fill in; a row that fills it is dropped.';
comment on column public.contact_submissions.fill_ms is 'Write-only: how long the form was open; a row sent sooner than a person could is dropped.';

-- Runs first (triggers fire in name order: "a_..." before "..._checked"). Returning null drops
-- the row without an error, so a bot learns nothing.
create or replace function private.drop_bot_rows() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  trapped boolean := coalesce(btrim(new.bot_trap), '') <> ''
    or (new.fill_ms is not null and new.fill_ms < private.intake_limit('min_fill_ms'));
begin
  new.bot_trap := null;
  new.fill_ms := null;
  if trapped and private.is_api_caller() then
    return null;
  end if;
  return new;
end
$$;
create trigger a_contact_submissions_bot_trap before insert on public.contact_submissions
  for each row execute function private.drop_bot_rows();
create trigger a_appointments_bot_trap before insert on public.appointments
  for each row execute function private.drop_bot_rows();

-- ---------------------------------------------------------------------------------------------
-- The booking window: notice, horizon, days off
-- ---------------------------------------------------------------------------------------------
alter table public.calendar_settings
  add column booking_horizon_days integer not null default 60
    constraint calendar_settings_horizon check (booking_horizon_days between 1 and 365),
  add column min_notice_minutes integer not null default 120
    constraint calendar_settings_notice check (min_notice_minutes between 0 and 10080);

create table public.calendar_days_off (
  id uuid primary key default gen_random_uuid(),
  starts_on date not null,
  ends_on date not null,
  label text not null default '' check (char_length(label) <= 200),
  created_at timestamptz not null default now(),
  constraint calendar_days_off_range check (ends_on >= starts_on and ends_on - starts_on <= 366)
);
create index calendar_days_off_ends_on_idx on public.calendar_days_off (ends_on);
comment on table public.calendar_days_off is 'Days nobody can book (holidays, vacations): each row a single day or a range, in the consultant''s time zone.';
alter table public.calendar_days_off enable row level security;
grant select on public.calendar_days_off to anon, authenticated;
grant insert, update, delete on public.calendar_days_off to authenticated;
-- visitors see what the calendar needs: days off from yesterday on (any time zone's today)
create policy "Anyone reads coming days off" on public.calendar_days_off for select to anon, authenticated
  using (ends_on >= current_date - 1 or (select public.is_admin()));
create policy "Admins add days off" on public.calendar_days_off for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change days off" on public.calendar_days_off for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete days off" on public.calendar_days_off for delete to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Appointments: every rule, then the limits under one lock
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
  if not isfinite(new.preferred_date) then
    raise exception 'The appointment date must be a real date' using errcode = '22007', hint = 'booking_not_finite';
  end if;
  if not private.is_api_caller() then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.preferred_date = old.preferred_date then
    return new; -- a status change by an admin: the slot was checked when it was booked
  end if;

  select * into settings from public.calendar_settings limit 1;
  if not found then
    raise exception 'The calendar is not set up' using errcode = 'P0001', hint = 'booking_no_calendar';
  end if;
  if not settings.is_active then
    raise exception 'Booking is closed' using errcode = 'P0001', hint = 'booking_closed';
  end if;
  if new.preferred_date <= now() then
    raise exception 'The appointment is not in the future' using errcode = 'P0001', hint = 'booking_past';
  end if;
  if new.preferred_date < now() + make_interval(mins => settings.min_notice_minutes) then
    raise exception 'The appointment is sooner than the minimum notice' using errcode = 'P0001', hint = 'booking_too_soon';
  end if;
  if new.preferred_date > now() + make_interval(days => settings.booking_horizon_days) then
    raise exception 'The appointment is beyond the booking horizon' using errcode = 'P0001', hint = 'booking_too_far';
  end if;

  local_time := new.preferred_date at time zone settings.time_zone;
  if not (settings.working_hours -> 'days') ? trim(to_char(local_time, 'fmday')) then
    raise exception 'The appointment is not on a working day' using errcode = 'P0001', hint = 'booking_not_working_day';
  end if;
  if exists (select 1 from public.calendar_days_off d where local_time::date between d.starts_on and d.ends_on) then
    raise exception 'The appointment is on a day off' using errcode = 'P0001', hint = 'booking_day_off';
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
    -- one booking at a time is counted and stored: the lock is held until this transaction ends
    perform pg_advisory_xact_lock(hashtext('private.intake:appointments'));
    if (select count(*) from public.appointments a
          join private.intake_clients c on c.appointment_id = a.id
         where c.client = private.client_key() and a.status = 'pending' and a.preferred_date > now())
       >= private.intake_limit('bookings_pending_per_client') then
      raise exception 'Too many pending bookings from this visitor' using errcode = 'P0001', hint = 'booking_limit_client';
    end if;
    if (select count(*) from public.appointments a
        where lower(a.client_email) = lower(new.client_email) and a.status = 'pending' and a.preferred_date > now())
       >= private.intake_limit('bookings_pending_per_email') then
      raise exception 'Too many pending bookings for this e-mail address' using errcode = 'P0001', hint = 'booking_limit_email';
    end if;
    if (select count(*) from public.appointments a where a.created_at > now() - interval '1 minute')
       >= private.intake_limit('bookings_per_minute') then
      raise exception 'Too many bookings right now' using errcode = 'P0001', hint = 'booking_limit_rate';
    end if;
    insert into private.intake_clients (appointment_id, client) values (new.id, private.client_key());
  end if;
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Inquiries: the limits under one lock
-- ---------------------------------------------------------------------------------------------
create or replace function private.check_inquiry() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if not private.is_api_caller() then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('private.intake:contact_submissions'));
  if (select count(*) from private.intake_clients c
       where c.client = private.client_key() and c.inquiry_id is not null and c.created_at > now() - interval '10 minutes')
     >= private.intake_limit('inquiries_per_client_per_10_minutes') then
    raise exception 'Too many inquiries from this visitor' using errcode = 'P0001', hint = 'inquiry_limit_client';
  end if;
  if new.email <> '' and (select count(*) from public.contact_submissions c
      where lower(c.email) = lower(new.email) and c.created_at > now() - interval '1 hour')
     >= private.intake_limit('inquiries_per_email_per_hour') then
    raise exception 'Too many inquiries from this e-mail address' using errcode = 'P0001', hint = 'inquiry_limit_email';
  end if;
  if (select count(*) from public.contact_submissions c where c.created_at > now() - interval '1 minute')
     >= private.intake_limit('inquiries_per_minute') then
    raise exception 'Too many inquiries right now' using errcode = 'P0001', hint = 'inquiry_limit_rate';
  end if;
  insert into private.intake_clients (inquiry_id, client) values (new.id, private.client_key());
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Taken slots: only what a visitor may book, never the history
-- ---------------------------------------------------------------------------------------------
create or replace function public.taken_slots(range_start timestamptz, range_end timestamptz)
returns setof timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select a.preferred_date
    from public.appointments a
   where a.status in ('pending', 'confirmed')
     and a.preferred_date >= greatest(range_start, now())
     and a.preferred_date < least(
       range_end,
       now() + make_interval(days => coalesce((select s.booking_horizon_days from public.calendar_settings s limit 1), 60) + 1)
     )
     and range_end - range_start <= interval '62 days'
   order by a.preferred_date
$$;

-- functions of the private schema are for triggers and jobs only
revoke all on all functions in schema private from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Storage: read by URL, never listed by visitors
-- ---------------------------------------------------------------------------------------------
-- Public buckets serve their objects by URL without asking row-level security, so the only thing
-- a select policy for visitors still gave them was the list of every object, drafts' images too.
drop policy "Anyone reads site images" on storage.objects;
create policy "Admins list site images" on storage.objects for select to authenticated
  using (bucket_id in ('blog-images', 'project-gallery') and (select public.is_admin()));
