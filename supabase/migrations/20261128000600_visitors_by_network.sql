-- One network is one visitor, a ceiling that asks for work instead of refusing, and e-mail
-- addresses counted as the mailboxes they reach.
--
-- Before this, a visitor was one whole client address. An IPv6 home connection has a /64 of its
-- own (billions of addresses), so rotating inside it made every request a new visitor, and the
-- site-wide ceiling, reached by such a bot, refused everyone. Limits compared lower(email), so
-- `victim+1@…`, `victim+2@…` and Gmail's dotted spellings were unlimited. Now:
--
--   * A visitor is its network as the gateway reports it (`cf-connecting-ip`, see
--     private.client_address): an IPv4 address, or the /64 of an IPv6 one. A wider tier, the IPv4
--     /24 or IPv6 /48 around it (an office, a provider's block), has a limit of its own, higher.
--     Only keyed hashes of the networks are stored (private.intake_clients), never an address.
--   * A proof of work near a ceiling. When the inquiries or bookings of the last minute reach
--     half the site-wide ceiling, when a visitor's wide tier nears its limit, or when the request
--     came without a client address at all, the database asks for a proof of work (hint
--     intake_proof_required) instead of refusing. The form then solves a challenge on the ALTCHA
--     protocol (public.intake_challenge: a SHA-256 preimage search, signed with a key only the
--     database holds, in Vault) without showing anything, and sends again with the proof in the
--     write-only column `proof`. The database checks the signature, the expiry, the difficulty and
--     that the challenge was never used before. Past the ceiling the work gets harder, but a person
--     with a browser always gets through: a bot pool that fills the ceiling from many networks
--     locks nobody out. Under the thresholds nothing changes for anyone.
--   * E-mail addresses are counted by mailbox (private.mailbox_key): lower case, without a
--     `+tag`, Gmail's dots and googlemail.com folded.
--   * Admins are not visitors: the panel's own inquiries and bookings skip every intake limit.
--   * Names, companies and messages are cleaned of control characters on the way in (a bare CR
--     in a name once reached the invitation's ATTENDEE line).

-- Vault comes with hosted Supabase (a plain PostgreSQL, and the local stand-in, bring the same
-- interface instead: supabase/local/platform-vault.sql)
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'supabase_vault') then
    create extension if not exists supabase_vault;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Secrets, by name, in Vault
-- ---------------------------------------------------------------------------------------------
create or replace function private.vault_secret(secret_name text) returns text
language sql stable security definer set search_path = ''
as $$ select s.decrypted_secret from vault.decrypted_secrets s where s.name = secret_name order by s.created_at desc limit 1 $$;

-- Creates or replaces a named secret (null deletes it). For migrations, the SQL editor and the
-- local stand-in; nobody else may call it.
create or replace function private.set_vault_secret(secret_name text, secret_value text, secret_description text default '')
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  existing uuid := (select s.id from vault.secrets s where s.name = secret_name order by s.created_at desc limit 1);
begin
  if secret_value is null then
    delete from vault.secrets where name = secret_name;
  elsif existing is null then
    perform vault.create_secret(secret_value, secret_name, coalesce(secret_description, ''));
  else
    perform vault.update_secret(existing, secret_value);
  end if;
end
$$;

-- the key that signs the proof-of-work challenges: made here, read only by the functions below
do $$
begin
  if private.vault_secret('intake_challenge_key') is null then
    perform private.set_vault_secret('intake_challenge_key', encode(extensions.gen_random_bytes(32), 'hex'),
      'Signs the public forms'' proof-of-work challenges (ALTCHA). Only the database reads it.');
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Limits
-- ---------------------------------------------------------------------------------------------
insert into private.intake_limits (name, value, description) values
  ('inquiries_per_network_per_10_minutes', 10, 'inquiries one network (IPv4 /24, IPv6 /48) may send in 10 minutes; half of it asks for a proof of work'),
  ('bookings_pending_per_network', 6, 'future pending bookings one network (IPv4 /24, IPv6 /48) may hold; half of it asks for a proof of work'),
  ('proof_base_difficulty', 25000, 'the proof of work''s search space at the first level (each level above it is four times larger)')
on conflict (name) do update set value = excluded.value, description = excluded.description;
update private.intake_limits
   set description = 'inquiries one visitor (an IPv4 address, an IPv6 /64) may send in 10 minutes'
 where name = 'inquiries_per_client_per_10_minutes';
update private.intake_limits
   set description = 'future pending bookings one visitor (an IPv4 address, an IPv6 /64) may hold'
 where name = 'bookings_pending_per_client';
update private.intake_limits
   set description = 'new inquiries a minute, all visitors together: from half of it every form proves work, harder past it'
 where name = 'inquiries_per_minute';
update private.intake_limits
   set description = 'new bookings a minute, all visitors together: from half of it every form proves work, harder past it'
 where name = 'bookings_per_minute';
update private.intake_limits
   set description = 'inquiries from one mailbox (+tags and Gmail''s dots folded) in an hour'
 where name = 'inquiries_per_email_per_hour';
update private.intake_limits
   set description = 'future pending bookings one mailbox (+tags and Gmail''s dots folded) may hold'
 where name = 'bookings_pending_per_email';

-- ---------------------------------------------------------------------------------------------
-- Who the visitor is: a network
-- ---------------------------------------------------------------------------------------------
-- The client address the gateway vouches for: `cf-connecting-ip`, which hosted Supabase's
-- Cloudflare sets to the address the request came from (overwriting what a client sends), and
-- PostgREST hands to SQL with the other headers. Null when the header is missing or is not an
-- address: then the request has no visitor, and every form it sends must prove work.
create or replace function private.client_address() returns inet
language plpgsql stable set search_path = ''
as $$
declare
  raw text := btrim(coalesce(nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip', ''));
  address inet;
begin
  if raw = '' then
    return null;
  end if;
  begin
    address := raw::inet;
  exception when others then
    return null;
  end;
  -- an IPv4 visitor seen through IPv6 (::ffff:a.b.c.d) is that IPv4 visitor
  if family(address) = 6 and address << '::ffff:0.0.0.0/96'::inet then
    address := regexp_replace(host(address), '^::ffff:', '', 'i')::inet;
  end if;
  return host(address)::inet;
end
$$;

-- The network a limit counts: narrow, one IPv4 address or one IPv6 /64; wide, the IPv4 /24 or
-- IPv6 /48 around it.
create or replace function private.network_of(address inet, wide boolean) returns cidr
language sql immutable set search_path = ''
as $$
  select network(set_masklen(address,
    case when family(address) = 4 then case when wide then 24 else 32 end
         else case when wide then 48 else 64 end end))::cidr
$$;

-- The keyed hash a network is stored as: who holds the database cannot read addresses back
-- without the salt, and the salt never leaves it.
create or replace function private.client_key(wide boolean default false) returns text
language sql stable security definer set search_path = ''
as $$
  select case when a is null then null else encode(
    extensions.digest(
      case when wide then 'wide:' else 'narrow:' end || private.network_of(a, wide)::text
        || ':' || (select salt from private.client_key_salt),
      'sha256'),
    'hex') end
  from (select private.client_address() as a) x
$$;

alter table private.intake_clients
  alter column client drop not null,
  add column network text;
comment on column private.intake_clients.client is 'Keyed hash of the sender''s narrow network (an IPv4 address, an IPv6 /64); null when the request carried no client address.';
comment on column private.intake_clients.network is 'Keyed hash of the sender''s wide network (an IPv4 /24, an IPv6 /48); null when the request carried no client address.';
create index intake_clients_network_idx on private.intake_clients (network, created_at) where network is not null;

-- Whether the gateway's client address arrives: the time of the last form with and without it
-- (npm run check:hosted reads this; a project where it never arrives has no visitors, only work).
create table private.gateway_seen (
  header text primary key,
  last_with timestamptz,
  last_without timestamptz
);
revoke all on private.gateway_seen from public, anon, authenticated;

create or replace function private.note_gateway(address inet) returns void
language sql security definer set search_path = ''
as $$
  insert into private.gateway_seen as g (header, last_with, last_without)
  values ('cf-connecting-ip', case when address is not null then now() end, case when address is null then now() end)
  on conflict (header) do update
     set last_with = coalesce(excluded.last_with, g.last_with),
         last_without = coalesce(excluded.last_without, g.last_without)
$$;

-- ---------------------------------------------------------------------------------------------
-- Mailboxes, not spellings
-- ---------------------------------------------------------------------------------------------
-- The mailbox an address reaches: lower case, without a +tag, and for Gmail without dots and with
-- googlemail.com as gmail.com. `Victim+1@Gmail.com` and `v.i.c.t.i.m@googlemail.com` are one.
create or replace function private.mailbox_key(address text) returns text
language sql immutable set search_path = ''
as $$
  select case
    when address is null or btrim(address) = '' then ''
    when position('@' in address) = 0 then lower(btrim(address))
    else (
      select case when d in ('gmail.com', 'googlemail.com') then replace(l, '.', '') || '@gmail.com' else l || '@' || d end
        from (select split_part(regexp_replace(lower(btrim(address)), '@[^@]*$', ''), '+', 1) as l,
                     substring(lower(btrim(address)) from '@([^@]*)$') as d) parts)
  end
$$;

create index contact_submissions_mailbox_idx on public.contact_submissions (private.mailbox_key(email), created_at);
create index appointments_mailbox_idx on public.appointments (private.mailbox_key(client_email), status, preferred_date);
drop index if exists public.contact_submissions_email_created_idx;
drop index if exists public.appointments_email_status_idx;

-- ---------------------------------------------------------------------------------------------
-- What visitors type, without control characters
-- ---------------------------------------------------------------------------------------------
-- One line: control characters (C0, DEL, C1), line and paragraph separators, zero-width and
-- direction-changing characters become spaces; runs of space become one; trimmed.
create or replace function private.plain_line(value text) returns text
language sql immutable set search_path = ''
as $$
  select btrim(regexp_replace(
    regexp_replace(coalesce(value, ''), '[[:cntrl:]\u0080-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]', ' ', 'g'),
    '\s+', ' ', 'g'))
$$;

-- Several lines: as plain_line, but line breaks (CR LF, CR, LF) stay as LF and tabs as tabs.
create or replace function private.plain_lines(value text) returns text
language sql immutable set search_path = ''
as $$
  select btrim(regexp_replace(
    replace(replace(coalesce(value, ''), E'\r\n', E'\n'), E'\r', E'\n'),
    '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f\u0080-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]', ' ', 'g'))
$$;

create or replace function private.clean_visitor_text() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'contact_submissions' then
    new.name := private.plain_line(new.name);
    new.company := private.plain_line(new.company);
    new.message := private.plain_lines(new.message);
  else
    new.client_name := private.plain_line(new.client_name);
    new.company_name := private.plain_line(new.company_name);
    new.message := private.plain_lines(new.message);
  end if;
  return new;
end
$$;
create trigger b_contact_submissions_clean before insert or update of name, company, message on public.contact_submissions
  for each row execute function private.clean_visitor_text();
create trigger b_appointments_clean before insert or update of client_name, company_name, message on public.appointments
  for each row execute function private.clean_visitor_text();

-- ---------------------------------------------------------------------------------------------
-- The proof of work (ALTCHA's challenge protocol, hash form)
-- ---------------------------------------------------------------------------------------------
-- A challenge is a salt, the SHA-256 (hex) of salt || n for a secret random n below a maximum,
-- and an HMAC-SHA256 of that hash under the database's key. The salt carries its expiry and
-- difficulty level as query parameters (`<hex>?expires=<unix>&level=<n>`), so both are covered
-- by the hash and the signature. The browser finds n by trying 0, 1, 2, … and sends back, base64
-- encoded, {algorithm, challenge, number, salt, signature}.
alter table public.contact_submissions add column proof text;
alter table public.appointments add column proof text;
alter table public.contact_submissions add constraint contact_submissions_proof_empty check (proof is null);
alter table public.appointments add constraint appointments_proof_empty check (proof is null);
grant insert (proof) on public.contact_submissions to anon, authenticated;
grant insert (proof) on public.appointments to anon, authenticated;
comment on column public.contact_submissions.proof is 'Write-only: the form''s proof of work (ALTCHA payload), when the database asked for one. Never stored.';
comment on column public.appointments.proof is 'Write-only: the form''s proof of work (ALTCHA payload), when the database asked for one. Never stored.';

-- a solved challenge is spent: kept until it would have expired anyway (the nightly
-- private.prune_intake_clients forgets it then; the next migration adds that)
create table private.spent_challenges (
  challenge text primary key,
  expires_at timestamptz not null
);
create index spent_challenges_expires_idx on private.spent_challenges (expires_at);
revoke all on private.spent_challenges from public, anon, authenticated;

-- How hard a form must work right now: 0 none; 1 from half the site-wide ceiling of the last
-- minute; 2 past the ceiling, 3 past twice it, 4 past four times it.
create or replace function private.ceiling_level(recent bigint, ceiling integer) returns integer
language sql immutable set search_path = ''
as $$
  select case
    when ceiling <= 0 then 4
    when recent * 2 < ceiling then 0
    when recent < ceiling then 1
    when recent < 2 * ceiling then 2
    when recent < 4 * ceiling then 3
    else 4 end
$$;

create or replace function private.site_pressure(form text) returns integer
language sql stable security definer set search_path = ''
as $$
  select case form
    when 'appointments' then private.ceiling_level(
      (select count(*) from public.appointments a where a.created_at > now() - interval '1 minute'),
      private.intake_limit('bookings_per_minute'))
    else private.ceiling_level(
      (select count(*) from public.contact_submissions c where c.created_at > now() - interval '1 minute'),
      private.intake_limit('inquiries_per_minute'))
  end
$$;

-- A challenge for the caller's next form, at the level the busier form needs now (at least 1).
create or replace function public.intake_challenge() returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  level integer := greatest(1, private.site_pressure('contact_submissions'), private.site_pressure('appointments'));
  maximum integer := private.intake_limit('proof_base_difficulty') * (4 ^ (level - 1))::integer;
  secret_number integer;
  salt text;
  challenge text;
begin
  -- uniform in [0, maximum): 32 random bits, reduced (maximum is far below 2^32)
  secret_number := (('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % maximum)::integer;
  salt := encode(extensions.gen_random_bytes(12), 'hex')
    || '?expires=' || extract(epoch from now() + interval '10 minutes')::bigint || '&level=' || level;
  challenge := encode(extensions.digest(salt || secret_number::text, 'sha256'), 'hex');
  return jsonb_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', maximum,
    'salt', salt,
    'signature', encode(extensions.hmac(challenge, private.vault_secret('intake_challenge_key'), 'sha256'), 'hex'));
end
$$;
comment on function public.intake_challenge() is
  'A proof-of-work challenge (ALTCHA protocol) for the public forms, asked for when an insert answers intake_proof_required. '
  'In the API because visitors must fetch it; SECURITY DEFINER because it signs with the key in Vault, which only the database reads. '
  'It returns a random challenge and reads nothing else.';
revoke all on function public.intake_challenge() from public, anon, authenticated;
grant execute on function public.intake_challenge() to anon, authenticated, service_role;

-- Whether `proof` solves a challenge of ours of at least `level`, unexpired and unspent; spends it.
-- Refuses with intake_proof_required (the form asks for a new challenge and tries again).
create or replace function private.spend_proof(proof text, level integer) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  payload jsonb;
  salt text;
  expires bigint;
  proof_level integer;
  why text;
begin
  if coalesce(proof, '') = '' then
    why := 'no proof';
  else
    begin
      payload := convert_from(decode(proof, 'base64'), 'UTF8')::jsonb;
    exception when others then
      payload := null;
    end;
    salt := payload ->> 'salt';
    if payload is null or jsonb_typeof(payload) <> 'object'
       or payload ->> 'algorithm' is distinct from 'SHA-256'
       or coalesce(payload ->> 'challenge', '') !~ '^[0-9a-f]{64}$'
       or coalesce(payload ->> 'signature', '') !~ '^[0-9a-f]{64}$'
       or coalesce(payload ->> 'number', '') !~ '^[0-9]{1,10}$'
       or coalesce(salt, '') !~ '^[0-9a-f]{24}\?expires=[0-9]{1,12}&level=[1-9]$' then
      why := 'not a proof of ours';
    else
      expires := substring(salt from 'expires=([0-9]+)')::bigint;
      proof_level := substring(salt from 'level=([0-9])')::integer;
      if encode(extensions.hmac(payload ->> 'challenge', private.vault_secret('intake_challenge_key'), 'sha256'), 'hex') <> payload ->> 'signature' then
        why := 'bad signature';
      elsif encode(extensions.digest(salt || (payload ->> 'number'), 'sha256'), 'hex') <> payload ->> 'challenge' then
        why := 'not solved';
      elsif expires <= extract(epoch from now()) then
        why := 'expired';
      elsif proof_level < level then
        why := 'too easy for now';
      else
        insert into private.spent_challenges (challenge, expires_at)
        values (payload ->> 'challenge', to_timestamp(expires))
        on conflict do nothing;
        if found then
          return;
        end if;
        why := 'already used';
      end if;
    end if;
  end if;
  raise exception 'A proof of work is needed (%)', why
    using errcode = 'P0001', hint = 'intake_proof_required', detail = 'level ' || level;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Who is limited: visitors, not admins
-- ---------------------------------------------------------------------------------------------
-- True for a request through the API as a visitor (anon, or an account that is not an admin).
create or replace function private.is_visitor() returns boolean
language sql stable security definer set search_path = ''
as $$ select private.is_api_caller() and not coalesce(public.is_admin(), false) $$;

-- The caller's keys (narrow, wide: both null without a client address), noting whether the
-- gateway's address arrived.
create or replace function private.visitor_keys(out narrow text, out wide text)
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.note_gateway(private.client_address());
  narrow := private.client_key(false);
  wide := private.client_key(true);
end
$$;

-- Asks a visitor's form for work when it must prove some (the site's pressure on `form`; at least
-- the first level without a client address, or with the visitor's network at half its limit),
-- and spends the proof it brought.
create or replace function private.require_work(form text, narrow text, network_count bigint, network_limit integer, proof text)
returns void
language plpgsql security definer set search_path = ''
as $$
declare
  level integer := private.site_pressure(form);
begin
  if narrow is null or network_count * 2 >= network_limit then
    level := greatest(level, 1);
  end if;
  if level > 0 then
    perform private.spend_proof(proof, level);
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Appointments: the slot rules, then the limits under one lock
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

  if tg_op <> 'INSERT' or not private.is_visitor() then
    return new; -- a move (the limits counted the booking when it was made), or an admin's booking
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
  insert into private.intake_clients (appointment_id, client, network) values (new.id, narrow, wide);
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Inquiries: the limits under one lock
-- ---------------------------------------------------------------------------------------------
create or replace function private.check_inquiry() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  narrow text;
  wide text;
  network_count bigint := 0;
  proof text := new.proof;
begin
  new.proof := null;
  if not private.is_visitor() then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtext('private.intake:contact_submissions'));
  select k.narrow, k.wide into narrow, wide from private.visitor_keys() k;
  if narrow is not null and (
      select count(*) from private.intake_clients c
       where c.client = narrow and c.inquiry_id is not null and c.created_at > now() - interval '10 minutes')
     >= private.intake_limit('inquiries_per_client_per_10_minutes') then
    raise exception 'Too many inquiries from this visitor' using errcode = 'P0001', hint = 'inquiry_limit_client';
  end if;
  if new.email <> '' and (
      select count(*) from public.contact_submissions c
       where private.mailbox_key(c.email) = private.mailbox_key(new.email) and c.created_at > now() - interval '1 hour')
     >= private.intake_limit('inquiries_per_email_per_hour') then
    raise exception 'Too many inquiries from this e-mail address' using errcode = 'P0001', hint = 'inquiry_limit_email';
  end if;
  if wide is not null then
    network_count := (select count(*) from private.intake_clients c
                       where c.network = wide and c.inquiry_id is not null and c.created_at > now() - interval '10 minutes');
    if network_count >= private.intake_limit('inquiries_per_network_per_10_minutes') then
      raise exception 'Too many inquiries from this network' using errcode = 'P0001', hint = 'inquiry_limit_network';
    end if;
  end if;

  perform private.require_work('contact_submissions', narrow, network_count, private.intake_limit('inquiries_per_network_per_10_minutes'), proof);
  insert into private.intake_clients (inquiry_id, client, network) values (new.id, narrow, wide);
  return new;
end
$$;

-- functions of the private schema are for triggers, jobs and the functions above
revoke all on all functions in schema private from public, anon, authenticated;
-- but the mailbox of an address is computed by the indexes above on every insert, as the caller:
-- a pure function of its argument that reads nothing
grant execute on function private.mailbox_key(text) to anon, authenticated, service_role;
