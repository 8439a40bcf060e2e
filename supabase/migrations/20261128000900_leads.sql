-- Every inquiry and booking is a lead.
--
--   * First touch: where the visit that wrote came from (campaign tags, whether a click id was
--     there, the referring host, the landing path, when), as the browser kept it. Validated here,
--     stored with the row, used for reporting only.
--   * Stages of an inquiry: new → contacted → proposal → won | lost ('handled' becomes
--     'contacted'); lost needs a reason. An owner (an admin's blog user), the next follow-up and an
--     offer amount in EUR. Every change of these is kept as history.
--   * Contacts: the people behind inquiries and bookings, found by their mailbox (case, +tag and
--     Gmail's dots ignored) or their E.164 phone. Never merged by the database; an admin merges two
--     by hand, and may erase one on request, which leaves a record without personal data.
--   * Notes on a contact (or on one of its inquiries): append-only, with their author and time.
--   * Every morning at 08:00 on the consultant's clock each owner gets one e-mail of the
--     follow-ups due that day and those overdue (none when there are none).
--
-- Admins alone read and write all of it (row-level security); the public may write only what it
-- could before, plus the first touch.

-- ---------------------------------------------------------------------------------------------
-- First touch
-- ---------------------------------------------------------------------------------------------
alter table public.contact_submissions add column first_touch jsonb;
alter table public.appointments add column first_touch jsonb;
comment on column public.contact_submissions.first_touch is
  'Where the visit that sent it came from, as the browser kept it (first touch, at most 90 days old): utm_source, utm_medium, utm_campaign, utm_term, utm_content, gclid/fbclid (present or not), referrer (host), landing_path, at. For reporting only.';
comment on column public.appointments.first_touch is
  'Where the visit that booked came from (as contact_submissions.first_touch). For reporting only.';
grant insert (first_touch) on public.contact_submissions to anon, authenticated;
grant insert (first_touch) on public.appointments to anon, authenticated;

-- What is wrong with a first touch (the key at fault), or null when nothing is.
create or replace function private.first_touch_problem(touch jsonb) returns text
language plpgsql stable set search_path = ''
as $$
declare
  field record;
  value text;
  touched timestamptz;
begin
  if touch is null then
    return null;
  end if;
  if jsonb_typeof(touch) <> 'object' then
    return 'not an object';
  end if;
  for field in select j.key, jsonb_typeof(j.value) as kind, j.value #>> '{}' as val from jsonb_each(touch) j loop
    value := field.val;
    if field.key in ('utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content') then
      if field.kind <> 'string' or char_length(value) not between 1 and 100 or value ~ '[[:cntrl:]]' then
        return field.key;
      end if;
    elsif field.key in ('gclid', 'fbclid') then
      -- whether the address carried one: never its value
      if field.kind <> 'boolean' then
        return field.key;
      end if;
    elsif field.key = 'referrer' then
      if field.kind <> 'string' or value !~ '^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$' then
        return field.key;
      end if;
    elsif field.key = 'landing_path' then
      -- a path alone: a query string could carry who the visitor is
      if field.kind <> 'string' or char_length(value) > 300 or value !~ '^/[^?#[:space:][:cntrl:]]*$' then
        return field.key;
      end if;
    elsif field.key = 'at' then
      if field.kind <> 'string' or value !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$' then
        return field.key;
      end if;
      touched := value::timestamptz;
      if touched < now() - interval '90 days' or touched > now() + interval '1 hour' then
        return field.key;
      end if;
    else
      return field.key;
    end if;
  end loop;
  if not (touch ? 'at' and touch ? 'landing_path') then
    return 'at and landing_path are required';
  end if;
  return null;
end
$$;

create or replace function private.check_first_touch() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  problem text := private.first_touch_problem(new.first_touch);
begin
  if problem is not null then
    raise exception 'Данните за това откъде идва посещението са невалидни. Опитайте отново.'
      using errcode = '23514', hint = 'first_touch_invalid', detail = 'first_touch: ' || problem;
  end if;
  return new;
end
$$;
create trigger c_contact_submissions_first_touch before insert or update of first_touch on public.contact_submissions
  for each row execute function private.check_first_touch();
create trigger c_appointments_first_touch before insert or update of first_touch on public.appointments
  for each row execute function private.check_first_touch();

-- ---------------------------------------------------------------------------------------------
-- Contacts
-- ---------------------------------------------------------------------------------------------
create table public.contacts (
  id uuid primary key default gen_random_uuid(),
  -- as the person last wrote them (the admin may correct the name)
  name text not null default '' check (char_length(name) <= 200),
  email text not null default '' check (char_length(email) <= 320),
  phone text not null default '' check (char_length(phone) <= 40),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
comment on table public.contacts is
  'The people behind inquiries and bookings: one per mailbox or E.164 phone, merged only by an admin (merge_contacts).';
create index contacts_last_seen_idx on public.contacts (last_seen_at desc, id desc);
create trigger contacts_updated_at before update on public.contacts
  for each row execute function private.set_updated_at();
alter table public.contacts enable row level security;
create policy "Admins read contacts" on public.contacts for select to authenticated using ((select private.is_admin()));
create policy "Admins correct contacts" on public.contacts for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
grant select on public.contacts to authenticated;
grant update (name) on public.contacts to authenticated;

-- How a contact is found: 'email:<mailbox>' and 'phone:<E.164>' keys, each of one contact.
create table private.contact_keys (
  key text primary key,
  contact_id uuid not null references public.contacts (id) on delete cascade
);
create index contact_keys_contact_idx on private.contact_keys (contact_id);
revoke all on private.contact_keys from public, anon, authenticated;

create or replace function private.email_key(address text) returns text
language sql immutable set search_path = ''
as $$ select case when coalesce(address, '') <> '' then 'email:' || private.mailbox_key(address) end $$;

create or replace function private.phone_key(phone text) returns text
language sql immutable set search_path = ''
as $$ select case when phone ~ '^\+[1-9][0-9]{6,14}$' then 'phone:' || phone end $$;

-- The contact of a person who wrote `name`, `email`, `phone`: the one with the mailbox, else the
-- one with the phone, else a new one. Keys not yet anyone's become this contact's; a key of
-- another contact stays there (the admin merges, the database does not).
create or replace function private.contact_for(name text, email text, phone text) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  mail_key text := private.email_key(email);
  tel_key text := private.phone_key(phone);
  found uuid;
  made uuid;
begin
  select k.contact_id into found from private.contact_keys k where k.key = mail_key;
  if found is null then
    select k.contact_id into found from private.contact_keys k where k.key = tel_key;
  end if;
  if found is null then
    insert into public.contacts (name, email, phone) values (coalesce(name, ''), coalesce(email, ''), coalesce(phone, ''))
    returning id into made;
    found := made;
  else
    update public.contacts c
       set last_seen_at = now(),
           name = coalesce(nullif(contact_for.name, ''), c.name),
           email = coalesce(nullif(contact_for.email, ''), c.email),
           phone = coalesce(nullif(contact_for.phone, ''), c.phone)
     where c.id = found;
  end if;
  if mail_key is not null then
    insert into private.contact_keys (key, contact_id) values (mail_key, found) on conflict (key) do nothing;
  end if;
  if tel_key is not null then
    insert into private.contact_keys (key, contact_id) values (tel_key, found) on conflict (key) do nothing;
  end if;
  -- two first messages of one person at once: the one stored first holds the key, the other
  -- contact gives its row over to it
  if made is not null and mail_key is not null
     and (select k.contact_id from private.contact_keys k where k.key = mail_key) <> made then
    select k.contact_id into found from private.contact_keys k where k.key = mail_key;
    update private.contact_keys set contact_id = found where contact_id = made;
    delete from public.contacts where id = made;
  end if;
  return found;
end
$$;

alter table public.contact_submissions add column contact_id uuid references public.contacts (id) on delete set null;
alter table public.appointments add column contact_id uuid references public.contacts (id) on delete set null;
create index contact_submissions_contact_idx on public.contact_submissions (contact_id, created_at desc);
create index appointments_contact_idx on public.appointments (contact_id, preferred_date desc);

create or replace function private.inquiry_contact() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.contact_id := private.contact_for(new.name, new.email, new.phone);
  return new;
end
$$;
create or replace function private.booking_contact() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.contact_id := private.contact_for(new.client_name, new.client_email, new.client_phone);
  return new;
end
$$;
-- after the bot traps, the cleaning and the limits (triggers fire in name order)
create trigger d_contact_submissions_contact before insert on public.contact_submissions
  for each row execute function private.inquiry_contact();
create trigger d_appointments_contact before insert on public.appointments
  for each row execute function private.booking_contact();

-- the people of what is already there, oldest first
do $$
declare
  r record;
begin
  for r in
    select 'inquiry' as kind, id, name, email, phone, created_at from public.contact_submissions
    union all
    select 'booking', id, client_name, client_email, client_phone, created_at from public.appointments
    order by created_at, id
  loop
    if r.kind = 'inquiry' then
      update public.contact_submissions set contact_id = private.contact_for(r.name, r.email, r.phone) where id = r.id;
    else
      update public.appointments set contact_id = private.contact_for(r.name, r.email, r.phone) where id = r.id;
    end if;
  end loop;
end
$$;
update public.contacts c set created_at = seen.earliest, last_seen_at = seen.latest
  from (select x.contact_id, min(x.created_at) as earliest, max(x.created_at) as latest
          from (select s.contact_id, s.created_at from public.contact_submissions s
                union all
                select a.contact_id, a.created_at from public.appointments a) x
         group by x.contact_id) seen
 where seen.contact_id = c.id;

-- ---------------------------------------------------------------------------------------------
-- Stages, owner, follow-up, offer
-- ---------------------------------------------------------------------------------------------
alter table public.contact_submissions drop constraint contact_submissions_status_check;
update public.contact_submissions set status = 'contacted' where status = 'handled';
alter table public.contact_submissions add constraint contact_submissions_status_check
  check (status in ('new', 'contacted', 'proposal', 'won', 'lost'));
alter table public.contact_submissions
  add column lost_reason text check (char_length(lost_reason) <= 300),
  add column owner_id uuid references public.blog_users (id) on delete set null,
  add column follow_up_at timestamptz,
  add column offer_amount numeric(12, 2) check (offer_amount >= 0);
comment on column public.contact_submissions.status is 'The stage: new, contacted, proposal, won or lost.';
comment on column public.contact_submissions.lost_reason is 'Why it was lost (required for lost, dropped otherwise).';
comment on column public.contact_submissions.owner_id is 'The admin (blog user) who owns the lead.';
comment on column public.contact_submissions.follow_up_at is 'When to follow up next; set only to a future time.';
comment on column public.contact_submissions.offer_amount is 'The offer''s amount in EUR, if any.';
-- an owner's follow-ups (the morning e-mail), and the key a deleted blog user's leads are found by
create index contact_submissions_owner_follow_up_idx on public.contact_submissions (owner_id, follow_up_at);
create index contact_submissions_follow_up_idx on public.contact_submissions (follow_up_at)
  where follow_up_at is not null and status not in ('won', 'lost');
grant update (lost_reason, owner_id, follow_up_at, offer_amount) on public.contact_submissions to authenticated;

-- Whether a blog user is an admitted admin's (as private.is_admin() asks of the caller).
create or replace function private.is_admin_user(blog_user uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1
      from public.blog_users b
      join auth.users u on u.id = b.user_id
     where b.id = blog_user
       and b.is_active
       and u.email_confirmed_at is not null
       and u.deleted_at is null
       and (u.banned_until is null or u.banned_until <= now())
       and u.email = b.email)
$$;

-- The caller's blog user (null for the database's own jobs and for visitors).
create or replace function private.current_blog_user() returns uuid
language sql stable security definer set search_path = ''
as $$ select b.id from public.blog_users b where b.user_id = auth.uid() $$;

create or replace function private.lead_rules() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.status = 'lost' then
    if coalesce(btrim(new.lost_reason), '') = '' then
      raise exception 'Изберете или напишете причина за загубата.' using errcode = '23514', hint = 'lost_reason_required';
    end if;
    new.lost_reason := btrim(new.lost_reason);
    if char_length(new.lost_reason) > 300 then
      raise exception 'Причината е твърде дълга: до 300 знака.' using errcode = '23514', hint = 'lost_reason_too_long';
    end if;
  else
    new.lost_reason := null;
  end if;
  if new.owner_id is not null and (tg_op = 'INSERT' or new.owner_id is distinct from old.owner_id)
     and not private.is_admin_user(new.owner_id) then
    raise exception 'Отговорникът трябва да е активен администратор.' using errcode = '23514', hint = 'owner_not_admin';
  end if;
  if new.follow_up_at is not null and (tg_op = 'INSERT' or new.follow_up_at is distinct from old.follow_up_at)
     and new.follow_up_at <= now() then
    raise exception 'Следващият контакт трябва да е в бъдещето.' using errcode = '23514', hint = 'follow_up_past';
  end if;
  if new.offer_amount is not null and new.offer_amount < 0 then
    raise exception 'Сумата на офертата не може да е отрицателна.' using errcode = '23514', hint = 'offer_amount_invalid';
  end if;
  return new;
end
$$;
create trigger e_contact_submissions_lead before insert or update of status, lost_reason, owner_id, follow_up_at, offer_amount
  on public.contact_submissions for each row execute function private.lead_rules();

-- ---------------------------------------------------------------------------------------------
-- History: stage, owner, follow-up and offer changes, merges
-- ---------------------------------------------------------------------------------------------
create table private.lead_events (
  id bigserial primary key,
  contact_id uuid references public.contacts (id) on delete cascade,
  inquiry_id uuid references public.contact_submissions (id) on delete cascade,
  kind text not null check (kind in ('stage', 'owner', 'follow_up', 'offer', 'merged')),
  detail jsonb not null default '{}',
  actor_id uuid references public.blog_users (id) on delete set null,
  created_at timestamptz not null default clock_timestamp()
);
create index lead_events_contact_idx on private.lead_events (contact_id, id);
create index lead_events_inquiry_idx on private.lead_events (inquiry_id, id);
create index lead_events_actor_idx on private.lead_events (actor_id);
revoke all on private.lead_events from public, anon, authenticated;

create or replace function private.record_lead_changes() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  actor uuid := private.current_blog_user();
begin
  if new.status is distinct from old.status then
    insert into private.lead_events (contact_id, inquiry_id, kind, detail, actor_id)
    values (new.contact_id, new.id, 'stage', jsonb_build_object('from', old.status, 'to', new.status, 'reason', new.lost_reason), actor);
  end if;
  if new.owner_id is distinct from old.owner_id then
    insert into private.lead_events (contact_id, inquiry_id, kind, detail, actor_id)
    values (new.contact_id, new.id, 'owner', jsonb_build_object('from', old.owner_id, 'to', new.owner_id), actor);
  end if;
  if new.follow_up_at is distinct from old.follow_up_at then
    insert into private.lead_events (contact_id, inquiry_id, kind, detail, actor_id)
    values (new.contact_id, new.id, 'follow_up', jsonb_build_object('from', old.follow_up_at, 'to', new.follow_up_at), actor);
  end if;
  if new.offer_amount is distinct from old.offer_amount then
    insert into private.lead_events (contact_id, inquiry_id, kind, detail, actor_id)
    values (new.contact_id, new.id, 'offer', jsonb_build_object('from', old.offer_amount, 'to', new.offer_amount), actor);
  end if;
  return null;
end
$$;
create trigger contact_submissions_lead_history after update of status, owner_id, follow_up_at, offer_amount
  on public.contact_submissions for each row execute function private.record_lead_changes();

-- ---------------------------------------------------------------------------------------------
-- Notes
-- ---------------------------------------------------------------------------------------------
create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  contact_id uuid not null references public.contacts (id) on delete cascade,
  inquiry_id uuid references public.contact_submissions (id) on delete set null,
  author_id uuid references public.blog_users (id) on delete set null,
  -- as the author was called when writing: the note keeps it after the account is gone
  author_name text not null default '',
  body text not null,
  created_at timestamptz not null default now()
);
comment on table public.lead_notes is 'Notes on a contact (and one of its inquiries): append-only, with who wrote them and when.';
create index lead_notes_contact_idx on public.lead_notes (contact_id, created_at desc);
create index lead_notes_inquiry_idx on public.lead_notes (inquiry_id);
create index lead_notes_author_idx on public.lead_notes (author_id);
alter table public.lead_notes enable row level security;
create policy "Admins read notes" on public.lead_notes for select to authenticated using ((select private.is_admin()));
create policy "Admins add notes" on public.lead_notes for insert to authenticated with check ((select private.is_admin()));
grant select on public.lead_notes to authenticated;
grant insert (contact_id, inquiry_id, body) on public.lead_notes to authenticated;

create or replace function private.note_written() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  new.body := btrim(coalesce(new.body, ''));
  if new.body = '' then
    raise exception 'Напишете бележката.' using errcode = '23514', hint = 'note_empty';
  end if;
  if char_length(new.body) > 2000 then
    raise exception 'Бележката е твърде дълга: до 2000 знака.' using errcode = '23514', hint = 'note_too_long';
  end if;
  -- a note on an inquiry belongs to that inquiry's contact
  if new.inquiry_id is not null then
    select c.contact_id into new.contact_id from public.contact_submissions c where c.id = new.inquiry_id;
  end if;
  new.author_id := private.current_blog_user();
  new.author_name := coalesce((select coalesce(nullif(b.full_name, ''), b.username) from public.blog_users b where b.id = new.author_id), '');
  new.created_at := now();
  return new;
end
$$;
create trigger lead_notes_written before insert on public.lead_notes
  for each row execute function private.note_written();

-- ---------------------------------------------------------------------------------------------
-- The admin's questions and actions
-- ---------------------------------------------------------------------------------------------
create or replace function private.require_admin() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Нямате права за това действие.' using errcode = '42501';
  end if;
end
$$;

-- One contact's page: the contact, and its inquiries, bookings, history, e-mails and notes, the
-- newest 200 of each.
create or replace function public.contact_timeline(contact uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  person public.contacts;
begin
  perform private.require_admin();
  select * into person from public.contacts c where c.id = contact;
  if not found then
    return null;
  end if;
  return jsonb_build_object(
    'contact', to_jsonb(person),
    'inquiries', coalesce((
      select jsonb_agg(to_jsonb(i) - 'bot_trap' - 'fill_ms' - 'proof' order by i.created_at desc)
        from (select * from public.contact_submissions s where s.contact_id = contact order by s.created_at desc limit 200) i), '[]'),
    'bookings', coalesce((
      select jsonb_agg(to_jsonb(a) - 'bot_trap' - 'fill_ms' - 'proof' order by a.created_at desc)
        from (select * from public.appointments p where p.contact_id = contact order by p.created_at desc limit 200) a), '[]'),
    'events', coalesce((
      select jsonb_agg(jsonb_build_object('id', e.id, 'inquiry_id', e.inquiry_id, 'kind', e.kind, 'detail', e.detail,
                                          'actor', coalesce(nullif(b.full_name, ''), b.username), 'created_at', e.created_at)
                       order by e.id desc)
        from (select * from private.lead_events l where l.contact_id = contact order by l.id desc limit 200) e
        left join public.blog_users b on b.id = e.actor_id), '[]'),
    'mails', coalesce((
      select jsonb_agg(jsonb_build_object('id', m.id, 'purpose', m.purpose, 'subject', m.subject, 'recipient', m.recipient,
                                          'status', m.status, 'created_at', m.created_at, 'sent_at', m.sent_at,
                                          'inquiry_id', m.inquiry_id, 'appointment_id', m.appointment_id)
                       order by m.id desc)
        from (select o.* from private.mail_outbox o
               where o.inquiry_id in (select s.id from public.contact_submissions s where s.contact_id = contact)
                  or o.appointment_id in (select p.id from public.appointments p where p.contact_id = contact)
               order by o.id desc limit 200) m), '[]'),
    'notes', coalesce((
      select jsonb_agg(to_jsonb(n) order by n.created_at desc)
        from (select * from public.lead_notes t where t.contact_id = contact order by t.created_at desc limit 200) n), '[]')
  );
end
$$;

-- Two contacts become one: `other`'s inquiries, bookings, notes, history and keys move to `keep`.
create or replace function public.merge_contacts(keep uuid, other uuid) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  gone public.contacts;
begin
  perform private.require_admin();
  if keep = other then
    raise exception 'Изберете друг контакт за обединяване.' using errcode = '22023', hint = 'merge_same';
  end if;
  select * into gone from public.contacts c where c.id = other for update;
  if not found or not exists (select 1 from public.contacts c where c.id = keep) then
    raise exception 'Контактът вече не съществува.' using errcode = 'P0002', hint = 'contact_gone';
  end if;
  update public.contact_submissions set contact_id = keep where contact_id = other;
  update public.appointments set contact_id = keep where contact_id = other;
  update public.lead_notes set contact_id = keep where contact_id = other;
  update private.lead_events set contact_id = keep where contact_id = other;
  update private.contact_keys set contact_id = keep where contact_id = other;
  update public.contacts c
     set email = coalesce(nullif(c.email, ''), gone.email),
         phone = coalesce(nullif(c.phone, ''), gone.phone),
         name = coalesce(nullif(c.name, ''), gone.name),
         created_at = least(c.created_at, gone.created_at),
         last_seen_at = greatest(c.last_seen_at, gone.last_seen_at)
   where c.id = keep;
  insert into private.lead_events (contact_id, kind, detail, actor_id)
  values (keep, 'merged', jsonb_build_object('name', gone.name, 'email', gone.email, 'phone', gone.phone), private.current_blog_user());
  delete from public.contacts where id = other;
end
$$;

-- Erasures: when and by whom, and how much went; nothing of the person.
create table private.contact_erasures (
  id bigserial primary key,
  erased_at timestamptz not null default now(),
  erased_by uuid references public.blog_users (id) on delete set null,
  inquiries integer not null,
  bookings integer not null,
  notes integer not null,
  mails integer not null
);
create index contact_erasures_by_idx on private.contact_erasures (erased_by);
revoke all on private.contact_erasures from public, anon, authenticated;

-- A person's data erased on their request: their inquiries, their bookings' personal fields,
-- their notes and history, the e-mails and chat messages about them; the bookings stay (with their
-- times) so the calendar and the counts stay true.
create or replace function public.erase_contact(contact uuid) returns jsonb
language plpgsql security definer set search_path = ''
as $$
declare
  mailboxes text[];
  inquiry_ids uuid[];
  booking_ids uuid[];
  counts jsonb;
  mails integer;
  notes integer;
begin
  perform private.require_admin();
  if not exists (select 1 from public.contacts c where c.id = contact) then
    raise exception 'Контактът вече не съществува.' using errcode = 'P0002', hint = 'contact_gone';
  end if;
  select coalesce(array_agg(substr(k.key, 7)), '{}') into mailboxes from private.contact_keys k
   where k.contact_id = contact and k.key like 'email:%';
  select coalesce(array_agg(s.id), '{}') into inquiry_ids from public.contact_submissions s where s.contact_id = contact;
  select coalesce(array_agg(a.id), '{}') into booking_ids from public.appointments a where a.contact_id = contact;

  delete from private.mail_outbox o
   where o.inquiry_id = any (inquiry_ids) or o.appointment_id = any (booking_ids) or o.mailbox = any (mailboxes);
  get diagnostics mails = row_count;
  delete from private.chat_outbox c where c.inquiry_id = any (inquiry_ids) or c.appointment_id = any (booking_ids);
  delete from private.proven_mailboxes p where p.mailbox = any (mailboxes);
  delete from private.booking_links l where l.appointment_id = any (booking_ids);
  select count(*) into notes from public.lead_notes n where n.contact_id = contact;

  delete from public.contact_submissions s where s.id = any (inquiry_ids);
  update public.appointments
     set client_name = 'Изтрит контакт', client_email = 'erased@erased.invalid', client_phone = '',
         company_name = '', message = '', visitor_time_zone = null, first_touch = null, contact_id = null
   where id = any (booking_ids);
  delete from public.contacts c where c.id = contact;

  insert into private.contact_erasures (erased_by, inquiries, bookings, notes, mails)
  values (private.current_blog_user(), cardinality(inquiry_ids), cardinality(booking_ids), notes, mails);
  counts := jsonb_build_object('inquiries', cardinality(inquiry_ids), 'bookings', cardinality(booking_ids), 'notes', notes, 'mails', mails);
  return counts;
end
$$;

-- The board's columns: per stage, how many leads and the sum of their offers.
create or replace function public.lead_stage_totals() returns table (stage text, leads bigint, offers numeric)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
    select s.stage, count(c.id), coalesce(sum(c.offer_amount), 0)
      from unnest(array['new', 'contacted', 'proposal', 'won', 'lost']) with ordinality as s(stage, n)
      left join public.contact_submissions c on c.status = s.stage
     group by s.stage, s.n
     order by s.n;
end
$$;

comment on function public.contact_timeline(uuid) is
  'One contact''s page: its inquiries, bookings, history, e-mails and notes. In the API because the admin panel calls it; '
  'SECURITY DEFINER because the history and the outbox are private tables: it refuses everyone but an admitted admin (42501) before it reads anything.';
comment on function public.merge_contacts(uuid, uuid) is
  'Moves one contact''s inquiries, bookings, notes, history and keys to another, and removes it. In the API because the admin panel calls it; '
  'SECURITY DEFINER because the keys and the history are private tables: it refuses everyone but an admitted admin (42501) first.';
comment on function public.erase_contact(uuid) is
  'Erases a person''s data on request and records that it was done, without the data. In the API because the admin panel calls it; '
  'SECURITY DEFINER because the outbox, the links and the erasure log are private tables: it refuses everyone but an admitted admin (42501) first.';
comment on function public.lead_stage_totals() is
  'Per stage, the number of inquiries and the sum of their offers (the board''s column heads). In the API because the admin panel calls it; '
  'SECURITY DEFINER because it counts every inquiry in one statement without row-level security''s check per row: it refuses everyone but an admitted admin (42501) first.';
revoke all on function public.contact_timeline(uuid), public.merge_contacts(uuid, uuid), public.erase_contact(uuid), public.lead_stage_totals()
  from public, anon;
grant execute on function public.contact_timeline(uuid), public.merge_contacts(uuid, uuid), public.erase_contact(uuid), public.lead_stage_totals()
  to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The morning e-mail of follow-ups
-- ---------------------------------------------------------------------------------------------
alter table private.mail_outbox drop constraint mail_outbox_check;
alter table private.mail_outbox add constraint mail_outbox_subject check (num_nonnulls(inquiry_id, appointment_id) <= 1);
alter table private.mail_outbox drop constraint mail_outbox_purpose_check;
alter table private.mail_outbox add constraint mail_outbox_purpose_check check (purpose in
  ('booking_received', 'booking_confirmed', 'booking_cancelled', 'booking_moved', 'booking_reminder', 'inquiry_received',
   'follow_up_digest'));

create table private.follow_up_digests (
  owner_id uuid not null references public.blog_users (id) on delete cascade,
  day date not null,
  mail_id bigint,
  primary key (owner_id, day)
);
revoke all on private.follow_up_digests from public, anon, authenticated;

-- At or after 08:00 on the consultant's clock, once a day: each owner whose open leads have a
-- follow-up due today or overdue gets one e-mail listing them. `moment` is now, but for tests.
create or replace function private.send_follow_up_digests(moment timestamptz default now()) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  tz text := private.calendar_zone();
  local_now timestamp := moment at time zone tz;
  today date := (moment at time zone tz)::date;
  day_start timestamptz := (today::timestamp) at time zone tz;
  day_end timestamptz := ((today + 1)::timestamp) at time zone tz;
  settings private.mail_settings;
  owner record;
  lead record;
  overdue text[][];
  due text[][];
  facts text[][];
  bodies jsonb;
  subject text;
  message_id bigint;
  sent integer := 0;
begin
  if local_now::time < time '08:00' or not private.mail_ready() then
    return 0;
  end if;
  select * into settings from private.mail_settings where id;
  for owner in
    select b.id, b.email, coalesce(nullif(b.full_name, ''), b.username) as name
      from public.blog_users b
     where private.is_admin_user(b.id)
       and exists (select 1 from public.contact_submissions c
                    where c.owner_id = b.id and c.follow_up_at < day_end and c.status not in ('won', 'lost'))
       and not exists (select 1 from private.follow_up_digests d where d.owner_id = b.id and d.day = today)
     order by b.id
  loop
    overdue := array[]::text[][];
    due := array[]::text[][];
    for lead in
      select c.follow_up_at, c.name, c.company, c.status
        from public.contact_submissions c
       where c.owner_id = owner.id and c.follow_up_at < day_end and c.status not in ('won', 'lost')
       order by c.follow_up_at
       limit 100
    loop
      facts := array[[
        to_char(lead.follow_up_at at time zone tz, case when lead.follow_up_at < day_start then 'DD.MM.YYYY HH24:MI' else 'HH24:MI' end),
        private.short_name(lead.name) || coalesce(' (' || nullif(private.short_name(lead.company), '') || ')', '')
          || ' — ' || case lead.status when 'new' then 'Нова' when 'contacted' then 'В контакт' else 'Оферта' end]];
      if lead.follow_up_at < day_start then
        overdue := overdue || facts;
      else
        due := due || facts;
      end if;
    end loop;
    subject := 'Проследявания за ' || to_char(today, 'DD.MM.YYYY') || ' — ' || settings.brand;
    bodies := private.mail_bodies('Проследявания за днес',
      array[private.greeting(owner.name),
            case when cardinality(due) > 0 then 'За днес: ' || array_length(due, 1) || '.' else 'За днес няма.' end
              || case when cardinality(overdue) > 0 then ' Просрочени: ' || array_length(overdue, 1) || '.' else '' end],
      overdue || due,
      array[array['Отвори запитванията', settings.site_url || '/blog-admin/inquiries']],
      case when cardinality(overdue) > 0 then array['Първо са просрочените (с дата), после тези за днес (с час).'] else array[]::text[] end,
      E'Поздрави,\n' || settings.brand);
    message_id := private.enqueue_mail(null, null, 'follow_up_digest', null, owner.email, subject,
      jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(owner.email), 'subject', subject,
                         'html', bodies ->> 'html', 'text', bodies ->> 'text'),
      'system');
    insert into private.follow_up_digests (owner_id, day, mail_id) values (owner.id, today, message_id);
    sent := sent + 1;
  end loop;
  return sent;
end
$$;

do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('lead-follow-ups', '* * * * *', 'select private.send_follow_up_digests()');
  else
    raise warning 'pg_cron is not available: no morning e-mail of follow-ups is sent (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;

revoke all on all functions in schema private from public, anon, authenticated;
grant execute on function private.is_admin() to anon, authenticated, service_role;
grant execute on function private.mailbox_key(text) to anon, authenticated, service_role;
