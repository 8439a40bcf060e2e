-- The newsletter's proof of work at its own level, proofs bound to the form and visitor they were
-- issued for, network limits that ask for work instead of refusing, and the sign-up's smaller holes.
--
-- An independent review (issue 46) found, each demonstrated:
--
--   * Bots closed the newsletter to people. public.intake_challenge() issued its challenge at the
--     level the inquiries or bookings needed and ignored the newsletter's own load: near its ceiling
--     the sign-up asked for more than any challenge carried, so every person was refused. Now a
--     challenge is asked for a form (intake_challenge(form): 'inquiry', 'booking' or 'newsletter')
--     and issued at the level that form demands of that visitor now (the site's load on the form,
--     the visitor's network, a missing client address: private.work_level). A level that rose while
--     the browser worked is forgiven by one step for a challenge issued in the last minute
--     (proof_grace_seconds), and the browser asks for a new challenge when it is refused anyway; the
--     levels end at 4, so a person always gets through.
--   * A proof could be spent by another visitor, and on another form. Now the challenge's salt names
--     its form and its signature covers the form and the visitor's network key (the keyed hash of
--     the IPv4 address or IPv6 /64, never the address; nothing about the visitor is stored or sent).
--   * The wider network tiers (IPv4 /24, IPv6 /48) refused outright: one neighbour locked an office
--     out of the inquiries for ten minutes, of the newsletter likewise, and of bookings for as long
--     as the pending bookings held (up to 60 days). Now past the tier's limit the form asks for work,
--     harder as the network's count grows (as the site-wide ceiling does: the limit is the ceiling);
--     the narrow limits (an IPv4 address, an IPv6 /64) still refuse.
--   * A used confirmation link confirmed again after an unsubscribe and a new sign-up. Now a link
--     confirms once, and an unsubscribe retires every link of the address (newsletter_links.retired_at).
--   * A new sign-up of an unsubscribed address erased the record that it had unsubscribed. Now the
--     subscriber keeps when and how it last unsubscribed, and each consent records its own
--     withdrawal (newsletter_consents.withdrawn_at, withdrawn_via); consents are append-only.
--   * A confirmed newsletter address counted as a proven mailbox for the forms' typed text (the name
--     a stranger typed was then shown in mail to it). Only the forms' own links prove a mailbox now;
--     the newsletter's proofs are dropped.
--   * A sign-up answered about 4 ms faster for a confirmed address. Every answer now does the same
--     work: what a state must not get (a consent, a confirmation e-mail) is done and rolled back.

-- ---------------------------------------------------------------------------------------------
-- Limits
-- ---------------------------------------------------------------------------------------------
insert into private.intake_limits (name, value, description) values
  ('proof_grace_seconds', 60, 'a proof of work issued this many seconds ago or less is accepted one level below what is needed now (the level rose while the browser worked)')
on conflict (name) do update set value = excluded.value, description = excluded.description;
update private.intake_limits
   set description = 'inquiries one network (IPv4 /24, IPv6 /48) may send in 10 minutes without harder work: from half of it a proof of work, past it harder, as past the site-wide ceiling'
 where name = 'inquiries_per_network_per_10_minutes';
update private.intake_limits
   set description = 'future pending bookings one network (IPv4 /24, IPv6 /48) may hold without harder work: from half of it a proof of work, past it harder, as past the site-wide ceiling'
 where name = 'bookings_pending_per_network';
update private.intake_limits
   set description = 'newsletter sign-ups one network (IPv4 /24, IPv6 /48) may make in 10 minutes without harder work: from half of it a proof of work, past it harder, as past the site-wide ceiling'
 where name = 'newsletter_per_network_per_10_minutes';

