-- How long personal data is kept: periods set by administrators, applied by the database every day
-- (issue 50; GDPR Art. 5(1)(e)).
--
--   * public.retention_settings: one row per kind of data, its period in days (`days`) and the
--     bounds no period may leave (min_days, the kind's legal or practical minimum; max_days, ten
--     years). Everyone reads it (the privacy notice prints the periods from it); only
--     administrators (private.is_admin(): admin at aal2) change `days` (a column grant and a
--     policy); a period outside its bounds is refused in Bulgarian (23514, hint
--     retention_out_of_range). src/shared/domain/retention.ts holds the same kinds, defaults and
--     bounds for the panel and the notice (tests/backend/retention.ts compares the two). A change
--     is in the audit log (settings.changed, the kind and the days before and after) and tells the
--     content webhook, so the notice's page (/poveritelnost) is rendered again. Who changed a
--     period is in the audit log only: a visitor reads the whole table, and no staff id goes to
--     visitors (20261128001900_staff_ids_private.sql).
--   * private.apply_retention(), the pg_cron job 'retention' (daily, 03:37 UTC), deletes or
--     anonymises what is due, kind by kind, and records one row per kind and run in
--     private.retention_runs (when, the kind, how many; nothing about anyone). Administrators read
--     the last run through public.retention_runs().
--       leads_closed             inquiries lost or never answered (still 'new') whose last activity
--                                (their own times, notes and stage history) is older than the
--                                period: deleted with their notes and history, and a contact left
--                                without inquiries and bookings with them. Nothing of a contact
--                                that has a won inquiry is touched (an admin erases it).
--       bookings_past            appointments whose meeting ended longer ago than the period, with
--                                their history and links; not a won client's.
--       mail_bodies              e-mails and chat notices handed over (sent, given up, skipped,
--                                superseded) and older than the period lose their bodies; an e-mail
--                                that belongs to no inquiry or booking (a newsletter confirmation, a
--                                data request's link, the team's own mail) goes whole. Nothing that
--                                may still be sent is touched.
--       network_hashes           the keyed hashes of visitors' networks older than the period, but
--                                none a limit still counts (a pending booking ahead). The limits'
--                                own pruning (intake-clients-prune) keeps them a day: the period is
--                                the bound for every other copy, the newsletter consents' among them.
--       subscribers_unconfirmed  newsletter sign-ups never confirmed, older than the period: deleted.
--       subscribers_unsubscribed unsubscribed longer than the period: the address becomes a keyed
--                                hash (HMAC-SHA256, the key 'retention_hash_key' in Vault), the
--                                consents with their times and ways kept. A later sign-up of the
--                                address is a new subscriber; the hash stays the same, so the
--                                database can still tell that the address once unsubscribed
--                                (private.address_hash).
--       data_requests            closed requests (done, refused) older than the period; unconfirmed
--                                ones after 7 days.
--       audit_events             the audit log's rows older than the period (private.prune_audit_events).
--   * The audit log's own setting (private.audit_settings, audit_retention(), set_audit_retention()
--     and the job audit-retention) becomes the kind audit_events: one setting, one job, one place
--     in the panel ('Поверителност').

-- ---------------------------------------------------------------------------------------------
-- The settings
-- ---------------------------------------------------------------------------------------------
create table public.retention_settings (
  kind text primary key constraint retention_settings_kind_check check (kind in (
    'leads_closed', 'bookings_past', 'mail_bodies', 'network_hashes',
    'subscribers_unconfirmed', 'subscribers_unsubscribed', 'data_requests', 'audit_events')),
  days integer not null,
  min_days integer not null,
  max_days integer not null default 3650,
  updated_at timestamptz not null default now(),
  constraint retention_settings_bounds check (min_days >= 1 and max_days <= 3650 and min_days <= max_days),
  constraint retention_settings_days_in_bounds check (days between min_days and max_days)
);
comment on table public.retention_settings is
  'How long each kind of personal data is kept, in days, between the kind''s minimum and ten years. Everyone reads it (the privacy notice prints it); administrators change days; private.apply_retention() applies it daily.';
comment on column public.retention_settings.days is 'The period in days; changed by administrators only, within min_days and max_days.';
comment on column public.retention_settings.min_days is 'The shortest period the kind allows (its legal or practical minimum; src/shared/domain/retention.ts says why).';
comment on column public.retention_settings.max_days is 'The longest: ten years.';

