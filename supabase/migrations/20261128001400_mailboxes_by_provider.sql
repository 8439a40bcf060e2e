-- Mailboxes folded as their providers fold them; a bounce suppresses exactly the address that
-- bounced; an admin lifts a suppression with a reason, on record.
--
-- Before this, private.mailbox_key folded a `+tag` on every domain. abv.bg, mail.bg and Yahoo
-- deliver no plus addresses: `victim+x@abv.bg` is another (non-existent) mailbox there, yet it
-- counted as `victim@abv.bg`. An inquiry to `victim+x@abv.bg` bounced, and the bounce
-- (public.record_mail_event looked the subscriber up by mailbox) suppressed the confirmed
-- subscriber `victim@abv.bg` for good, silently, with nothing an admin could do. Now:
--
--   * private.mailbox_providers lists the domains whose rules are known: whether the provider
--     delivers `name+tag@` to `name@` (Gmail and googlemail.com, Outlook.com's domains, iCloud,
--     Fastmail, Proton, mailbox.org, Yandex, Runbox), whether it ignores dots (Gmail only), and
--     which domain is another name of which (googlemail.com is gmail.com). Domains known to have
--     no plus addressing (abv.bg, mail.bg, Yahoo, GMX, …) are listed too, as checked. A domain not
--     listed keeps its address as typed, in lower case: folding a tag that is a real, different
--     mailbox is what let one spelling silence another.
--   * private.mailbox_key stays IMMUTABLE, so the expression indexes on inquiries and bookings keep
--     working as they are: its body is generated from the table (private.apply_mailbox_providers),
--     the rules written into it as constants. A change of the table (a statement trigger) writes
--     the function anew, rebuilds every index that computes it and recomputes every stored
--     mailbox: the outbox's, the proven mailboxes, the contacts' e-mail keys and the
--     subscribers'. Two subscribers that become one mailbox are merged (their consents kept); two
--     contacts that claim one key leave it with the one that had it (then the oldest), for an
--     admin to merge; a contact's key that only a now-different spelling had given it goes, and
--     each spelling its forms used gets its own key.
--   * public.record_mail_event finds the subscriber whose stored address is the bounced one
--     (case-insensitive), never another spelling of the same mailbox; duplicates and the three soft
--     bounces behave as before. It notes the state the address had (private.newsletter_suppressions).
--   * public.lift_newsletter_suppression: an admin lifts a suppression with a reason (required);
--     the subscriber returns to the state it had, and public.newsletter_suppression_lifts keeps
--     who, when, why and what was lifted, append-only, readable by admins.

-- ---------------------------------------------------------------------------------------------
-- The providers' rules
-- ---------------------------------------------------------------------------------------------
create table private.mailbox_providers (
  domain text primary key check (domain ~ '^[a-z0-9-]+(\.[a-z0-9-]+)+$'),
  provider text not null,
  -- `name+tag@domain` reaches `name@domain`
  plus_addressing boolean not null,
  -- dots in the name change nothing (`n.a.m.e@` is `name@`)
  ignores_dots boolean not null default false,
  -- the domain whose mailboxes these are (googlemail.com → gmail.com)
  same_as text references private.mailbox_providers (domain),
  -- where the rule was checked
  note text not null default '',
  check (same_as is distinct from domain)
);
comment on table private.mailbox_providers is
  'How providers fold addresses into mailboxes. private.mailbox_key is generated from it: a change here rewrites that function, '
  'rebuilds the indexes that compute it and recomputes every stored mailbox (private.apply_mailbox_providers). A domain not listed '
  'keeps every address as typed (lower case).';
create index mailbox_providers_same_as_idx on private.mailbox_providers (same_as);
revoke all on private.mailbox_providers from public, anon, authenticated;

