-- The booking calendar knows the consultant's own calendar.
--
-- Before this, the dialog offered every free grid slot of the site's own bookings: the
-- consultant's real diary was invisible to it, and the meeting's e-mail did not say where to meet.
-- Now:
--
--   * Busy times from private feeds. An admin adds private ICS addresses (Google Calendar's secret
--     address, Outlook's published calendar, a CalDAV export) through public.add_calendar_feed.
--     The address is a secret: it is kept in Vault (one secret per feed), the table keeps only a
--     masked hint, and only the sync reads it (public.calendar_sync_claim, service role only).
--   * The sync. Every 10 minutes the job calendar-sync runs private.request_calendar_sync, which
--     mints a one-time run token per feed (stored hashed, 10 minutes, used once) and calls the Edge
--     Function calendar-sync through pg_net once per feed. The function claims the run, fetches the
--     feed (https only, never a private network), expands its events over the booking window and
--     hands the busy blocks back: public.calendar_sync_store replaces that feed's blocks in one transaction, and
--     public.calendar_sync_failed records why a feed could not be read, keeping its last good
--     blocks.
--   * The database enforces them. A busy block, and another booking, widened by the buffers before
--     and after a meeting (calendar_settings.buffer_before_minutes / buffer_after_minutes), makes a
--     slot taken: public.taken_slots returns it and private.check_appointment refuses a booking or a
--     move into it with the answer of a slot booked twice (23505 on appointments_slot_taken_idx),
--     revealing nothing about the consultant's meeting.
--   * Never silently stale. If an active feed has had no good sync for 2 hours (counted from when
--     it was added, for one that never synced), new bookings and moves pause: the dialog asks
--     public.booking_paused() and says so, and the database refuses them (hint booking_paused).
--   * Where to meet. Each booking gets a meeting link when it is made: the fixed link of
--     public.meeting_settings (Zoom, Meet), or a generated Jitsi room with an unguessable name. It is
--     in the e-mails, the invitation's LOCATION, the Google Calendar link, the manage page and the
--     admin's inbox; a move keeps it.
--   * No-shows. After a confirmed meeting has ended, an admin may set its status to 'no_show'
--     ('Не се яви'), and back to 'confirmed' for a mistake. Nobody is e-mailed about either.

-- ---------------------------------------------------------------------------------------------
-- Buffers and the meeting link's setting
-- ---------------------------------------------------------------------------------------------
alter table public.calendar_settings
  add column buffer_before_minutes integer not null default 0
    constraint calendar_settings_buffer_before_check check (buffer_before_minutes between 0 and 240 and buffer_before_minutes % 5 = 0),
  add column buffer_after_minutes integer not null default 0
    constraint calendar_settings_buffer_after_check check (buffer_after_minutes between 0 and 240 and buffer_after_minutes % 5 = 0);
comment on column public.calendar_settings.buffer_before_minutes is
  'Minutes kept free before every meeting: no busy time and no other booking (with its own buffers) may touch them.';
comment on column public.calendar_settings.buffer_after_minutes is
  'Minutes kept free after every meeting.';

-- Not a column of calendar_settings, which everyone reads: a fixed room is the consultant's own.
create table public.meeting_settings (
  id boolean primary key default true constraint meeting_settings_single_row check (id),
  meeting_link text constraint meeting_settings_link_check
    check (meeting_link is null or (char_length(meeting_link) <= 500 and meeting_link ~ '^https://[^\s/?#@]+\.[^\s/?#@]+(/\S*)?$')),
  updated_at timestamptz not null default now()
);
comment on table public.meeting_settings is
  'Where meetings happen: a fixed link (Zoom, Meet) for every booking, or null for a new Jitsi room per booking. Admins only.';
insert into public.meeting_settings (id) values (true);
alter table public.meeting_settings enable row level security;
create policy "Admins read the meeting settings" on public.meeting_settings for select to authenticated
  using ((select private.is_admin()));
create policy "Admins change the meeting settings" on public.meeting_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
revoke all on public.meeting_settings from anon, authenticated;
grant select, update (meeting_link) on public.meeting_settings to authenticated;
create trigger meeting_settings_updated_at before update on public.meeting_settings
  for each row execute function private.set_updated_at();

-- ---------------------------------------------------------------------------------------------
-- Bookings: a meeting link each, and 'no_show'
-- ---------------------------------------------------------------------------------------------
alter table public.appointments add column meeting_url text
  constraint appointments_meeting_url_check check (meeting_url is null or (char_length(meeting_url) <= 500 and meeting_url ~ '^https://\S+$'));
comment on column public.appointments.meeting_url is
  'Where the meeting happens, set by the database when the booking is made; a move keeps it.';

alter table private.booking_events drop constraint booking_events_kind_check;
alter table private.booking_events add constraint booking_events_kind_check
  check (kind in ('booked', 'confirmed', 'cancelled', 'moved', 'reopened', 'no_show', 'no_show_undone'));

alter table public.appointments drop constraint appointments_status_check;
alter table public.appointments add constraint appointments_status_check
  check (status in ('pending', 'confirmed', 'cancelled', 'no_show'));

-- A room per booking: 16 random bytes, so nobody guesses another meeting's room.
create or replace function private.new_meeting_url() returns text
language sql volatile security definer set search_path = ''
as $$
  select coalesce(
    (select m.meeting_link from public.meeting_settings m where m.id),
    'https://meet.jit.si/Konsultaciya-' || encode(extensions.gen_random_bytes(16), 'hex'))
$$;

create or replace function private.set_meeting_url() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    -- nobody chooses it, an admin neither: the settings do
    new.meeting_url := private.new_meeting_url();
  elsif new.meeting_url is distinct from old.meeting_url and private.is_api_caller() and not private.is_admin() then
    new.meeting_url := old.meeting_url;
  end if;
  return new;
end
$$;
create trigger e_appointments_meeting_url before insert or update of meeting_url on public.appointments
  for each row execute function private.set_meeting_url();

update public.appointments set meeting_url = private.new_meeting_url()
 where meeting_url is null and status in ('pending', 'confirmed');

-- a definer's now, as it reads the meeting's length (an admin's role may not run private functions)
create or replace function private.appointments_status_transition() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.status = 'no_show' and old.status = 'confirmed'
     and old.preferred_date + private.meeting_length() > now() then
    raise exception 'Срещата още не е свършила: „Не се яви“ се отбелязва след края ѝ.'
      using errcode = '23514', hint = 'booking_no_show_early';
  end if;
  if new.status is distinct from old.status and not (
    (old.status = 'pending' and new.status in ('confirmed', 'cancelled'))
    or (old.status = 'confirmed' and new.status in ('cancelled', 'no_show'))
    or (old.status = 'no_show' and new.status = 'confirmed')
    or (old.status = 'confirmed' and new.status = 'pending' and new.preferred_date is distinct from old.preferred_date)
  ) then
    raise exception 'Статусът на резервацията не може да се промени от „%“ на „%“.', old.status, new.status
      using errcode = '23514';
  end if;
  return new;
end;
$$;

-- the same as before, but a no-show (and taking one back) is recorded and e-mails nobody
create or replace function private.booking_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  actor text := private.booking_actor();
  token text;
begin
  if new.preferred_date is distinct from old.preferred_date then
    perform private.record_booking_event(new.id, 'moved', jsonb_build_object('from', old.preferred_date, 'to', new.preferred_date));
    -- every earlier link dies; the message about the move carries the only live one
    update private.booking_links set revoked_at = now() where appointment_id = new.id and revoked_at is null;
    if new.status <> 'cancelled' then
      -- without mail settings no message carries a link: the visitor who moved still gets one
      token := coalesce(private.queue_booking_mail(new, 'booking_moved', actor), private.mint_booking_link(new.id));
      perform set_config('app.booking_new_link', token, true);
    end if;
    if actor = 'visitor' then
      perform private.queue_chat_booking_change(new, 'moved', old.preferred_date);
    end if;
  end if;
  if new.status is distinct from old.status and (new.status = 'no_show' or old.status = 'no_show') then
    perform private.record_booking_event(new.id, case when new.status = 'no_show' then 'no_show' else 'no_show_undone' end,
      jsonb_build_object('from', old.status, 'to', new.status));
    return null;
  end if;
  -- a move back to waiting for confirmation is part of the move, not an event of its own
  if new.status is distinct from old.status
     and not (new.status = 'pending' and new.preferred_date is distinct from old.preferred_date) then
    perform private.record_booking_event(new.id,
      case new.status when 'confirmed' then 'confirmed' when 'cancelled' then 'cancelled' else 'reopened' end,
      jsonb_build_object('from', old.status, 'to', new.status));
    if new.status = 'cancelled' then
      perform private.queue_booking_mail(new, 'booking_cancelled', actor);
      if actor = 'visitor' then
        perform private.queue_chat_booking_change(new, 'cancelled', null);
      end if;
    elsif new.status = 'confirmed' and new.preferred_date is not distinct from old.preferred_date then
      perform private.queue_booking_mail(new, 'booking_confirmed', actor);
    end if;
  end if;
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Feeds and their busy blocks
-- ---------------------------------------------------------------------------------------------
create table private.calendar_feeds (
  id uuid primary key default gen_random_uuid(),
  label text not null check (char_length(btrim(label)) between 1 and 80),
  -- the address itself is the Vault secret 'calendar_feed:<id>'; this is its id there
  secret_id uuid not null,
  url_hint text not null,
  is_active boolean not null default true,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  -- since when it counts for the pause: added, or switched back on
  active_since timestamptz not null default now(),
  last_attempt_at timestamptz,
  last_synced_at timestamptz,
  last_error text check (char_length(last_error) <= 300),
  last_error_at timestamptz,
  busy_count integer not null default 0
);
create index calendar_feeds_created_by_idx on private.calendar_feeds (created_by);
comment on table private.calendar_feeds is
  'The consultant''s private ICS feeds: a label, a masked hint of the address (the address is in Vault), the last good sync and the last error.';

create table private.calendar_busy (
  id bigint generated always as identity primary key,
  feed_id uuid not null references private.calendar_feeds (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  check (ends_at > starts_at)
);
comment on table private.calendar_busy is
  'Busy times of the feeds over the booking window, as the last good sync of each feed found them. Only the database reads them.';
create index calendar_busy_starts_idx on private.calendar_busy (starts_at, ends_at);
create index calendar_busy_feed_idx on private.calendar_busy (feed_id);

create table private.calendar_sync_runs (
  token_hash bytea primary key,
  feed_id uuid not null references private.calendar_feeds (id) on delete cascade,
  created_at timestamptz not null default now(),
  claimed_at timestamptz
);
comment on table private.calendar_sync_runs is
  'One-time tokens with which the database calls the Edge Function calendar-sync, one per feed: the function may read that feed''s address once per token, within 10 minutes.';
create index calendar_sync_runs_feed_idx on private.calendar_sync_runs (feed_id);

create or replace function private.calendar_stale_after() returns interval
language sql immutable set search_path = ''
as $$ select interval '2 hours' $$;

create or replace function private.calendar_feed_limit() returns integer
language sql immutable set search_path = ''
as $$ select 10 $$;

create or replace function private.calendar_busy_limit() returns integer
language sql immutable set search_path = ''
as $$ select 5000 $$;

-- Paused when an active feed has had no good sync for longer than the limit.
create or replace function private.calendar_paused() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from private.calendar_feeds f
     where f.is_active and coalesce(f.last_synced_at, f.active_since) < now() - private.calendar_stale_after())
$$;

-- What the booking dialog asks before it offers times.
create or replace function public.booking_paused() returns boolean
language sql stable security definer set search_path = ''
as $$ select private.calendar_paused() $$;
comment on function public.booking_paused() is
  'True while new bookings wait for the consultant''s calendar: a feed has had no good sync for 2 hours. In the API because the booking dialog says so before it offers times; SECURITY DEFINER because the feeds are in the private schema, and only this yes or no leaves it.';

-- An address as the calendar tab shows it: the scheme and host, and the file's name when short.
create or replace function private.masked_feed_url(url text) returns text
language sql immutable set search_path = ''
as $$
  select m[1] || '/…' || case when coalesce(char_length(m[2]), 99) <= 16 and m[2] !~ '[0-9]{4}' then '/' || m[2] else '' end
    from (select regexp_match(url, '^([a-z]+://[^/?#]+)(?:.*/([^/?#]+))?') as m) t
$$;

-- The address an admin typed, as the sync will fetch it (webcal:// is https://), or an error.
create or replace function private.normalized_feed_url(url text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  clean text := btrim(coalesce(url, ''));
begin
  if clean ~* '^webcals?://' then
    clean := 'https://' || regexp_replace(clean, '^webcals?://', '', 'i');
  end if;
  if clean = '' or char_length(clean) > 2048 or clean ~ '\s' then
    raise exception 'Въведете адреса на календара във формат iCal (.ics).' using errcode = '22023', hint = 'calendar_feed_url';
  end if;
  -- plain http only to this machine: the local stand-in's fixtures (the sync refuses it unless it
  -- is told to allow the loopback address, which hosted never is)
  if clean !~* '^https://[^\s/?#@]+(/\S*)?$'
     and clean !~* '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]+)?(/\S*)?$' then
    raise exception 'Адресът на календара трябва да започва с https://.' using errcode = '22023', hint = 'calendar_feed_url';
  end if;
  return regexp_replace(clean, '^[A-Za-z]+', lower(substring(clean from '^[A-Za-z]+')));
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The admins' calls
-- ---------------------------------------------------------------------------------------------
create or replace function private.require_admin() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators manage the calendar feeds' using errcode = '42501';
  end if;
end
$$;

create or replace function public.calendar_feeds()
returns table (id uuid, label text, url_hint text, is_active boolean, created_at timestamptz,
               last_attempt_at timestamptz, last_synced_at timestamptz, last_error text, last_error_at timestamptz,
               busy_count integer, stale boolean)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select f.id, f.label, f.url_hint, f.is_active, f.created_at, f.last_attempt_at, f.last_synced_at,
           f.last_error, f.last_error_at, f.busy_count,
           f.is_active and coalesce(f.last_synced_at, f.active_since) < now() - private.calendar_stale_after()
      from private.calendar_feeds f
     order by f.created_at, f.id;
end
$$;

create or replace function public.add_calendar_feed(label text, url text) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  address text;
  name text := btrim(coalesce(label, ''));
  feed uuid := gen_random_uuid();
  vault_id uuid;
begin
  perform private.require_admin();
  if char_length(name) not between 1 and 80 then
    raise exception 'Дайте име на календара (до 80 знака).' using errcode = '22023', hint = 'calendar_feed_label';
  end if;
  address := private.normalized_feed_url(url);
  perform pg_advisory_xact_lock(hashtext('private.calendar:feeds'));
  if (select count(*) from private.calendar_feeds) >= private.calendar_feed_limit() then
    raise exception 'Може да добавите до % календара.', private.calendar_feed_limit() using errcode = 'P0001', hint = 'calendar_feed_limit';
  end if;
  if exists (select 1 from private.calendar_feeds f join vault.decrypted_secrets s on s.id = f.secret_id
              where s.decrypted_secret = address) then
    raise exception 'Този календар вече е добавен.' using errcode = 'P0001', hint = 'calendar_feed_duplicate';
  end if;
  vault_id := vault.create_secret(address, 'calendar_feed:' || feed,
    'The private ICS address of a calendar feed; only the calendar sync reads it.');
  insert into private.calendar_feeds (id, label, secret_id, url_hint, created_by)
  values (feed, name, vault_id, private.masked_feed_url(address), auth.uid());
  -- the first sync at once rather than in up to 10 minutes
  perform private.request_calendar_sync(feed);
  return feed;
end
$$;

create or replace function public.remove_calendar_feed(feed uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  vault_id uuid;
begin
  perform private.require_admin();
  delete from private.calendar_feeds f where f.id = feed returning f.secret_id into vault_id;
  if vault_id is not null then
    delete from vault.secrets s where s.id = vault_id;
  end if;
end
$$;

create or replace function public.set_calendar_feed_active(feed uuid, active boolean) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  if active is null then
    raise exception 'Say whether the feed is active' using errcode = '22023';
  end if;
  update private.calendar_feeds f set is_active = active where f.id = feed and f.is_active <> active;
  if not found then
    return;
  end if;
  if active then
    -- its staleness counts from now, and it syncs at once
    update private.calendar_feeds f set active_since = now() where f.id = feed;
    perform private.request_calendar_sync(feed);
  else
    -- switched off: its times are nobody's business any more, and its last sync is forgotten
    delete from private.calendar_busy b where b.feed_id = feed;
    update private.calendar_feeds f set busy_count = 0, last_synced_at = null where f.id = feed;
  end if;
end
$$;

-- 'Синхронизирай сега': at most one run a minute, whoever asks.
create or replace function public.sync_calendar_feeds() returns boolean
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  if exists (select 1 from private.calendar_sync_runs r where r.created_at > now() - interval '1 minute') then
    return false;
  end if;
  return private.request_calendar_sync();
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The sync: the database calls the Edge Function, which claims the run and reports back
-- ---------------------------------------------------------------------------------------------
-- One call of the function per feed, each with its own one-time run token: a feed that takes long
-- to fetch or expand spends its own request's time and CPU, never another's. `one_feed` limits it to
-- one feed (a feed just added or switched on).
create or replace function private.request_calendar_sync(one_feed uuid default null) returns boolean
language plpgsql security definer set search_path = ''
as $$
declare
  base text := (select s.functions_url from private.mail_settings s where s.id);
  target uuid;
  token text;
begin
  if not exists (select 1 from private.calendar_feeds f where f.is_active and (one_feed is null or f.id = one_feed)) then
    return false;
  end if;
  if base is null or to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    update private.calendar_feeds f
       set last_attempt_at = now(), last_error_at = now(),
           last_error = case when base is null
             then 'Синхронизацията не е настроена: липсва адресът на Edge Functions (functions_url в private.mail_settings).'
             else 'Синхронизацията не е настроена: базата няма разширението pg_net.' end
     where f.is_active and (one_feed is null or f.id = one_feed);
    return false;
  end if;
  delete from private.calendar_sync_runs r where r.created_at < now() - interval '1 day';
  for target in
    update private.calendar_feeds f set last_attempt_at = now()
     where f.is_active and (one_feed is null or f.id = one_feed)
    returning f.id
  loop
    token := private.random_token();
    insert into private.calendar_sync_runs (token_hash, feed_id) values (private.token_hash(token), target);
    perform net.http_post(
      url := base || '/calendar-sync',
      body := jsonb_build_object('run', token),
      headers := jsonb_build_object('Content-Type', 'application/json'),
      timeout_milliseconds := 60000);
  end loop;
  return true;
end
$$;

-- The function's first call: the run's token for the feeds' addresses and the window to expand.
create or replace function public.calendar_sync_claim(run text) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  horizon integer := coalesce((select s.booking_horizon_days from public.calendar_settings s limit 1), 60);
  run_feed uuid;
begin
  update private.calendar_sync_runs r set claimed_at = now()
   where r.token_hash = private.token_hash(coalesce(run, ''))
     and r.claimed_at is null and r.created_at > now() - interval '10 minutes'
  returning r.feed_id into run_feed;
  if not found then
    raise exception 'Unknown or used calendar sync run' using errcode = '42501', hint = 'calendar_sync_run_unknown';
  end if;
  return jsonb_build_object(
    'time_zone', private.calendar_zone(),
    'from', date_trunc('day', now()) - interval '1 day',
    'to', date_trunc('day', now()) + make_interval(days => horizon + 2),
    'max_blocks', private.calendar_busy_limit(),
    'feeds', coalesce((
      select jsonb_agg(jsonb_build_object('id', f.id, 'url', s.decrypted_secret) order by f.created_at)
        from private.calendar_feeds f join vault.decrypted_secrets s on s.id = f.secret_id
       where f.is_active and f.id = run_feed), '[]'::jsonb));
end
$$;

-- A feed read well: its blocks replace the ones before, all at once.
create or replace function public.calendar_sync_store(feed uuid, blocks jsonb) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  stored integer;
begin
  if jsonb_typeof(blocks) is distinct from 'array' or jsonb_array_length(blocks) > private.calendar_busy_limit() then
    raise exception 'Busy blocks must be an array of at most % objects', private.calendar_busy_limit() using errcode = '22023';
  end if;
  perform 1 from private.calendar_feeds f where f.id = feed for update;
  if not found then
    return null; -- removed while the sync ran
  end if;
  delete from private.calendar_busy b where b.feed_id = feed;
  insert into private.calendar_busy (feed_id, starts_at, ends_at)
  select feed, (x ->> 'start')::timestamptz, (x ->> 'end')::timestamptz
    from jsonb_array_elements(blocks) x;
  get diagnostics stored = row_count;
  update private.calendar_feeds f
     set last_synced_at = now(), last_error = null, last_error_at = null, busy_count = stored
   where f.id = feed;
  return stored;
end
$$;

-- A feed that could not be read: why, in Bulgarian; its last good blocks stay.
create or replace function public.calendar_sync_failed(feed uuid, message text) returns void
language sql security definer set search_path = ''
as $$
  update private.calendar_feeds f
     set last_error = left(coalesce(nullif(btrim(message), ''), 'Календарът не може да бъде прочетен.'), 300),
         last_error_at = now()
   where f.id = feed
$$;

-- ---------------------------------------------------------------------------------------------
-- Slots: busy blocks and other bookings, widened by the buffers
-- ---------------------------------------------------------------------------------------------
-- Whether a meeting starting at `start` would touch a busy block or another live booking (not
-- `booking` itself), each meeting with its buffers before and after.
create or replace function private.slot_conflicts(start timestamptz, booking uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  with s as (
    select make_interval(mins => coalesce(c.buffer_before_minutes, 0)) as before,
           make_interval(mins => coalesce(c.buffer_after_minutes, 0)) as after
      from (select 1) one left join lateral (select * from public.calendar_settings limit 1) c on true
  )
  select exists (
           select 1 from private.calendar_busy b join private.calendar_feeds f on f.id = b.feed_id and f.is_active, s
            where b.starts_at < start + private.meeting_length() + s.after
              and b.ends_at > start - s.before)
      or exists (
           select 1 from public.appointments a, s
            where a.status in ('pending', 'confirmed')
              and a.id is distinct from booking
              and a.preferred_date < start + private.meeting_length() + s.after + s.before
              and a.preferred_date + private.meeting_length() + s.after + s.before > start)
    from s
$$;

create or replace function public.taken_slots(range_start timestamptz, range_end timestamptz)
returns setof timestamptz
language sql stable security definer set search_path = ''
as $$
  with c as (
    select s.time_zone, s.working_hours, s.booking_horizon_days from public.calendar_settings s limit 1
  ), bounds as (
    select greatest(range_start, now()) as lo,
           least(range_end, now() + make_interval(days => coalesce((select c.booking_horizon_days from c), 60) + 1)) as hi
     where range_end - range_start <= interval '62 days'
  ), grid as (
    -- every start the calendar can offer in the range, on the consultant's clock
    select (d::date + make_interval(mins => m)) at time zone c.time_zone as slot
      from c, bounds,
           generate_series((bounds.lo at time zone c.time_zone)::date, (bounds.hi at time zone c.time_zone)::date, interval '1 day') d,
           generate_series(private.minutes_of(c.working_hours ->> 'start'), private.minutes_of(c.working_hours ->> 'end') - 1, 30) m
  )
  select slot from (
    select a.preferred_date as slot
      from public.appointments a, bounds
     where a.status in ('pending', 'confirmed')
       and a.preferred_date >= bounds.lo and a.preferred_date < bounds.hi
    union
    select g.slot from grid g, bounds
     where g.slot >= bounds.lo and g.slot < bounds.hi and private.slot_conflicts(g.slot, null)
  ) taken
  order by slot
$$;

-- Refuses a meeting at `start` that would touch a busy block or another booking (with the
-- buffers), with the answer of a slot booked twice, word for word: nothing about why it is taken.
-- One booking or move at a time is checked against the others: the lock is held until the
-- transaction ends.
create or replace function private.refuse_taken_slot(start timestamptz, booking uuid) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('private.calendar:slots'));
  if private.slot_conflicts(start, booking) then
    raise exception 'duplicate key value violates unique constraint "appointments_slot_taken_idx"'
      using errcode = '23505', detail = format('Key (preferred_date)=(%s) already exists.', start);
  end if;
end
$$;

-- The booking check: the calendar's own rules, then the pause, the visitor's limits, and last the
-- busy times and the other bookings.
create or replace function private.check_appointment() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  settings public.calendar_settings;
  local_time timestamp;
  minute_of_day integer;
  start_minute integer;
  end_minute integer;
  narrow text;
  wide text;
  network_count bigint := 0;
  proof text := new.proof;
begin
  new.proof := null;
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

  if private.calendar_paused() then
    raise exception 'Booking is paused until the consultant''s calendar is read again' using errcode = 'P0001', hint = 'booking_paused';
  end if;
  if tg_op <> 'INSERT' or not private.is_visitor() then
    -- a move (the limits counted the booking when it was made), or an admin's booking
    perform private.refuse_taken_slot(new.preferred_date, new.id);
    return new;
  end if;

  -- one booking at a time is counted and stored: the lock is held until this transaction ends
  perform pg_advisory_xact_lock(hashtext('private.intake:appointments'));
  select k.narrow, k.wide into narrow, wide from private.visitor_keys() k;
  if narrow is not null and (
      select count(*) from public.appointments a
        join private.intake_clients c on c.appointment_id = a.id
       where c.client = narrow and a.status = 'pending' and a.preferred_date > now())
     >= private.intake_limit('bookings_pending_per_client') then
    raise exception 'Too many pending bookings from this visitor' using errcode = 'P0001', hint = 'booking_limit_client';
  end if;
  if (select count(*) from public.appointments a
       where private.mailbox_key(a.client_email) = private.mailbox_key(new.client_email)
         and a.status = 'pending' and a.preferred_date > now())
     >= private.intake_limit('bookings_pending_per_email') then
    raise exception 'Too many pending bookings for this e-mail address' using errcode = 'P0001', hint = 'booking_limit_email';
  end if;
  if wide is not null then
    network_count := (select count(*) from public.appointments a
                        join private.intake_clients c on c.appointment_id = a.id
                       where c.network = wide and a.status = 'pending' and a.preferred_date > now());
    if network_count >= private.intake_limit('bookings_pending_per_network') then
      raise exception 'Too many pending bookings from this network' using errcode = 'P0001', hint = 'booking_limit_network';
    end if;
  end if;

  perform private.require_work('appointments', narrow, network_count, private.intake_limit('bookings_pending_per_network'), proof);
  -- last, as the unique index answered before: the limits and the proof come first
  perform private.refuse_taken_slot(new.preferred_date, new.id);
  insert into private.intake_clients (appointment_id, client, network) values (new.id, narrow, wide);
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Where to meet, in every place the booking is shown
-- ---------------------------------------------------------------------------------------------
create or replace function private.booking_view(a public.appointments) returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object(
    'status', a.status,
    'starts_at', a.preferred_date,
    'ends_at', a.preferred_date + private.meeting_length(),
    'client_name', a.client_name,
    'consultant_name', coalesce(s.consultant_name, 'Консултант'),
    'time_zone', coalesce(s.time_zone, 'Europe/Sofia'),
    'visitor_time_zone', a.visitor_time_zone,
    'meeting_url', case when a.status in ('pending', 'confirmed') then a.meeting_url end,
    'cutoff_hours', h.hours,
    'change_until', a.preferred_date - make_interval(hours => h.hours),
    'can_change', a.status in ('pending', 'confirmed') and now() < a.preferred_date - make_interval(hours => h.hours),
    'moves_left', greatest(0, private.intake_limit('moves_per_booking') - private.visitor_moves(a.id)))
  from (select private.cutoff_hours() as hours) h
  left join lateral (select * from public.calendar_settings limit 1) s on true
$$;

create or replace function private.google_calendar_link(a public.appointments, settings private.mail_settings) returns text
language sql stable set search_path = ''
as $$
  select 'https://calendar.google.com/calendar/render?action=TEMPLATE'
    || '&text=' || private.url_encode('Консултация със ' || settings.brand)
    || '&dates=' || private.ics_time(a.preferred_date) || '/' || private.ics_time(a.preferred_date + private.meeting_length())
    || coalesce('&location=' || private.url_encode(a.meeting_url), '')
    || '&details=' || private.url_encode('За преместване или отказ използвайте личната връзка от имейла.')
$$;

create or replace function private.booking_ics(a public.appointments, settings private.mail_settings) returns text
language sql stable security definer set search_path = ''
as $$
  select string_agg(private.ics_fold(line), E'\r\n' order by n) || E'\r\n'
  from unnest(array[
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//' || private.ics_text(settings.brand) || '//Booking//BG',
    'CALSCALE:GREGORIAN',
    'METHOD:' || case when a.status = 'cancelled' then 'CANCEL' else 'REQUEST' end,
    'BEGIN:VEVENT',
    'UID:booking-' || a.id || '@' || coalesce(substring(settings.site_url from '^https?://([^/:]+)'), 'localhost'),
    'SEQUENCE:' || a.sequence,
    'DTSTAMP:' || private.ics_time(now()),
    'DTSTART:' || private.ics_time(a.preferred_date),
    'DTEND:' || private.ics_time(a.preferred_date + private.meeting_length()),
    'SUMMARY:' || private.ics_text('Консултация със ' || settings.brand),
    'DESCRIPTION:' || private.ics_text(
      'Консултация с ' || coalesce((select s.consultant_name from public.calendar_settings s limit 1), settings.brand) || '.'
      || case when a.status = 'cancelled' then ''
              else coalesce(E'\nВръзка за срещата: ' || a.meeting_url, '')
                   || E'\nЗа преместване или отказ използвайте личната връзка от имейла, не тази покана.' end),
    'LOCATION:' || private.ics_text(coalesce(a.meeting_url, 'Онлайн')),
    'STATUS:' || case a.status when 'cancelled' then 'CANCELLED' when 'confirmed' then 'CONFIRMED' else 'TENTATIVE' end,
    'TRANSP:OPAQUE',
    'ORGANIZER;CN=' || private.ics_param(settings.brand) || ':mailto:' || private.mail_address(settings.sender),
    'ATTENDEE;' || coalesce('CN=' || private.ics_param(private.shown_name(a)) || ';', '')
      || 'ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:' || a.client_email,
    'END:VEVENT',
    'END:VCALENDAR'
  ]) with ordinality as t(line, n)
$$;

-- the e-mails about a booking: the same as before, and where to meet
create or replace function private.queue_booking_mail(a public.appointments, purpose text, actor text default 'system')
returns text
language plpgsql security definer set search_path = ''
as $$
declare
  settings private.mail_settings;
  zone text := private.calendar_zone();
  cutoff integer := private.cutoff_hours();
  consultant text := coalesce((select s.consultant_name from public.calendar_settings s limit 1), 'Консултант');
  greeting text := private.greeting(private.shown_name(a));
  token text;
  link text;
  when_text text := private.slot_for_team(a.preferred_date, zone);
  subject text;
  heading text;
  paragraphs text[];
  notes text[] := array[]::text[];
  facts text[][];
  actions text[][] := array[]::text[][];
  bodies jsonb;
  payload jsonb;
begin
  if not private.mail_ready() then
    return null;
  end if;
  select * into settings from private.mail_settings where id;
  if a.status <> 'cancelled' then
    token := private.mint_booking_link(a.id);
    link := settings.site_url || '/booking/' || token;
  end if;

  facts := array[array['Кога', when_text]];
  if a.visitor_time_zone is not null and a.visitor_time_zone <> zone then
    facts := facts || array['По вашето време', private.slot_for_team(a.preferred_date, a.visitor_time_zone)];
  end if;
  facts := facts || array['Продължителност', '30 минути'] || array['Консултант', consultant];
  if a.status in ('pending', 'confirmed') and a.meeting_url is not null then
    facts := facts || array['Връзка за срещата', a.meeting_url];
  end if;

  case purpose
    when 'booking_received' then
      subject := 'Получихме заявката ви за консултация: ' || when_text;
      heading := 'Получихме заявката ви за консултация';
      paragraphs := array[greeting,
        'Благодарим ви! Часът е запазен за вас. Консултантът ще потвърди срещата скоро и ще получите още един имейл.',
        'Ако не сте запазвали консултация при нас, не е нужно да правите нищо: часът ще бъде освободен.'];
    when 'booking_confirmed' then
      subject := 'Консултацията ви е потвърдена: ' || when_text;
      heading := 'Консултацията ви е потвърдена';
      paragraphs := array[greeting, 'Потвърждаваме срещата ви. Очакваме ви!'];
    when 'booking_moved' then
      subject := 'Консултацията ви е преместена: ' || when_text;
      heading := 'Консултацията ви е преместена';
      paragraphs := array[greeting,
        case when actor = 'visitor' then 'Преместихте консултацията си на нов час.' else 'Консултантът премести срещата ви на нов час.' end]
        || case when a.status = 'pending' then array['Консултантът ще потвърди новия час и ще получите още един имейл.'] else array[]::text[] end;
    when 'booking_cancelled' then
      subject := 'Консултацията ви е отменена: ' || when_text;
      heading := 'Консултацията ви е отменена';
      paragraphs := array[greeting,
        case when actor = 'visitor' then 'Отменихте консултацията си. Часът вече е свободен за други.'
             else 'За съжаление се налага да отменим консултацията ви. Извиняваме се за неудобството.' end,
        'Ако искате нов час, можете да запазите друг на сайта ни.'];
      actions := array[array['Запазете нов час', settings.site_url || '/']];
    when 'booking_reminder' then
      subject := 'Напомняне за консултацията ви: ' || when_text;
      heading := 'Напомняне: консултацията ви наближава';
      paragraphs := array[greeting, 'Напомняме ви за потвърдената ви консултация.'];
    else
      raise exception 'Unknown booking message %', purpose;
  end case;

  if link is not null then
    actions := array[array['Добавете в Google Календар', private.google_calendar_link(a, settings)],
                     array['Преместете или откажете консултацията', link]];
    notes := array[
      'Можете да преместите или откажете срещата до ' || cutoff || ' часа преди началото ѝ, '
      || 'по-късно — само по телефона или с отговор на този имейл. Връзката е лична: не я препращайте. '
      || 'Работи само връзката от най-новия ни имейл.'];
  end if;
  if purpose <> 'booking_reminder' and a.status <> 'cancelled' then
    notes := array['Поканата за календара ви е в прикачения файл invite.ics.'] || notes;
  end if;
  bodies := private.mail_bodies(heading, paragraphs, facts, actions, notes, E'Поздрави,\nекипът на ' || settings.brand);

  payload := jsonb_build_object(
    'from', settings.sender,
    'to', jsonb_build_array(a.client_email),
    'subject', subject,
    'html', bodies ->> 'html',
    'text', bodies ->> 'text');
  if settings.reply_to is not null then
    payload := payload || jsonb_build_object('reply_to', settings.reply_to);
  end if;
  if purpose <> 'booking_reminder' then
    payload := payload || jsonb_build_object('attachments', jsonb_build_array(jsonb_build_object(
      'filename', case when a.status = 'cancelled' then 'cancel.ics' else 'invite.ics' end,
      'content', translate(encode(convert_to(private.booking_ics(a, settings), 'UTF8'), 'base64'), E'\n', ''),
      'content_type', 'text/calendar; charset=utf-8; method=' || case when a.status = 'cancelled' then 'CANCEL' else 'REQUEST' end)));
  end if;

  perform private.enqueue_mail(a.id, null, purpose, a.preferred_date, a.client_email, subject, payload,
    case when actor in ('visitor', 'admin') then actor else 'system' end);
  return token;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Rights and the schedule
-- ---------------------------------------------------------------------------------------------
revoke all on function private.new_meeting_url(), private.set_meeting_url(), private.calendar_paused(),
  private.masked_feed_url(text), private.normalized_feed_url(text), private.require_admin(),
  private.request_calendar_sync(uuid), private.slot_conflicts(timestamptz, uuid), private.refuse_taken_slot(timestamptz, uuid),
  private.calendar_stale_after(), private.calendar_feed_limit(), private.calendar_busy_limit()
  from public, anon, authenticated;
revoke all on function public.booking_paused(), public.calendar_feeds(), public.add_calendar_feed(text, text),
  public.remove_calendar_feed(uuid), public.set_calendar_feed_active(uuid, boolean), public.sync_calendar_feeds(),
  public.calendar_sync_claim(text), public.calendar_sync_store(uuid, jsonb), public.calendar_sync_failed(uuid, text)
  from public, anon, authenticated;
grant execute on function public.booking_paused() to anon, authenticated;
grant execute on function public.calendar_feeds(), public.add_calendar_feed(text, text), public.remove_calendar_feed(uuid),
  public.set_calendar_feed_active(uuid, boolean), public.sync_calendar_feeds() to authenticated;
grant execute on function public.calendar_sync_claim(text), public.calendar_sync_store(uuid, jsonb),
  public.calendar_sync_failed(uuid, text) to service_role;

comment on function public.calendar_feeds() is
  'The calendar feeds with a masked address, the last good sync and the last error. In the API because the calendar tab lists them; SECURITY DEFINER because the feeds are in the private schema (admins only, checked inside).';
comment on function public.add_calendar_feed(text, text) is
  'Adds a private ICS feed, its address into Vault, and asks for a first sync. In the API because the calendar tab adds feeds; SECURITY DEFINER because it writes Vault and the private schema (admins only, checked inside).';
comment on function public.remove_calendar_feed(uuid) is
  'Removes a feed, its busy times and its Vault secret. In the API because the calendar tab removes feeds; SECURITY DEFINER because it writes Vault and the private schema (admins only, checked inside).';
comment on function public.set_calendar_feed_active(uuid, boolean) is
  'Switches a feed off (its busy times go) or on (it syncs at once). In the API because the calendar tab switches feeds; SECURITY DEFINER because the feeds are in the private schema (admins only, checked inside).';
comment on function public.sync_calendar_feeds() is
  'Asks for a sync now, at most once a minute. In the API because of the calendar tab''s button; SECURITY DEFINER because it mints the run''s token and calls pg_net (admins only, checked inside).';

do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('calendar-sync', '*/10 * * * *', 'select private.request_calendar_sync()');
  else
    raise warning 'pg_cron is not available: the calendar feeds are read only when an admin asks (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