-- the audit log's period as the project had set it
insert into public.retention_settings (kind, days, min_days) values
  ('leads_closed', 730, 90),
  ('bookings_past', 730, 30),
  ('mail_bodies', 90, 7),
  ('network_hashes', 30, 1),
  ('subscribers_unconfirmed', 30, 7),
  ('subscribers_unsubscribed', 30, 7),
  ('data_requests', 1095, 365),
  ('audit_events', coalesce((select s.retention_days from private.audit_settings s), 365), 30);

alter table public.retention_settings enable row level security;
revoke all on table public.retention_settings from public, anon, authenticated;
grant select on table public.retention_settings to anon, authenticated;
grant update (days) on table public.retention_settings to authenticated;
grant all on table public.retention_settings to service_role;
create policy "Anyone reads the retention periods" on public.retention_settings for select to anon, authenticated
  using (true);
create policy "Admins change the retention periods" on public.retention_settings for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

-- '1 ден', '30 дни', '24 месеца', '2 години': formatRetention of src/shared/domain/retention.ts
create function private.retention_words(days integer) returns text
language sql immutable set search_path = ''
as $$
  select case
    when days >= 365 and days % 365 = 0 then (days / 365)::text || case when days = 365 then ' година' else ' години' end
    when days >= 365 and days % 30 = 0 then (days / 30)::text || ' месеца'
    else days::text || case when days = 1 then ' ден' else ' дни' end
  end
$$;
comment on function private.retention_words(integer) is 'A period in Bulgarian, as the panel and the notice write it (formatRetention in src/shared/domain/retention.ts).';

create function private.check_retention_setting() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.days is null or new.days < new.min_days or new.days > new.max_days then
    raise exception 'Срокът трябва да е между % и %.', private.retention_words(new.min_days), private.retention_words(new.max_days)
      using errcode = '23514', hint = 'retention_out_of_range';
  end if;
  new.updated_at := now();
  return new;
end
$$;
comment on function private.check_retention_setting() is
  'Trigger: a period stays within its kind''s bounds (else a Bulgarian refusal, hint retention_out_of_range). The API may change days only (a column grant).';
create trigger retention_settings_checked before update on public.retention_settings
  for each row execute function private.check_retention_setting();

create function private.audit_retention_setting() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.days is distinct from old.days then
    perform private.audit('settings.changed', 'retention_settings', new.kind,
                          jsonb_build_object('fields', jsonb_build_array('days'), 'from', old.days, 'to', new.days));
  end if;
  return null;
end
$$;
comment on function private.audit_retention_setting() is 'Trigger: records a period changed (the kind, the days before and after) in the audit log.';

-- the notice's page shows the periods: the publisher renders it again
create trigger retention_settings_10_content_webhook after update on public.retention_settings
  for each row execute function private.notify_content_change();
create trigger retention_settings_20_audit after update on public.retention_settings
  for each row execute function private.audit_retention_setting();

create function private.retention_days(of_kind text) returns integer
language sql stable security definer set search_path = ''
as $$ select s.days from public.retention_settings s where s.kind = of_kind $$;
comment on function private.retention_days(text) is 'The period of a kind, in days.';

-- ---------------------------------------------------------------------------------------------
-- The audit log's own setting folds into the kind audit_events
-- ---------------------------------------------------------------------------------------------
drop function public.audit_retention();
drop function api_definers.audit_retention();
drop function public.set_audit_retention(integer);
drop function api_definers.set_audit_retention(integer);

create or replace function private.prune_audit_events() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  pruned integer;
begin
  -- the one DELETE the append-only trigger lets through, for this statement only
  perform set_config('audit.retention', 'on', true);
  delete from private.audit_events e
   where e.at < now() - make_interval(days => private.retention_days('audit_events'));
  get diagnostics pruned = row_count;
  perform set_config('audit.retention', 'off', true);
  return pruned;
end
$$;
comment on function private.prune_audit_events() is
  'Deletes the audit events older than the period of audit_events (public.retention_settings), for private.apply_retention(). Its owner''s alone: no API role may run it.';

drop table private.audit_settings;