-- ---------------------------------------------------------------------------------------------
-- How much work a form must prove, for whom
-- ---------------------------------------------------------------------------------------------
-- The form a name means: 'inquiry', 'booking' or 'newsletter' (the tables' names are taken too);
-- null for anything else.
create or replace function private.intake_form(form text) returns text
language sql immutable set search_path = ''
as $$
  select case form
    when 'inquiry' then 'inquiry' when 'contact_submissions' then 'inquiry'
    when 'booking' then 'booking' when 'appointments' then 'booking'
    when 'newsletter' then 'newsletter'
  end
$$;

-- The site's load on a form: 0 under half its ceiling of the last minute, 1 from half, 2 past it,
-- 3 past twice it, 4 past four times it (private.ceiling_level).
create or replace function private.site_pressure(form text) returns integer
language sql stable security definer set search_path = ''
as $$
  select case private.intake_form(form)
    when 'booking' then private.ceiling_level(
      (select count(*) from public.appointments a where a.created_at > now() - interval '1 minute'),
      private.intake_limit('bookings_per_minute'))
    when 'newsletter' then private.ceiling_level(
      (select count(*) from private.newsletter_intake n where n.created_at > now() - interval '1 minute'),
      private.intake_limit('newsletter_per_minute'))
    when 'inquiry' then private.ceiling_level(
      (select count(*) from public.contact_submissions c where c.created_at > now() - interval '1 minute'),
      private.intake_limit('inquiries_per_minute'))
  end
$$;

-- What a wide network (the keyed hash of an IPv4 /24 or IPv6 /48) holds of a form now: inquiries
-- and sign-ups of the last 10 minutes, future pending bookings.
create or replace function private.network_load(form text, wide text) returns bigint
language sql stable security definer set search_path = ''
as $$
  select case private.intake_form(form)
    when 'booking' then (
      select count(*) from public.appointments a join private.intake_clients c on c.appointment_id = a.id
       where c.network = wide and a.status = 'pending' and a.preferred_date > now())
    when 'newsletter' then (
      select count(*) from private.newsletter_intake n where n.network = wide and n.created_at > now() - interval '10 minutes')
    when 'inquiry' then (
      select count(*) from private.intake_clients c
       where c.network = wide and c.inquiry_id is not null and c.created_at > now() - interval '10 minutes')
  end
$$;

create or replace function private.network_limit(form text) returns integer
language sql stable security definer set search_path = ''
as $$
  select private.intake_limit(case private.intake_form(form)
    when 'booking' then 'bookings_pending_per_network'
    when 'newsletter' then 'newsletter_per_network_per_10_minutes'
    else 'inquiries_per_network_per_10_minutes' end)
$$;

-- How hard a visitor's next form must work (0: not at all): the site's load on the form; at least
-- the first level without a client address; and the visitor's wide network measured against its
-- limit as the site against its ceiling (from half of it 1, past it 2, past twice it 3, past four
-- times it 4). The levels end at 4, so a person always gets through.
create or replace function private.work_level(form text, narrow text, wide text) returns integer
language sql stable security definer set search_path = ''
as $$
  select greatest(
    private.site_pressure(form),
    case when narrow is null then 1 else 0 end,
    case when wide is null then 0 else private.ceiling_level(private.network_load(form, wide), private.network_limit(form)) end)
$$;

-- ---------------------------------------------------------------------------------------------
-- The challenge, for one form and one visitor
-- ---------------------------------------------------------------------------------------------
-- The signature of a challenge: an HMAC-SHA256, under the database's key, of the challenge, its
-- form and the visitor's narrow network key (the keyed hash; '-' without a client address). Only
-- the same form from the same visitor can spend it; the key never leaves the database.
create or replace function private.challenge_signature(challenge text, form text, narrow text) returns text
language sql stable security definer set search_path = ''
as $$
  select encode(extensions.hmac(
    'intake-proof:' || private.intake_form(form) || ':' || coalesce(narrow, '-') || ':' || challenge,
    private.vault_secret('intake_challenge_key'), 'sha256'), 'hex')
$$;

-- The old challenge, for every form alike at the busier form's level, goes.
drop function if exists public.intake_challenge();

-- A challenge for the caller's next `form` ('inquiry', 'booking', 'newsletter'), at the level
-- that form demands of this visitor now (at least 1). ALTCHA's hash form: find n with
-- SHA-256(salt || n) = challenge; the salt carries the expiry (10 minutes), the level and the form
-- (`<hex>?expires=<unix>&level=<n>&form=<form>`), so the hash covers them, and the signature covers
-- the visitor too.
create or replace function public.intake_challenge(form text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  kind text := case when form in ('inquiry', 'booking', 'newsletter') then form end;
  narrow text;
  level integer;
  maximum integer;
  secret_number integer;
  salt text;
  challenge text;
begin
  if kind is null then
    raise exception 'Unknown form: ask for inquiry, booking or newsletter' using errcode = '22023', hint = 'intake_form_unknown';
  end if;
  narrow := private.client_key(false);
  level := least(4, greatest(1, private.work_level(kind, narrow, private.client_key(true))));
  maximum := private.intake_limit('proof_base_difficulty') * (4 ^ (level - 1))::integer;
  -- uniform in [0, maximum): 32 random bits, reduced (maximum is far below 2^32)
  secret_number := (('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint % maximum)::integer;
  salt := encode(extensions.gen_random_bytes(12), 'hex')
    -- whole seconds, rounded down: the issue time (expires - 10 minutes) is never later than now
    || '?expires=' || floor(extract(epoch from now() + interval '10 minutes'))::bigint || '&level=' || level || '&form=' || kind;
  challenge := encode(extensions.digest(salt || secret_number::text, 'sha256'), 'hex');
  return jsonb_build_object(
    'algorithm', 'SHA-256',
    'challenge', challenge,
    'maxnumber', maximum,
    'salt', salt,
    'signature', private.challenge_signature(challenge, kind, narrow));
end
$$;
comment on function public.intake_challenge(text) is
  'A proof-of-work challenge (ALTCHA protocol) for one public form, asked for when it answered intake_proof_required. '
  'In the API because visitors must fetch it; SECURITY DEFINER because it signs with the key in Vault, which only the database reads, '
  'and measures the form''s load and the visitor''s network, which visitors may not read. It stores nothing and returns a random challenge.';
revoke all on function public.intake_challenge(text) from public, anon, authenticated;
grant execute on function public.intake_challenge(text) to anon, authenticated, service_role;

drop function if exists private.spend_proof(text, integer);

-- Whether `proof` solves a challenge of ours issued for this form and this visitor (narrow key),
-- unexpired, unspent and hard enough for `level` (one level less for a challenge issued within
-- proof_grace_seconds: the level rose while the browser worked); spends it. Refuses with
-- intake_proof_required (the form asks for a new challenge and tries again).
create or replace function private.spend_proof(proof text, form text, narrow text, level integer) returns void
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
    if jsonb_typeof(payload) is distinct from 'object' then
      payload := null;
    end if;
    salt := payload ->> 'salt';
    if payload is null
       or payload ->> 'algorithm' is distinct from 'SHA-256'
       or coalesce(payload ->> 'challenge', '') !~ '^[0-9a-f]{64}$'
       or coalesce(payload ->> 'signature', '') !~ '^[0-9a-f]{64}$'
       or coalesce(payload ->> 'number', '') !~ '^[0-9]{1,10}$'
       or coalesce(salt, '') !~ '^[0-9a-f]{24}\?expires=[0-9]{1,12}&level=[1-9]&form=(inquiry|booking|newsletter)$' then
      why := 'not a proof of ours';
    else
      expires := substring(salt from 'expires=([0-9]+)')::bigint;
      proof_level := substring(salt from 'level=([0-9])')::integer;
      if substring(salt from 'form=([a-z]+)$') is distinct from private.intake_form(form) then
        why := 'issued for another form';
      elsif private.challenge_signature(payload ->> 'challenge', form, narrow) <> payload ->> 'signature' then
        why := 'not signed for this visitor';
      elsif encode(extensions.digest(salt || (payload ->> 'number'), 'sha256'), 'hex') <> payload ->> 'challenge' then
        why := 'not solved';
      elsif expires <= extract(epoch from now()) then
        why := 'expired';
      elsif proof_level < level
            and not (proof_level >= level - 1
                     and to_timestamp(expires) - interval '10 minutes' > now() - make_interval(secs => private.intake_limit('proof_grace_seconds'))) then
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

drop function if exists private.require_work(text, text, bigint, integer, text);

-- Asks a visitor's form for the work it must prove now (private.work_level), and spends the proof
-- it brought.
create or replace function private.require_work(form text, narrow text, wide text, proof text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  level integer := private.work_level(form, narrow, wide);
begin
  if level > 0 then
    perform private.spend_proof(proof, form, narrow, level);
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Inquiries: the visitor's and the mailbox's limits refuse; the network asks for work
-- ---------------------------------------------------------------------------------------------
create or replace function private.check_inquiry() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  narrow text;
  wide text;
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
  -- the network (an office, a provider's block) is never refused: it works, harder as it sends more
  perform private.require_work('inquiry', narrow, wide, proof);
  insert into private.intake_clients (inquiry_id, client, network) values (new.id, narrow, wide);
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Bookings: as 20261128001100_consultant_calendar.sql, but the network asks for work
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

  -- the network (an office, a provider's block) is never refused: it works, harder as it holds more
  perform private.require_work('booking', narrow, wide, proof);
  -- last, as the unique index answered before: the limits and the proof come first
  perform private.refuse_taken_slot(new.preferred_date, new.id);
  insert into private.intake_clients (appointment_id, client, network) values (new.id, narrow, wide);
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The newsletter's history: links retired by an unsubscribe, consents that keep their withdrawal
-- ---------------------------------------------------------------------------------------------
alter table private.newsletter_links add column retired_at timestamptz;
comment on column private.newsletter_links.retired_at is
  'When an unsubscribe retired the link: it never confirms, and asks for no new e-mail, again.';
comment on column private.newsletter_links.used_at is 'When the link''s button confirmed: a link confirms once.';

-- what an unsubscribe should have retired, and the used links of addresses no longer confirmed
update private.newsletter_links l
   set retired_at = now(), revoked_at = coalesce(l.revoked_at, now())
  from public.newsletter_subscribers s
 where s.id = l.subscriber_id and l.retired_at is null
   and (s.status in ('unsubscribed', 'suppressed') or (l.used_at is not null and s.status <> 'confirmed'));

alter table public.newsletter_consents
  add column withdrawn_at timestamptz,
  add column withdrawn_via text check (withdrawn_via in ('link', 'one_click', 'admin')),
  add constraint newsletter_consents_withdrawn check ((withdrawn_at is null) = (withdrawn_via is null));
comment on column public.newsletter_consents.withdrawn_at is 'When the address unsubscribed after this sign-up (the consent''s end); a new sign-up is a new consent.';
comment on column public.newsletter_consents.withdrawn_via is 'How it unsubscribed: the page''s button (link), the mail program''s one click (one_click) or an admin (admin).';
comment on table public.newsletter_consents is
  'Proof of consent, append-only: each sign-up''s time, page, the wording shown and its version, when its e-mail link confirmed it and when it was withdrawn.';

update public.newsletter_consents c
   set withdrawn_at = s.unsubscribed_at, withdrawn_via = s.unsubscribed_via
  from public.newsletter_subscribers s
 where s.id = c.subscriber_id and s.status = 'unsubscribed' and s.unsubscribed_at is not null and s.unsubscribed_via is not null
   and c.given_at <= s.unsubscribed_at and c.withdrawn_at is null;

-- A consent is kept as it was given: only its confirmation and its withdrawal are added, once each.
-- It moves only with its mailbox: when a change of the providers' rules makes two subscribers'
-- spellings one mailbox, private.rekey_mailboxes merges them and their consents go along.
create or replace function private.keep_consent() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if (new.subscriber_id is distinct from old.subscriber_id
      and not exists (select 1 from public.newsletter_subscribers a, public.newsletter_subscribers b
                       where a.id = old.subscriber_id and b.id = new.subscriber_id
                         and private.mailbox_key(a.email) = private.mailbox_key(b.email)))
     or new.given_at is distinct from old.given_at
     or new.page is distinct from old.page or new.wording is distinct from old.wording
     or new.wording_version is distinct from old.wording_version or new.network is distinct from old.network
     or (old.confirmed_at is not null and new.confirmed_at is distinct from old.confirmed_at)
     or (old.withdrawn_at is not null and (new.withdrawn_at, new.withdrawn_via) is distinct from (old.withdrawn_at, old.withdrawn_via)) then
    raise exception 'A consent record is kept as it was given' using errcode = '55000', hint = 'newsletter_consent_kept';
  end if;
  return new;
end
$$;
create trigger newsletter_consents_kept before update on public.newsletter_consents
  for each row execute function private.keep_consent();

-- Only the forms' own links prove a mailbox for what their visitors typed: a newsletter
-- confirmation proves only that somebody there wants the newsletter.
delete from private.proven_mailboxes where how = 'newsletter';

-- ---------------------------------------------------------------------------------------------
-- Subscribing
-- ---------------------------------------------------------------------------------------------
create or replace function public.subscribe_newsletter(
  email text,
  page text default '',
  wording_version text default null,
  proof text default null,
  fill_ms integer default null,
  bot_trap text default null
) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.newsletter_address(email);
  box text;
  shown private.newsletter_wordings;
  narrow text;
  wide text;
  s public.newsletter_subscribers;
  existed boolean;
  keep_signup boolean;
  mail_now boolean;
  consent bigint;
  visitor boolean := private.is_visitor();
begin
  if address is null then
    raise exception 'Въведете валиден имейл адрес.' using errcode = '22023', hint = 'newsletter_email_invalid';
  end if;
  select * into shown from private.newsletter_wordings w
   where w.version = coalesce(wording_version, (select max(x.version) from private.newsletter_wordings x));
  if not found then
    raise exception 'Unknown wording version' using errcode = '22023', hint = 'newsletter_wording_unknown';
  end if;
  -- a bot that filled the hidden field, or sent sooner than a person could, learns nothing
  if visitor and (coalesce(btrim(bot_trap), '') <> '' or (fill_ms is not null and fill_ms < private.intake_limit('min_fill_ms'))) then
    return;
  end if;

  if visitor then
    perform pg_advisory_xact_lock(hashtext('private.intake:newsletter'));
    select k.narrow, k.wide into narrow, wide from private.visitor_keys() k;
    if narrow is not null and (select count(*) from private.newsletter_intake n
                                where n.client = narrow and n.created_at > now() - interval '10 minutes')
                              >= private.intake_limit('newsletter_per_client_per_10_minutes') then
      raise exception 'Too many sign-ups from this visitor' using errcode = 'P0001', hint = 'newsletter_limit_client';
    end if;
    -- the network (an office, a provider's block) is never refused: it works, harder as it sends more
    perform private.require_work('newsletter', narrow, wide, proof);
    insert into private.newsletter_intake (client, network) values (narrow, wide);
  end if;

  box := private.mailbox_key(address);
  perform pg_advisory_xact_lock(hashtext('private.newsletter:' || box));
  select * into s from public.newsletter_subscribers n where n.mailbox = box for update;
  existed := found;
  -- What each state gets: a new or unsubscribed address becomes pending with a consent and a
  -- confirmation e-mail (the unsubscribe stays on record); a pending one a consent, and an e-mail
  -- when none went in ten minutes; a confirmed or suppressed one nothing.
  keep_signup := not existed or s.status in ('pending', 'unsubscribed');
  mail_now := not existed or s.status = 'unsubscribed'
              or (s.status = 'pending' and (s.confirmation_sent_at is null or s.confirmation_sent_at <= now() - interval '10 minutes'));
  -- Every answer does the same work, so its time tells nobody the address's state: what a state
  -- must not get is done as well and rolled back to its savepoint before the answer.
  begin
    if not existed then
      insert into public.newsletter_subscribers (email, mailbox) values (address, box) returning * into s;
    else
      update public.newsletter_subscribers n
         set status = 'pending', suppressed_reason = null,
             email = case when n.status = 'unsubscribed' then address else n.email end
       where n.id = s.id
      returning * into s;
    end if;
    insert into public.newsletter_consents (subscriber_id, page, wording, wording_version, network)
    values (s.id, case when page ~ '^/[A-Za-z0-9/_.~%-]{0,199}$' then page else '' end, shown.wording, shown.version, narrow)
    returning id into consent;
    begin
      perform private.send_newsletter_confirmation(s.id, consent, case when visitor then 'visitor' else 'admin' end);
      if not mail_now then
        raise exception 'no e-mail for this state' using errcode = 'NLDRY';
      end if;
    exception when sqlstate 'NLDRY' then
      null;
    end;
    if not keep_signup then
      raise exception 'nothing for this state' using errcode = 'NLDRY';
    end if;
  exception when sqlstate 'NLDRY' then
    null;
  end;
end
$$;
comment on function public.subscribe_newsletter(text, text, text, text, integer, text) is
  'The footer''s sign-up. In the API because visitors subscribe from the site; SECURITY DEFINER because '
  'visitors may neither read nor write the subscribers: it answers the same for every address, in the same '
  'time, and applies the per-visitor limits of the public forms.';

-- ---------------------------------------------------------------------------------------------
-- The links' pages and buttons
-- ---------------------------------------------------------------------------------------------
-- A confirmation link's state: confirmed (the address is: pressing changes nothing), suppressed,
-- unsubscribed, unknown (used once already, or retired by an unsubscribe: it never works again),
-- replaced (a newer e-mail's link is the live one), expired or ready.
create or replace function private.confirm_link_state(l private.newsletter_links, s public.newsletter_subscribers) returns text
language sql stable set search_path = ''
as $$
  select case
    when s.status = 'confirmed' then 'confirmed'
    when s.status = 'suppressed' then 'suppressed'
    when s.status = 'unsubscribed' then 'unsubscribed'
    when l.retired_at is not null or l.used_at is not null then 'unknown'
    when l.revoked_at is not null then 'replaced'
    when l.expires_at <= now() then 'expired'
    else 'ready' end
$$;

create or replace function public.newsletter_link(kind text, token text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  l private.newsletter_links;
  s public.newsletter_subscribers;
  subscriber uuid;
  state text;
begin
  if kind = 'confirm' then
    select * into l from private.newsletter_links x where x.token_hash = private.token_hash(coalesce(token, ''));
    if not found then
      return jsonb_build_object('state', 'unknown');
    end if;
    select * into s from public.newsletter_subscribers n where n.id = l.subscriber_id;
    state := private.confirm_link_state(l, s);
    if state = 'unknown' then
      return jsonb_build_object('state', 'unknown');
    end if;
    return jsonb_build_object('email', private.masked_address(s.email), 'state', state);
  elsif kind = 'unsubscribe' then
    subscriber := private.unsubscribe_subscriber(token);
    select * into s from public.newsletter_subscribers n where n.id = subscriber;
    if not found then
      return jsonb_build_object('state', 'unknown');
    end if;
    return jsonb_build_object('email', private.masked_address(s.email), 'state', case
      when s.status in ('unsubscribed', 'suppressed') then s.status else 'ready' end);
  end if;
  raise exception 'Unknown link kind' using errcode = '22023', hint = 'newsletter_link_kind';
end
$$;
comment on function public.newsletter_link(text, text) is
  'What a newsletter link''s page shows. In the API because the page reads it with the e-mailed token; '
  'SECURITY DEFINER because the links and subscribers are closed to visitors: it shows the holder of a '
  'live token only its masked address and state, and changes nothing.';

-- The 'Потвърди' button. A link confirms once (pressing it again while the address is confirmed
-- changes nothing); a used, retired, expired or replaced link says so.
create or replace function public.confirm_newsletter(token text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l private.newsletter_links;
  s public.newsletter_subscribers;
begin
  select * into l from private.newsletter_links x where x.token_hash = private.token_hash(coalesce(token, '')) for update;
  if not found then
    raise exception 'Тази връзка не е валидна.' using errcode = 'P0001', hint = 'newsletter_link_invalid';
  end if;
  select * into s from public.newsletter_subscribers n where n.id = l.subscriber_id for update;
  case private.confirm_link_state(l, s)
    when 'confirmed' then
      return jsonb_build_object('state', 'confirmed', 'email', private.masked_address(s.email));
    when 'suppressed' then
      raise exception 'Този адрес не може да получава бюлетина.' using errcode = 'P0001', hint = 'newsletter_suppressed';
    when 'unsubscribed' then
      raise exception 'Адресът е отписан от бюлетина.' using errcode = 'P0001', hint = 'newsletter_unsubscribed';
    when 'unknown' then
      raise exception 'Тази връзка не е валидна.' using errcode = 'P0001', hint = 'newsletter_link_invalid';
    when 'replaced' then
      raise exception 'Тази връзка е заменена от по-нова.' using errcode = 'P0001', hint = 'newsletter_link_replaced';
    when 'expired' then
      raise exception 'Връзката е изтекла.' using errcode = 'P0001', hint = 'newsletter_link_expired';
    else
      null;
  end case;
  update private.newsletter_links set used_at = now() where token_hash = l.token_hash;
  update public.newsletter_subscribers set status = 'confirmed', confirmed_at = now() where id = s.id;
  update public.newsletter_consents set confirmed_at = now() where id = l.consent_id and confirmed_at is null;
  -- no private.prove_mailbox: a newsletter confirmation proves no mailbox for the forms' typed text
  return jsonb_build_object('state', 'confirmed', 'email', private.masked_address(s.email));
end
$$;
comment on function public.confirm_newsletter(text) is
  'The confirmation page''s button. In the API because the page''s POST confirms; SECURITY DEFINER '
  'because the links and subscribers are closed to visitors: whoever holds the e-mailed token confirms '
  'that address once, nothing else.';

-- An expired (or replaced) link's 'Изпрати нов имейл': a new link to the same address, at most
-- one in ten minutes. A used or retired link asks for nothing.
create or replace function public.resend_newsletter_confirmation(token text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  l private.newsletter_links;
  s public.newsletter_subscribers;
begin
  select * into l from private.newsletter_links x where x.token_hash = private.token_hash(coalesce(token, ''));
  if not found or l.retired_at is not null or l.used_at is not null then
    raise exception 'Тази връзка не е валидна.' using errcode = 'P0001', hint = 'newsletter_link_invalid';
  end if;
  select * into s from public.newsletter_subscribers n where n.id = l.subscriber_id for update;
  if s.status <> 'pending' then
    return;  -- confirmed, unsubscribed or suppressed: nothing to confirm
  end if;
  if s.confirmation_sent_at > now() - interval '10 minutes' then
    raise exception 'Току-що изпратихме имейл. Опитайте отново след няколко минути.' using errcode = 'P0001', hint = 'newsletter_resend_too_soon';
  end if;
  perform private.send_newsletter_confirmation(s.id, l.consent_id, 'visitor');
end
$$;
comment on function public.resend_newsletter_confirmation(text) is
  'An expired confirmation link''s button. In the API because the page asks for a new e-mail; SECURITY '
  'DEFINER because the links and the outbox are private: it mails only the address a live token names, at '
  'most once in ten minutes.';

-- ---------------------------------------------------------------------------------------------
-- Unsubscribing: on record for good, every link retired
-- ---------------------------------------------------------------------------------------------
-- Ends a pending or confirmed subscription: the address is unsubscribed (when and how stay on its
-- row through any later sign-up), its consents are withdrawn, every link it was sent is retired,
-- and nothing more of a running send reaches it.
create or replace function private.end_subscription(subscriber uuid, via text) returns void
language sql security definer set search_path = ''
as $$
  update public.newsletter_subscribers
     set status = 'unsubscribed', unsubscribed_at = now(), unsubscribed_via = via
   where id = subscriber and status in ('pending', 'confirmed');
  update public.newsletter_consents
     set withdrawn_at = now(), withdrawn_via = via
   where subscriber_id = subscriber and withdrawn_at is null;
  update private.newsletter_links
     set retired_at = now(), revoked_at = coalesce(revoked_at, now())
   where subscriber_id = subscriber and retired_at is null;
  update private.newsletter_deliveries set status = 'skipped', last_error = 'unsubscribed'
   where subscriber_id = subscriber and status in ('queued', 'failed');
$$;

-- The subscriber an unsubscribe token names (its id and a keyed hash of it), or null when the
-- token is not one of ours. Unchanged: the newsletters already sent keep working links.
create or replace function private.unsubscribe_subscriber(token text) returns uuid
language plpgsql stable security definer set search_path = ''
as $$
declare
  id uuid;
begin
  if token is null or token !~ '^[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$' then
    return null;
  end if;
  id := split_part(token, '.', 1)::uuid;
  if private.unsubscribe_token(id) <> token then
    return null;
  end if;
  return id;
end
$$;

-- The 'Отпиши ме' button, and the one-click POST (via 'one_click', from the Edge Function).
create or replace function public.unsubscribe_newsletter(token text, via text default 'link') returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  subscriber uuid := private.unsubscribe_subscriber(token);
  s public.newsletter_subscribers;
begin
  select * into s from public.newsletter_subscribers n where n.id = subscriber for update;
  if not found then
    raise exception 'Тази връзка не е валидна.' using errcode = 'P0001', hint = 'newsletter_link_invalid';
  end if;
  if s.status in ('pending', 'confirmed') then
    perform private.end_subscription(s.id, case when via = 'one_click' then 'one_click' else 'link' end);
  end if;
  return jsonb_build_object('state', case when s.status = 'suppressed' then 'suppressed' else 'unsubscribed' end,
                            'email', private.masked_address(s.email));
end
$$;
comment on function public.unsubscribe_newsletter(text, text) is
  'The unsubscribe page''s button and the one-click POST. In the API because the page and the Edge '
  'Function newsletter-unsubscribe call it with the anonymous key; SECURITY DEFINER because subscribers '
  'are closed to visitors: whoever holds a newsletter''s signed token unsubscribes that address.';

create or replace function public.admin_unsubscribe_newsletter(subscriber uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators change subscribers' using errcode = '42501';
  end if;
  if exists (select 1 from public.newsletter_subscribers n where n.id = subscriber and n.status in ('pending', 'confirmed')) then
    perform private.end_subscription(subscriber, 'admin');
  end if;
end
$$;
comment on function public.admin_unsubscribe_newsletter(uuid) is
  'An admin unsubscribes an address by hand. In the API because the admin panel calls it; SECURITY '
  'DEFINER because links and deliveries are private: it refuses everyone but an admitted admin (42501).';

-- ---------------------------------------------------------------------------------------------
-- Who may call what
-- ---------------------------------------------------------------------------------------------
-- the new private functions are for the functions above and the triggers only
revoke all on function private.intake_form(text) from public, anon, authenticated;
revoke all on function private.site_pressure(text) from public, anon, authenticated;
revoke all on function private.network_load(text, text) from public, anon, authenticated;
revoke all on function private.network_limit(text) from public, anon, authenticated;
revoke all on function private.work_level(text, text, text) from public, anon, authenticated;
revoke all on function private.challenge_signature(text, text, text) from public, anon, authenticated;
revoke all on function private.spend_proof(text, text, text, integer) from public, anon, authenticated;
revoke all on function private.require_work(text, text, text, text) from public, anon, authenticated;
revoke all on function private.check_inquiry() from public, anon, authenticated;
revoke all on function private.check_appointment() from public, anon, authenticated;
revoke all on function private.keep_consent() from public, anon, authenticated;
revoke all on function private.confirm_link_state(private.newsletter_links, public.newsletter_subscribers) from public, anon, authenticated;
revoke all on function private.end_subscription(uuid, text) from public, anon, authenticated;
revoke all on function private.unsubscribe_subscriber(text) from public, anon, authenticated;

revoke all on function public.subscribe_newsletter(text, text, text, text, integer, text) from public;
revoke all on function public.newsletter_link(text, text) from public;
revoke all on function public.confirm_newsletter(text) from public;
revoke all on function public.resend_newsletter_confirmation(text) from public;
revoke all on function public.unsubscribe_newsletter(text, text) from public;
revoke all on function public.admin_unsubscribe_newsletter(uuid) from public;
grant execute on function public.subscribe_newsletter(text, text, text, text, integer, text) to anon, authenticated;
grant execute on function public.newsletter_link(text, text) to anon, authenticated;
grant execute on function public.confirm_newsletter(text) to anon, authenticated;
grant execute on function public.resend_newsletter_confirmation(text) to anon, authenticated;
grant execute on function public.unsubscribe_newsletter(text, text) to anon, authenticated;
grant execute on function public.admin_unsubscribe_newsletter(uuid) to authenticated;