insert into private.mailbox_providers (domain, provider, plus_addressing, ignores_dots, same_as, note) values
  ('gmail.com', 'Gmail', true, true, null, 'Google: "Use Gmail aliases": +anything and dots reach the same inbox'),
  ('googlemail.com', 'Gmail', true, true, 'gmail.com', 'the same accounts as gmail.com'),
  ('outlook.com', 'Outlook.com', true, false, null, 'Outlook.com delivers name+tag@ to name@ (subaddressing)'),
  ('hotmail.com', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('live.com', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('msn.com', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('hotmail.co.uk', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('hotmail.de', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('hotmail.fr', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('hotmail.it', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('hotmail.es', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('live.co.uk', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('live.de', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('live.fr', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('live.it', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('outlook.de', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('outlook.fr', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('outlook.es', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('outlook.it', 'Outlook.com', true, false, null, 'an Outlook.com domain'),
  ('icloud.com', 'iCloud Mail', true, false, null, 'iCloud Mail receives name+tag@ (receive only)'),
  ('me.com', 'iCloud Mail', true, false, null, 'an iCloud Mail domain (older accounts)'),
  ('mac.com', 'iCloud Mail', true, false, null, 'an iCloud Mail domain (older accounts)'),
  ('fastmail.com', 'Fastmail', true, false, null, 'Fastmail: "Plus addressing and subdomain addressing"'),
  ('fastmail.fm', 'Fastmail', true, false, null, 'a Fastmail domain'),
  ('messagingengine.com', 'Fastmail', true, false, null, 'a Fastmail domain'),
  ('sent.com', 'Fastmail', true, false, null, 'a Fastmail domain'),
  ('pobox.com', 'Pobox (Fastmail)', true, false, null, 'Pobox delivers plus addresses'),
  ('proton.me', 'Proton Mail', true, false, null, 'Proton: "+aliases", unlimited extra addresses with +'),
  ('protonmail.com', 'Proton Mail', true, false, null, 'a Proton Mail domain'),
  ('protonmail.ch', 'Proton Mail', true, false, null, 'a Proton Mail domain'),
  ('pm.me', 'Proton Mail', true, false, null, 'a Proton Mail domain'),
  ('mailbox.org', 'mailbox.org', true, false, null, 'mailbox.org: "mail extensions" (name+tag@)'),
  ('yandex.ru', 'Yandex Mail', true, false, null, 'Yandex: name+tag@ reaches name@'),
  ('yandex.com', 'Yandex Mail', true, false, null, 'a Yandex Mail domain'),
  ('ya.ru', 'Yandex Mail', true, false, null, 'a Yandex Mail domain'),
  ('runbox.com', 'Runbox', true, false, null, 'Runbox delivers plus addresses'),
  -- checked: no plus addressing (a +tag is another address, which bounces)
  ('abv.bg', 'АБВ', false, false, null, 'no plus addressing'),
  ('mail.bg', 'Mail.bg', false, false, null, 'no plus addressing'),
  ('dir.bg', 'Dir.bg', false, false, null, 'no plus addressing'),
  ('yahoo.com', 'Yahoo Mail', false, false, null, 'no plus addressing (disposable addresses must be created first)'),
  ('ymail.com', 'Yahoo Mail', false, false, null, 'no plus addressing'),
  ('rocketmail.com', 'Yahoo Mail', false, false, null, 'no plus addressing'),
  ('aol.com', 'AOL Mail', false, false, null, 'no plus addressing'),
  ('gmx.com', 'GMX', false, false, null, 'no plus addressing (alias addresses must be created)'),
  ('gmx.de', 'GMX', false, false, null, 'no plus addressing'),
  ('gmx.net', 'GMX', false, false, null, 'no plus addressing'),
  ('web.de', 'WEB.DE', false, false, null, 'no plus addressing'),
  ('mail.com', 'mail.com', false, false, null, 'no plus addressing'),
  ('mail.ru', 'Mail.ru', false, false, null, 'no plus addressing'),
  ('tuta.com', 'Tuta', false, false, null, 'no plus addressing'),
  ('tutanota.com', 'Tuta', false, false, null, 'no plus addressing');

-- ---------------------------------------------------------------------------------------------
-- Recomputing what is stored by mailbox
-- ---------------------------------------------------------------------------------------------
-- Every stored mailbox, computed again with the function in force. `old_support` lists, as
-- '<contact id> <key>', the contacts' e-mail keys that the addresses of their own forms (and the
-- contact's own address) gave them under the rules before: such a key that no address of the
-- contact gives any more belonged to a spelling that is now another mailbox, and goes.
create or replace function private.rekey_mailboxes(old_support text[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  grp record;
  keep uuid;
  gone uuid[];
  changed uuid[];
  boxes text[];
  times timestamptz[];
  hows text[];
  keys text[];
  owners uuid[];
begin
  -- the outbox: each message's mailbox from its recipient
  update private.mail_outbox o set mailbox = private.mailbox_key(o.recipient)
   where o.mailbox is distinct from private.mailbox_key(o.recipient);

  -- proven mailboxes: a key is the address it stands for; two that become one keep the newer proof
  select coalesce(array_agg(private.mailbox_key(p.mailbox)), '{}'), coalesce(array_agg(p.proven_at), '{}'), coalesce(array_agg(p.how), '{}')
    into boxes, times, hows
    from private.proven_mailboxes p where p.mailbox <> private.mailbox_key(p.mailbox);
  delete from private.proven_mailboxes p where p.mailbox <> private.mailbox_key(p.mailbox);
  insert into private.proven_mailboxes as p (mailbox, proven_at, how)
  select distinct on (m.box) m.box, m.at, m.how
    from unnest(boxes, times, hows) as m (box, at, how)
   order by m.box, m.at desc
  on conflict (mailbox) do update
    set proven_at = greatest(p.proven_at, excluded.proven_at),
        how = case when excluded.proven_at > p.proven_at then excluded.how else p.how end;

  -- the contacts' e-mail keys: what the addresses of each contact's forms (and its own) give it
  -- now, and the keys no such address ever gave (sources since deleted) carried over; a key two
  -- contacts claim stays with the one that has it, else goes to the one whose claim is oldest
  with sources as (
    select s.contact_id, s.email, s.created_at from public.contact_submissions s where s.contact_id is not null
    union all
    select a.contact_id, a.client_email, a.created_at from public.appointments a where a.contact_id is not null
    union all
    select c.id, c.email, c.created_at from public.contacts c
  ),
  supported as (
    select s.contact_id, private.email_key(s.email) as key, min(s.created_at) as since
      from sources s where private.email_key(s.email) is not null
     group by 1, 2
  ),
  carried as (
    select k.contact_id, private.email_key(substr(k.key, 7)) as key, c.created_at as since
      from private.contact_keys k join public.contacts c on c.id = k.contact_id
     where k.key like 'email:%' and not (k.contact_id::text || ' ' || k.key = any (old_support))
  ),
  claims as (
    select x.contact_id, x.key, x.since,
           exists (select 1 from private.contact_keys k where k.key = x.key and k.contact_id = x.contact_id) as holds
      from (select * from supported union all select * from carried) x
     where x.key is not null
  )
  select coalesce(array_agg(w.key), '{}'), coalesce(array_agg(w.contact_id), '{}') into keys, owners
    from (select distinct on (cl.key) cl.key, cl.contact_id from claims cl order by cl.key, cl.holds desc, cl.since, cl.contact_id) w;
  delete from private.contact_keys k
   where k.key like 'email:%'
     and not exists (select 1 from unnest(keys, owners) as w (key, contact_id) where w.key = k.key and w.contact_id = k.contact_id);
  insert into private.contact_keys (key, contact_id)
  select w.key, w.contact_id from unnest(keys, owners) as w (key, contact_id)
  on conflict (key) do nothing;

  -- subscribers: one per mailbox. Two that become one are merged into the one whose word is the
  -- strongest (a complaint), else the newest: consents, deliveries and lifts move to it.
  for grp in
    select array_agg(n.id order by (n.status = 'suppressed' and n.suppressed_reason = 'complained') desc,
                                   greatest(n.created_at, n.confirmed_at, n.unsubscribed_at, n.suppressed_at) desc, n.id) as ids
      from public.newsletter_subscribers n
     group by private.mailbox_key(n.email)
    having count(*) > 1
  loop
    keep := grp.ids[1];
    gone := grp.ids[2:];
    update public.newsletter_consents set subscriber_id = keep where subscriber_id = any (gone);
    delete from private.newsletter_deliveries d
     using (select x.id, row_number() over (partition by x.post_id order by (x.subscriber_id = keep) desc, x.id) as nth
              from private.newsletter_deliveries x where x.subscriber_id = keep or x.subscriber_id = any (gone)) r
     where d.id = r.id and r.nth > 1;
    update private.newsletter_deliveries set subscriber_id = keep where subscriber_id = any (gone);
    update public.newsletter_suppression_lifts set subscriber_id = keep where subscriber_id = any (gone);
    delete from public.newsletter_subscribers where id = any (gone);
  end loop;
  -- then the keys, in two steps (a row's new key may be another row's old one)
  select coalesce(array_agg(n.id), '{}') into changed
    from public.newsletter_subscribers n where n.mailbox <> private.mailbox_key(n.email);
  update public.newsletter_subscribers set mailbox = '~' || id::text where id = any (changed);
  update public.newsletter_subscribers n set mailbox = private.mailbox_key(n.email) where n.id = any (changed);
end
$$;

-- Writes private.mailbox_key from private.mailbox_providers, rebuilds the indexes that compute it
-- and recomputes every stored mailbox. Run by the table's trigger; the function is IMMUTABLE (its
-- rules are constants in its body), so indexes may compute it, and it reads no table.
create or replace function private.apply_mailbox_providers() returns void
language plpgsql security definer set search_path = ''
as $$
declare
  old_support text[];
  plus text[];
  dots text[];
  domain_expr text;
  body text;
  idx regclass;
begin
  -- the contacts' keys their own addresses give them under the rules still in force
  select coalesce(array_agg(distinct s.contact_id::text || ' ' || private.email_key(s.email)), '{}') into old_support
    from (select c.contact_id, c.email from public.contact_submissions c where c.contact_id is not null
          union all
          select a.contact_id, a.client_email from public.appointments a where a.contact_id is not null
          union all
          select c.id, c.email from public.contacts c) s
   where private.email_key(s.email) is not null;

  select coalesce(array_agg(p.domain order by p.domain) filter (where p.plus_addressing), '{}'),
         coalesce(array_agg(p.domain order by p.domain) filter (where p.ignores_dots), '{}'),
         coalesce('case p.d' || string_agg(format(' when %L then %L', p.domain, p.same_as), '' order by p.domain)
                    filter (where p.same_as is not null) || ' else p.d end', 'p.d')
    into plus, dots, domain_expr
    from private.mailbox_providers p;
  body := format(
    $body$
  -- generated by private.apply_mailbox_providers() from private.mailbox_providers: change the table, not this
  select case
    when address is null or btrim(address) = '' then ''
    when position('@' in address) = 0 then lower(btrim(address))
    else (
      select case when p.d = any (%L::text[]) then replace(p.l, '.', '') else p.l end || '@' || %s
        from (select t.d,
                     case when t.d = any (%L::text[]) then coalesce(nullif(split_part(t.l, '+', 1), ''), t.l) else t.l end as l
                from (select regexp_replace(x.a, '@[^@]*$', '') as l, substring(x.a from '@([^@]*)$') as d
                        from (select lower(btrim(address)) as a) x) t) p)
  end
$body$, dots, domain_expr, plus);
  execute format('create or replace function private.mailbox_key(address text) returns text language sql immutable set search_path = %L as %L', '', body);

  -- every index that computes a mailbox holds values of the old rules
  for idx in
    select distinct d.objid::regclass
      from pg_catalog.pg_depend d join pg_catalog.pg_class c on c.oid = d.objid
     where d.classid = 'pg_catalog.pg_class'::regclass and c.relkind = 'i'
       and d.refclassid = 'pg_catalog.pg_proc'::regclass
       and d.refobjid in ('private.mailbox_key(text)'::regprocedure, 'private.email_key(text)'::regprocedure)
  loop
    execute format('reindex index %s', idx);
  end loop;

  perform private.rekey_mailboxes(old_support);
end
$$;

create or replace function private.mailbox_providers_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.apply_mailbox_providers();
  return null;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Suppressions: what an address was before, and the record of each lift
-- ---------------------------------------------------------------------------------------------
create table private.newsletter_suppressions (
  subscriber_id uuid primary key references public.newsletter_subscribers (id) on delete cascade,
  previous_status text not null check (previous_status in ('pending', 'confirmed', 'unsubscribed')),
  suppressed_at timestamptz not null default now()
);
comment on table private.newsletter_suppressions is 'The state a suppressed subscriber had before the bounce or complaint: where a lift returns it.';
revoke all on private.newsletter_suppressions from public, anon, authenticated;
-- the suppressed before this: the state their dates tell (before this, a new sign-up cleared unsubscribed_at)
insert into private.newsletter_suppressions (subscriber_id, previous_status, suppressed_at)
select n.id,
       case when n.unsubscribed_at is not null then 'unsubscribed' when n.confirmed_at is not null then 'confirmed' else 'pending' end,
       coalesce(n.suppressed_at, n.updated_at)
  from public.newsletter_subscribers n where n.status = 'suppressed';

create table public.newsletter_suppression_lifts (
  id bigint generated always as identity primary key,
  subscriber_id uuid not null references public.newsletter_subscribers (id) on delete cascade,
  -- what was lifted
  suppressed_reason text not null check (suppressed_reason in ('bounced', 'complained')),
  suppressed_at timestamptz,
  -- the state the subscriber returned to
  restored_status text not null check (restored_status in ('pending', 'confirmed', 'unsubscribed')),
  reason text not null check (char_length(btrim(reason)) between 1 and 500),
  lifted_by uuid references public.blog_users (id) on delete set null,
  -- the admin's name then, so the record still says who after the account is gone
  lifted_by_name text not null default '',
  lifted_at timestamptz not null default now()
);
comment on table public.newsletter_suppression_lifts is
  'Each lift of a bounce or complaint suppression: by whom, when, why, and what was lifted. Append-only; admins read it; '
  'written only by lift_newsletter_suppression.';
create index newsletter_suppression_lifts_subscriber_idx on public.newsletter_suppression_lifts (subscriber_id, lifted_at desc);
create index newsletter_suppression_lifts_by_idx on public.newsletter_suppression_lifts (lifted_by);
alter table public.newsletter_suppression_lifts enable row level security;
create policy "Admins read suppression lifts" on public.newsletter_suppression_lifts for select to authenticated
  using ((select private.is_admin()));
revoke all on public.newsletter_suppression_lifts from public, anon, authenticated;
grant select on public.newsletter_suppression_lifts to authenticated;

-- Append-only: nothing of a record changes. Only an erasure of the subscriber removes it (with the
-- subscriber), a merge of two spellings into one mailbox moves it, and a removed blog user leaves
-- the name behind.
create or replace function private.suppression_lifts_append_only() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    if exists (select 1 from public.newsletter_subscribers n where n.id = old.subscriber_id) then
      raise exception 'The record of lifted suppressions is append-only' using errcode = '42501', hint = 'suppression_lifts_append_only';
    end if;
    return old;
  end if;
  if (new.id, new.suppressed_reason, new.suppressed_at, new.restored_status, new.reason, new.lifted_by_name, new.lifted_at)
       is distinct from (old.id, old.suppressed_reason, old.suppressed_at, old.restored_status, old.reason, old.lifted_by_name, old.lifted_at)
     or (new.lifted_by is distinct from old.lifted_by and new.lifted_by is not null) then
    raise exception 'The record of lifted suppressions is append-only' using errcode = '42501', hint = 'suppression_lifts_append_only';
  end if;
  return new;
end
$$;
create trigger newsletter_suppression_lifts_append_only before update or delete on public.newsletter_suppression_lifts
  for each row execute function private.suppression_lifts_append_only();

-- A bounced address is found by its stored spelling (case aside), so one index on it; unique, as
-- one mailbox is one subscriber and a mailbox is a function of the lower-case address.
create unique index newsletter_subscribers_address_idx on public.newsletter_subscribers (lower(email));

-- ---------------------------------------------------------------------------------------------
-- Bounces and complaints: exactly the address that bounced
-- ---------------------------------------------------------------------------------------------
-- kind: complained, bounced_hard or bounced_soft. Answers what became of the address:
-- suppressed, counted (a soft bounce below three), duplicate (the event was applied before) or
-- unknown_address (no subscriber has this address; another spelling of its mailbox is not it).
create or replace function public.record_mail_event(event_id text, kind text, address text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  s public.newsletter_subscribers;
begin
  if kind not in ('complained', 'bounced_hard', 'bounced_soft') then
    raise exception 'Unknown mail event' using errcode = '22023', hint = 'mail_event_kind';
  end if;
  insert into private.mail_events (event_id, kind) values (event_id, kind) on conflict do nothing;
  if not found then
    return 'duplicate';
  end if;
  select * into s from public.newsletter_subscribers n where lower(n.email) = lower(btrim(coalesce(address, ''))) for update;
  if not found then
    return 'unknown_address';
  end if;
  if s.status = 'suppressed' then
    return 'suppressed';
  end if;
  if kind = 'bounced_soft' then
    update public.newsletter_subscribers set soft_bounces = soft_bounces + 1 where id = s.id returning * into s;
    if s.soft_bounces < 3 then
      return 'counted';
    end if;
  end if;
  insert into private.newsletter_suppressions (subscriber_id, previous_status) values (s.id, s.status)
  on conflict (subscriber_id) do update set previous_status = excluded.previous_status, suppressed_at = excluded.suppressed_at;
  update public.newsletter_subscribers
     set status = 'suppressed', suppressed_at = now(),
         suppressed_reason = case when kind = 'complained' then 'complained' else 'bounced' end
   where id = s.id;
  update private.newsletter_links set revoked_at = now() where subscriber_id = s.id and revoked_at is null and used_at is null;
  update private.newsletter_deliveries set status = 'skipped', last_error = 'suppressed'
   where subscriber_id = s.id and status in ('queued', 'failed');
  return 'suppressed';
end
$$;
comment on function public.record_mail_event(text, text, text) is
  'A bounce or complaint from the mail provider, for exactly the address it names. In the API because the Edge Function '
  'mail-events calls it after checking the webhook''s signature; SECURITY DEFINER because the event log is private; only '
  'the service role may execute it.';

-- ---------------------------------------------------------------------------------------------
-- Lifting a suppression
-- ---------------------------------------------------------------------------------------------
-- 'Премахни блокирането' in the Subscribers tab: the subscriber returns to the state it had before
-- the bounce or complaint (confirmed, pending or unsubscribed), its soft bounces start from zero,
-- and the lift is recorded with who, when and why. Answers the state it returned to.
create or replace function public.lift_newsletter_suppression(subscriber uuid, reason text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  s public.newsletter_subscribers;
  why text := btrim(regexp_replace(coalesce(reason, ''), '[[:cntrl:]]+', ' ', 'g'));
  back text;
  who uuid;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators lift suppressions' using errcode = '42501';
  end if;
  if why = '' then
    raise exception 'Напишете защо премахвате блокирането.' using errcode = '22023', hint = 'lift_reason_required';
  end if;
  if char_length(why) > 500 then
    raise exception 'Причината е твърде дълга: до 500 знака.' using errcode = '22023', hint = 'lift_reason_too_long';
  end if;
  select * into s from public.newsletter_subscribers n where n.id = subscriber for update;
  if not found then
    raise exception 'Абонатът вече не съществува.' using errcode = 'P0002', hint = 'subscriber_gone';
  end if;
  if s.status <> 'suppressed' then
    raise exception 'Този адрес вече не е блокиран.' using errcode = 'P0001', hint = 'newsletter_not_suppressed';
  end if;
  back := coalesce((select x.previous_status from private.newsletter_suppressions x where x.subscriber_id = s.id),
                   case when s.confirmed_at is not null then 'confirmed' else 'pending' end);
  update public.newsletter_subscribers
     set status = back, suppressed_reason = null, suppressed_at = null, soft_bounces = 0
   where id = s.id;
  delete from private.newsletter_suppressions where subscriber_id = s.id;
  who := private.current_blog_user();
  insert into public.newsletter_suppression_lifts (subscriber_id, suppressed_reason, suppressed_at, restored_status, reason, lifted_by, lifted_by_name)
  values (s.id, s.suppressed_reason, s.suppressed_at, back, why, who,
          coalesce((select coalesce(nullif(btrim(b.full_name), ''), b.username) from public.blog_users b where b.id = who), ''));
  return back;
end
$$;
comment on function public.lift_newsletter_suppression(uuid, text) is
  'An admin lifts a bounce or complaint suppression, with a reason, on record. In the API because the admin panel calls it; '
  'SECURITY DEFINER because subscribers change only through the newsletter''s functions and the suppressions are private: '
  'it refuses everyone but an admitted admin (42501).';

-- ---------------------------------------------------------------------------------------------
-- Who may call what; the rules applied
-- ---------------------------------------------------------------------------------------------
revoke all on function private.rekey_mailboxes(text[]) from public, anon, authenticated;
revoke all on function private.apply_mailbox_providers() from public, anon, authenticated;
revoke all on function private.mailbox_providers_changed() from public, anon, authenticated;
revoke all on function private.suppression_lifts_append_only() from public, anon, authenticated;
revoke all on function public.lift_newsletter_suppression(uuid, text) from public, anon, authenticated;
grant execute on function public.lift_newsletter_suppression(uuid, text) to authenticated;

select private.apply_mailbox_providers();
comment on function private.mailbox_key(text) is
  'The mailbox an address reaches, as its provider folds it (private.mailbox_providers): lower case; a +tag dropped only where '
  'the provider delivers plus addresses; dots ignored only where it ignores them (Gmail); googlemail.com as gmail.com. '
  'Generated by private.apply_mailbox_providers(): change the table, not the function.';
-- the indexes on inquiries and bookings compute it as the caller, as before
grant execute on function private.mailbox_key(text) to anon, authenticated, service_role;

create trigger mailbox_providers_changed after insert or update or delete or truncate on private.mailbox_providers
  for each statement execute function private.mailbox_providers_changed();