-- ---------------------------------------------------------------------------------------------
-- The keyed hash of an address that unsubscribed
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if private.vault_secret('retention_hash_key') is null then
    perform private.set_vault_secret('retention_hash_key', encode(extensions.gen_random_bytes(32), 'hex'),
      'Keys the hashes that replace unsubscribed newsletter addresses (private.address_hash). Only the database reads it; a new key would make new hashes differ from the old.');
  end if;
end
$$;

create function private.address_hash(address text) returns text
language sql stable security definer set search_path = ''
as $$
  select 'hmac:' || encode(extensions.hmac('unsubscribed:' || private.mailbox_key(address), private.vault_secret('retention_hash_key'), 'sha256'), 'hex')
$$;
comment on function private.address_hash(text) is
  'What an unsubscribed newsletter address becomes after its period: ''hmac:'' and the HMAC-SHA256 of its mailbox under the Vault key retention_hash_key. The same address always gives the same hash.';

-- A consent stays as it was given, but for its network's hash, which its period may drop, and a
-- merge of the rows of one address (a hashed one and a later one that unsubscribed again).
create or replace function private.keep_consent() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if (new.subscriber_id is distinct from old.subscriber_id
      and not exists (select 1 from public.newsletter_subscribers a, public.newsletter_subscribers b
                       where a.id = old.subscriber_id and b.id = new.subscriber_id
                         and (private.mailbox_key(a.email) = private.mailbox_key(b.email)
                              or b.email = private.address_hash(a.email))))
     or new.given_at is distinct from old.given_at
     or new.page is distinct from old.page or new.wording is distinct from old.wording
     or new.wording_version is distinct from old.wording_version
     or (new.network is distinct from old.network and new.network is not null)
     or (old.confirmed_at is not null and new.confirmed_at is distinct from old.confirmed_at)
     or (old.withdrawn_at is not null and (new.withdrawn_at, new.withdrawn_via) is distinct from (old.withdrawn_at, old.withdrawn_via)) then
    raise exception 'A consent record is kept as it was given' using errcode = '55000', hint = 'newsletter_consent_kept';
  end if;
  return new;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The runs
-- ---------------------------------------------------------------------------------------------
create table private.retention_runs (
  id bigint generated always as identity primary key,
  ran_at timestamptz not null,
  kind text not null,
  removed integer constraint retention_runs_removed_check check (removed >= 0),
  failed text,
  constraint retention_runs_outcome check ((removed is null) <> (failed is null))
);
create index retention_runs_ran_at_idx on private.retention_runs (ran_at desc);
revoke all on table private.retention_runs from public, anon, authenticated, service_role;
comment on table private.retention_runs is
  'One row per kind and run of private.apply_retention(): when, the kind, how many records it deleted or anonymised. Nothing about anyone; kept a year.';
comment on column private.retention_runs.removed is 'How many records the kind deleted or anonymised; null when it failed.';
comment on column private.retention_runs.failed is 'The SQLSTATE the kind failed with (its work rolled back, the other kinds'' kept); null when it ran.';

-- ---------------------------------------------------------------------------------------------
-- The kinds, one function each (the period in days; the count of what went)
-- ---------------------------------------------------------------------------------------------
-- a contact whose last inquiry or booking went
create function private.forget_empty_contacts(candidates uuid[]) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  gone integer;
begin
  delete from public.contacts c
   where c.id = any (candidates)
     and not exists (select 1 from public.contact_submissions s where s.contact_id = c.id)
     and not exists (select 1 from public.appointments a where a.contact_id = c.id);
  get diagnostics gone = row_count;
  return gone;
end
$$;
comment on function private.forget_empty_contacts(uuid[]) is 'Deletes those of the contacts given that have no inquiry and no booking left (with their notes, history and keys).';

create function private.retain_leads_closed(period integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  due uuid[];
  people uuid[];
  gone integer;
begin
  select coalesce(array_agg(x.id), '{}'), coalesce(array_agg(distinct x.contact_id) filter (where x.contact_id is not null), '{}')
    into due, people
    from (select s.id, s.contact_id
            from public.contact_submissions s
           where s.status in ('new', 'lost')
             -- a won client's: nothing goes
             and not exists (select 1 from public.contact_submissions w where w.contact_id = s.contact_id and w.status = 'won')
             -- the last activity: its own times, its notes, its stage history
             and greatest(s.created_at, s.updated_at, s.follow_up_at,
                          (select max(n.created_at) from public.lead_notes n where n.inquiry_id = s.id),
                          (select max(e.created_at) from private.lead_events e where e.inquiry_id = s.id))
                 < now() - make_interval(days => period)
             for update of s skip locked) x;
  if cardinality(due) = 0 then
    return 0;
  end if;
  -- a note keeps its contact when its inquiry goes (on delete set null): these go with the inquiry
  delete from public.lead_notes n where n.inquiry_id = any (due);
  -- with them their stage history, e-mails, chat notices and the network keys that sent them
  delete from public.contact_submissions s where s.id = any (due);
  get diagnostics gone = row_count;
  perform private.forget_empty_contacts(people);
  return gone;
end
$$;
comment on function private.retain_leads_closed(integer) is
  'Kind leads_closed: deletes the inquiries lost or never answered (new) whose last activity is older than the period, with their notes and history, and the contacts left with nothing; never anything of a contact with a won inquiry.';

create function private.retain_bookings_past(period integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  due uuid[];
  people uuid[];
  gone integer;
begin
  select coalesce(array_agg(x.id), '{}'), coalesce(array_agg(distinct x.contact_id) filter (where x.contact_id is not null), '{}')
    into due, people
    from (select a.id, a.contact_id
            from public.appointments a
           where a.preferred_date + private.meeting_length() < now() - make_interval(days => period)
             and not exists (select 1 from public.contact_submissions w where w.contact_id = a.contact_id and w.status = 'won')
             for update of a skip locked) x;
  if cardinality(due) = 0 then
    return 0;
  end if;
  -- with them their history, links, e-mails, chat notices and network keys
  delete from public.appointments a where a.id = any (due);
  get diagnostics gone = row_count;
  perform private.forget_empty_contacts(people);
  return gone;
end
$$;
comment on function private.retain_bookings_past(integer) is
  'Kind bookings_past: deletes the appointments whose meeting ended longer ago than the period, with their history and links, and the contacts left with nothing; never a won client''s.';

create function private.retain_mail_bodies(period integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  cutoff timestamptz := now() - make_interval(days => period);
  stripped integer;
  deleted integer;
  chats integer;
begin
  -- handed over or never to be sent: nothing that may still go out is touched
  update private.mail_outbox o set payload = null
   where o.payload is not null and o.status in ('sent', 'given_up', 'skipped', 'superseded') and o.created_at < cutoff
     and (o.inquiry_id is not null or o.appointment_id is not null);
  get diagnostics stripped = row_count;
  -- what belongs to no inquiry or booking is nothing but its address and body
  delete from private.mail_outbox o
   where o.status in ('sent', 'given_up', 'skipped', 'superseded') and o.created_at < cutoff
     and o.inquiry_id is null and o.appointment_id is null;
  get diagnostics deleted = row_count;
  update private.chat_outbox c set payload = '{}'
   where c.payload <> '{}' and c.status in ('sent', 'given_up') and c.created_at < cutoff;
  get diagnostics chats = row_count;
  return stripped + deleted + chats;
end
$$;
comment on function private.retain_mail_bodies(integer) is
  'Kind mail_bodies: e-mails and chat notices handed over (or never to be sent) and older than the period lose their bodies; an e-mail of no inquiry or booking is deleted whole. Pending, failing and held ones are never touched.';

create function private.retain_network_hashes(period integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  cutoff timestamptz := now() - make_interval(days => period);
  total integer := 0;
  n integer;
begin
  -- a pending booking ahead still counts against its visitor's limit: its key stays
  delete from private.intake_clients c
   where c.created_at < cutoff
     and not exists (select 1 from public.appointments a
                      where a.id = c.appointment_id and a.status = 'pending' and a.preferred_date > now());
  get diagnostics n = row_count;
  total := total + n;
  delete from private.newsletter_intake i where i.created_at < cutoff;
  get diagnostics n = row_count;
  total := total + n;
  delete from private.data_request_intake d where d.created_at < cutoff;
  get diagnostics n = row_count;
  total := total + n;
  update public.newsletter_consents c set network = null where c.network is not null and c.given_at < cutoff;
  get diagnostics n = row_count;
  total := total + n;
  update private.mail_outbox o set network = null
   where o.network is not null and o.created_at < cutoff and o.status in ('sent', 'given_up', 'skipped', 'superseded');
  get diagnostics n = row_count;
  return total + n;
end
$$;
comment on function private.retain_network_hashes(integer) is
  'Kind network_hashes: forgets the keyed network hashes older than the period (the forms'' counts, the newsletter consents'' network, the outbox''s), except those of a pending booking ahead.';

create function private.retain_subscribers_unconfirmed(period integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  boxes text[];
begin
  with gone as (
    delete from public.newsletter_subscribers n
     where n.status = 'pending' and n.confirmed_at is null
       and greatest(n.created_at, n.confirmation_sent_at,
                    (select max(c.given_at) from public.newsletter_consents c where c.subscriber_id = n.id))
           < now() - make_interval(days => period)
    returning n.mailbox)
  select coalesce(array_agg(g.mailbox), '{}') into boxes from gone g;
  -- the confirmations that went to them (and any that would still go)
  delete from private.mail_outbox o where o.purpose = 'newsletter_confirm' and o.mailbox = any (boxes);
  return cardinality(boxes);
end
$$;
comment on function private.retain_subscribers_unconfirmed(integer) is
  'Kind subscribers_unconfirmed: deletes the newsletter sign-ups never confirmed whose last sign-up is older than the period, with their confirmation e-mails.';

create function private.retain_subscribers_unsubscribed(period integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  s public.newsletter_subscribers;
  hashed text;
  earlier uuid;
  done integer := 0;
begin
  for s in select * from public.newsletter_subscribers n
            where n.status = 'unsubscribed' and n.unsubscribed_at < now() - make_interval(days => period)
              and n.email not like 'hmac:%'
            order by n.unsubscribed_at
              for update skip locked
  loop
    hashed := private.address_hash(s.email);
    delete from private.mail_outbox o where o.purpose = 'newsletter_confirm' and o.mailbox = s.mailbox;
    select n.id into earlier from public.newsletter_subscribers n where n.mailbox = hashed for update;
    if earlier is null then
      update public.newsletter_subscribers set email = hashed, mailbox = hashed where id = s.id;
    else
      -- the address had unsubscribed before, signed up again and unsubscribed again: one record
      -- of the address, its consents and their withdrawals all kept
      update public.newsletter_consents set subscriber_id = earlier where subscriber_id = s.id;
      update private.newsletter_links set subscriber_id = earlier where subscriber_id = s.id;
      update private.newsletter_deliveries d set subscriber_id = earlier
       where d.subscriber_id = s.id
         and not exists (select 1 from private.newsletter_deliveries x where x.subscriber_id = earlier and x.post_id = d.post_id);
      update public.newsletter_suppression_lifts set subscriber_id = earlier where subscriber_id = s.id;
      update public.newsletter_subscribers n
         set unsubscribed_at = s.unsubscribed_at, unsubscribed_via = s.unsubscribed_via,
             confirmed_at = coalesce(s.confirmed_at, n.confirmed_at),
             confirmation_sent_at = coalesce(s.confirmation_sent_at, n.confirmation_sent_at)
       where n.id = earlier;
      delete from public.newsletter_subscribers where id = s.id;
    end if;
    done := done + 1;
  end loop;
  return done;
end
$$;
comment on function private.retain_subscribers_unsubscribed(integer) is
  'Kind subscribers_unsubscribed: replaces the address of a subscriber unsubscribed longer than the period with its keyed hash (private.address_hash), keeping the consents and their withdrawals; a second record of the same address joins the first.';

create function private.retain_data_requests(period integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  gone integer;
begin
  delete from public.data_requests r
   where (r.status in ('done', 'refused') and r.closed_at < now() - make_interval(days => period))
      or (r.status = 'unconfirmed' and r.created_at < now() - interval '7 days');
  get diagnostics gone = row_count;
  return gone;
end
$$;
comment on function private.retain_data_requests(integer) is
  'Kind data_requests: deletes the requests closed longer ago than the period, and those never confirmed after 7 days (their link lasts 7 days).';

-- ---------------------------------------------------------------------------------------------
-- The job
-- ---------------------------------------------------------------------------------------------
create function private.apply_retention() returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  run_at timestamptz := now();
  counts jsonb := '{}'::jsonb;
  k text;
  n integer;
begin
  -- one run at a time
  if not pg_try_advisory_xact_lock(hashtext('private.apply_retention')) then
    return null;
  end if;
  foreach k in array array['leads_closed', 'bookings_past', 'mail_bodies', 'network_hashes',
                           'subscribers_unconfirmed', 'subscribers_unsubscribed', 'data_requests', 'audit_events'] loop
    begin
      n := case k
        when 'leads_closed' then private.retain_leads_closed(private.retention_days(k))
        when 'bookings_past' then private.retain_bookings_past(private.retention_days(k))
        when 'mail_bodies' then private.retain_mail_bodies(private.retention_days(k))
        when 'network_hashes' then private.retain_network_hashes(private.retention_days(k))
        when 'subscribers_unconfirmed' then private.retain_subscribers_unconfirmed(private.retention_days(k))
        when 'subscribers_unsubscribed' then private.retain_subscribers_unsubscribed(private.retention_days(k))
        when 'data_requests' then private.retain_data_requests(private.retention_days(k))
        when 'audit_events' then private.prune_audit_events()
      end;
      insert into private.retention_runs (ran_at, kind, removed) values (run_at, k, n);
      counts := counts || jsonb_build_object(k, n);
    exception when others then
      -- this kind's work is undone; the others go on (the message may name a record: not kept)
      raise warning 'retention: % failed (%)', k, sqlstate;
      insert into private.retention_runs (ran_at, kind, failed) values (run_at, k, sqlstate);
      counts := counts || jsonb_build_object(k, null);
    end;
  end loop;
  delete from private.retention_runs r where r.ran_at < run_at - interval '1 year';
  return counts;
end
$$;
comment on function private.apply_retention() is
  'The job retention, daily: applies each kind''s period of public.retention_settings (deletes or anonymises what is due) and records one row per kind in private.retention_runs. A kind that fails is undone alone and recorded as failed. Its owner''s alone: no API role may run it.';

revoke all on function private.retention_words(integer), private.check_retention_setting(), private.audit_retention_setting(),
  private.retention_days(text), private.address_hash(text), private.forget_empty_contacts(uuid[]),
  private.retain_leads_closed(integer), private.retain_bookings_past(integer), private.retain_mail_bodies(integer),
  private.retain_network_hashes(integer), private.retain_subscribers_unconfirmed(integer),
  private.retain_subscribers_unsubscribed(integer), private.retain_data_requests(integer), private.apply_retention()
  from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The API: the last run, for the panel
-- ---------------------------------------------------------------------------------------------
create function api_definers.retention_runs() returns table (kind text, ran_at timestamptz, removed integer, failed boolean)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators see the retention runs' using errcode = '42501';
  end if;
  return query
    select r.kind, r.ran_at, r.removed, r.failed is not null
      from private.retention_runs r
     where r.ran_at = (select max(x.ran_at) from private.retention_runs x)
     order by r.id;
end
$$;
revoke all on function api_definers.retention_runs() from public, anon, authenticated;
grant execute on function api_definers.retention_runs() to authenticated, service_role;
comment on function api_definers.retention_runs() is
  'The last retention run: each kind, when, how many records went, whether it failed. In the API because the admin panel''s ''Поверителност'' tab shows it; SECURITY DEFINER because private.retention_runs is out of every API role''s reach: it refuses everyone but an admitted admin (42501) first.';

create function public.retention_runs() returns table (kind text, ran_at timestamptz, removed integer, failed boolean)
language sql stable security invoker set search_path = ''
as $$ select * from api_definers.retention_runs() $$;
revoke all on function public.retention_runs() from public, anon, authenticated;
grant execute on function public.retention_runs() to authenticated, service_role;
comment on function public.retention_runs() is
  'The last retention run, for the admin panel. Calls api_definers.retention_runs, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- One job instead of audit-retention
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    if exists (select 1 from cron.job where jobname = 'audit-retention') then
      begin
        perform cron.unschedule('audit-retention');
      exception when others then
        -- pg_cron's functions keep the ids of its tables for the session: in the session that
        -- re-created the extension (20261128000800_api_surface.sql, a fresh database's one push)
        -- unschedule cannot open them, and the row is removed as pg_cron itself would
        delete from cron.job where jobname = 'audit-retention';
      end;
    end if;
    perform cron.schedule('retention', '37 3 * * *', 'select private.apply_retention()');
  else
    raise warning 'pg_cron is not available: nothing is deleted when its period ends (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
