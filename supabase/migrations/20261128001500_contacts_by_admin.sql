-- Contacts change only by an admin (issue 46).
--
-- Before: a form that matched a contact by its phone (or mailbox) overwrote the contact's name,
-- e-mail and phone with what it typed and added its mailbox and phone to the contact, so a stranger
-- who typed a client's phone took the client's page over: the admin saw the stranger's address above
-- the client's history and answered the stranger.
--
-- Now:
--   * A form (an inquiry, a booking: any insert) joins an existing contact only on the exact mailbox
--     (private.mailbox_key, through private.email_key) and changes nothing of it but its last-seen
--     time; it never adds a mailbox or a phone to it. Without a known mailbox (a new address, or a
--     phone alone) it makes a contact of its own. What a form typed stays on its own row.
--   * The contact's page (contact_timeline) shows what the forms of a contact typed that differs
--     from the contact's own name, e-mail and phone as new, unconfirmed details, and the other
--     contacts that share one of its phones as possible matches. The admin adopts a detail into the
--     contact or dismisses it, or dismisses a match (review_contact_detail), or merges
--     (merge_contacts); each decision is kept with who made it and shows in the history.
--   * Existing contacts are left as they are: which of their details a stranger wrote cannot be told
--     afterwards. Their forms that differ from them now show as unconfirmed, for the admin to put
--     right by hand. The phone keys go: a phone no longer finds anyone.

-- ---------------------------------------------------------------------------------------------
-- A contact is found by its mailbox alone
-- ---------------------------------------------------------------------------------------------
comment on table public.contacts is
  'The people behind inquiries and bookings: one per mailbox (or per form without a known one). Their name, e-mail and phone '
  'change only by an admin (review_contact_detail, an update of the name); forms join one only on its exact mailbox, merged only by an admin (merge_contacts).';
delete from private.contact_keys where key not like 'email:%';
alter table private.contact_keys add constraint contact_keys_mailbox check (key like 'email:%');
drop function private.phone_key(text);

-- The contact of a form that typed `name`, `email`, `phone`: the one whose mailbox it is, untouched
-- but for when it was last seen; else a new one of what it typed, holding the mailbox.
create or replace function private.contact_for(name text, email text, phone text) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  mail_key text := private.email_key(email);
  found uuid;
  made uuid;
begin
  if mail_key is not null then
    select k.contact_id into found from private.contact_keys k where k.key = mail_key;
    if found is not null then
      update public.contacts c set last_seen_at = now() where c.id = found;
      return found;
    end if;
  end if;
  insert into public.contacts (name, email, phone)
  values (left(coalesce(contact_for.name, ''), 200), left(coalesce(contact_for.email, ''), 320), left(coalesce(contact_for.phone, ''), 40))
  returning id into made;
  if mail_key is not null then
    insert into private.contact_keys (key, contact_id) values (mail_key, made) on conflict (key) do nothing;
    -- two first messages from one mailbox at once: the one stored first holds the key, and the other
    -- joins it (as any later form from the mailbox would)
    select k.contact_id into found from private.contact_keys k where k.key = mail_key;
    if found <> made then
      delete from public.contacts c where c.id = made;
      update public.contacts c set last_seen_at = now() where c.id = found;
      return found;
    end if;
  end if;
  return made;
end
$$;

-- the triggers stay as they were: each form's own row keeps what it typed
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

-- ---------------------------------------------------------------------------------------------
-- Details the forms typed, and the admin's decisions on them
-- ---------------------------------------------------------------------------------------------
-- What makes two spellings of a detail one: a name without case or extra spaces, an address's
-- mailbox, a phone's digits.
create or replace function private.detail_key(field text, value text) returns text
language sql stable set search_path = ''
as $$
  select case
    when value is null or btrim(value) = '' then null
    when field = 'name' then lower(regexp_replace(btrim(value), '\s+', ' ', 'g'))
    when field = 'email' then private.mailbox_key(value)
    when field = 'phone' then regexp_replace(value, '[^0-9+]', '', 'g')
    else btrim(value)
  end
$$;

-- Every name, e-mail and phone the forms of a contact typed, one row each.
create or replace function private.contact_form_details(contact uuid)
returns table (kind text, id uuid, at timestamptz, field text, value text, value_key text)
language sql stable set search_path = ''
as $$
  select 'inquiry', s.id, s.created_at, f.field, f.value, private.detail_key(f.field, f.value)
    from public.contact_submissions s
   cross join lateral (values ('name', s.name), ('email', s.email), ('phone', s.phone)) as f (field, value)
   where s.contact_id = contact_form_details.contact and btrim(f.value) <> ''
  union all
  select 'booking', a.id, a.created_at, f.field, f.value, private.detail_key(f.field, f.value)
    from public.appointments a
   cross join lateral (values ('name', a.client_name), ('email', a.client_email), ('phone', a.client_phone)) as f (field, value)
   where a.contact_id = contact_form_details.contact and btrim(f.value) <> ''
$$;

-- The admin's decisions: a detail adopted or dismissed, one replaced by another (the contact's
-- earlier one), a possible match dismissed ('match', the other contact's id, and no more of it). A
-- detail decided on is no longer shown as unconfirmed. The rows go with their contact (also on an
-- erasure); they hold only what that contact's own forms typed.
create table private.contact_detail_reviews (
  contact_id uuid not null references public.contacts (id) on delete cascade,
  field text not null check (field in ('name', 'email', 'phone', 'match')),
  value_key text not null,
  -- as shown when it was decided on
  value text not null default '',
  decision text not null check (decision in ('adopted', 'dismissed', 'replaced')),
  decided_by uuid references public.blog_users (id) on delete set null,
  decided_at timestamptz not null default now(),
  primary key (contact_id, field, value_key)
);
create index contact_detail_reviews_match_idx on private.contact_detail_reviews (value_key) where field = 'match';
create index contact_detail_reviews_by_idx on private.contact_detail_reviews (decided_by);
revoke all on private.contact_detail_reviews from public, anon, authenticated;

-- A contact's name, e-mail or phone changed (by an admin: nobody else writes a contact): the one it
-- replaces is a known detail, not a new one, when a form of the contact carries it.
create or replace function private.contact_corrected() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  actor uuid := private.current_blog_user();
begin
  insert into private.contact_detail_reviews (contact_id, field, value_key, value, decision, decided_by)
  select new.id, d.field, private.detail_key(d.field, d.old_value), d.old_value, 'replaced', actor
    from (values ('name', old.name, new.name), ('email', old.email, new.email), ('phone', old.phone, new.phone)) as d (field, old_value, new_value)
   where private.detail_key(d.field, d.old_value) is not null
     and private.detail_key(d.field, d.old_value) is distinct from private.detail_key(d.field, d.new_value)
  on conflict on constraint contact_detail_reviews_pkey do nothing;
  return null;
end
$$;
create trigger contacts_corrected after update of name, email, phone on public.contacts
  for each row execute function private.contact_corrected();

alter table private.lead_events drop constraint lead_events_kind_check;
alter table private.lead_events add constraint lead_events_kind_check
  check (kind in ('stage', 'owner', 'follow_up', 'offer', 'merged', 'detail_adopted', 'detail_dismissed', 'match_dismissed'));

-- possible matches are found by phone
create index contacts_phone_idx on public.contacts (phone);
create index contact_submissions_phone_idx on public.contact_submissions (phone);
create index appointments_client_phone_idx on public.appointments (client_phone);

-- ---------------------------------------------------------------------------------------------
-- The contact's page
-- ---------------------------------------------------------------------------------------------
-- One contact's page: the contact, and its inquiries, bookings, history, e-mails and notes, the
-- newest 200 of each; the details its forms typed that are not the contact's own and not yet
-- decided on ('unconfirmed'), and the other contacts with one of its phones ('matches').
create or replace function public.contact_timeline(contact uuid) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  person public.contacts;
  phones text[];
begin
  perform private.require_admin();
  select * into person from public.contacts c where c.id = contact;
  if not found then
    return null;
  end if;
  select coalesce(array_agg(distinct p.phone), '{}') into phones
    from (select person.phone as phone
          union all
          select d.value from private.contact_form_details(contact) d where d.field = 'phone') p
   where p.phone ~ '^\+[1-9][0-9]{6,14}$';
  return jsonb_build_object(
    'contact', to_jsonb(person),
    'inquiries', coalesce((
      select jsonb_agg(to_jsonb(i) - 'bot_trap' - 'fill_ms' - 'proof' order by i.created_at desc)
        from (select * from public.contact_submissions s where s.contact_id = contact order by s.created_at desc limit 200) i), '[]'),
    'bookings', coalesce((
      select jsonb_agg(to_jsonb(a) - 'bot_trap' - 'fill_ms' - 'proof' order by a.created_at desc)
        from (select * from public.appointments p where p.contact_id = contact order by p.created_at desc limit 200) a), '[]'),
    'events', coalesce((
      -- a dismissed match names the other contact as it is now (its own erasure leaves nothing of it here)
      select jsonb_agg(jsonb_build_object('id', e.id, 'inquiry_id', e.inquiry_id, 'kind', e.kind,
                                          'detail', case when e.kind = 'match_dismissed'
                                                         then e.detail || coalesce((select jsonb_build_object('name', o.name, 'email', o.email, 'phone', o.phone)
                                                                                      from public.contacts o where o.id::text = e.detail ->> 'id'), '{}')
                                                         else e.detail end,
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
        from (select * from public.lead_notes t where t.contact_id = contact order by t.created_at desc limit 200) n), '[]'),
    'unconfirmed', coalesce((
      select jsonb_agg(jsonb_build_object('field', u.field, 'value', u.value, 'count', u.times, 'sources', to_jsonb(u.sources[1:5]))
                       order by u.ord, u.last_at desc)
        from (select d.field, (array_agg(d.value order by d.at desc))[1] as value, count(*) as times, max(d.at) as last_at,
                     array_position(array['name', 'email', 'phone'], d.field) as ord,
                     array_agg(jsonb_build_object('kind', d.kind, 'id', d.id, 'at', d.at) order by d.at desc) as sources
                from private.contact_form_details(contact) d
               where d.value_key is distinct from private.detail_key(d.field, case d.field when 'name' then person.name
                                                                                       when 'email' then person.email
                                                                                       else person.phone end)
                 and not exists (select 1 from private.contact_detail_reviews r
                                  where r.contact_id = contact and r.field = d.field and r.value_key = d.value_key)
               group by d.field, d.value_key) u), '[]'),
    'matches', coalesce((
      select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone,
                                          'last_seen_at', c.last_seen_at, 'phones', to_jsonb(m.shared))
                       order by c.last_seen_at desc, c.id)
        from (select o.contact_id, array_agg(distinct o.phone) as shared
                from (select c.id as contact_id, c.phone from public.contacts c where c.phone = any (phones)
                      union
                      select s.contact_id, s.phone from public.contact_submissions s where s.phone = any (phones)
                      union
                      select a.contact_id, a.client_phone from public.appointments a where a.client_phone = any (phones)) o
               where o.contact_id is not null and o.contact_id <> contact
                 and not exists (select 1 from private.contact_detail_reviews r
                                  where r.field = 'match'
                                    and ((r.contact_id = contact and r.value_key = o.contact_id::text)
                                      or (r.contact_id = o.contact_id and r.value_key = contact::text)))
               group by o.contact_id
               limit 50) m
        join public.contacts c on c.id = m.contact_id), '[]')
  );
end
$$;

-- The admin's decision on a detail a form typed: 'adopt' makes it the contact's own (an address
-- adopted also finds the contact from then on, unless it is another contact's), 'dismiss' leaves
-- the contact as it is; either way it is no longer shown as unconfirmed, and the history says who
-- decided. A possible match ('match', the other contact's id) is dismissed, or merged (merge_contacts).
create or replace function public.review_contact_detail(contact uuid, field text, value text, decision text) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  person public.contacts;
  other public.contacts;
  other_id uuid;
  actor uuid;
  wanted text;
  typed text;
  previous text;
begin
  perform private.require_admin();
  actor := private.current_blog_user();
  if review_contact_detail.decision is null or review_contact_detail.decision not in ('adopt', 'dismiss') then
    raise exception 'Изберете дали да приемете данните, или да ги отхвърлите.' using errcode = '22023', hint = 'review_decision';
  end if;
  if review_contact_detail.field is null or review_contact_detail.field not in ('name', 'email', 'phone', 'match') then
    raise exception 'Непознато поле на контакта.' using errcode = '22023', hint = 'detail_field';
  end if;
  select * into person from public.contacts c where c.id = review_contact_detail.contact for update;
  if not found then
    raise exception 'Контактът вече не съществува.' using errcode = 'P0002', hint = 'contact_gone';
  end if;

  if review_contact_detail.field = 'match' then
    if review_contact_detail.decision = 'adopt' then
      raise exception 'За да приемете, че е същият човек, обединете контактите.' using errcode = '22023', hint = 'match_merge';
    end if;
    if review_contact_detail.value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      other_id := review_contact_detail.value::uuid;
    end if;
    select * into other from public.contacts c where c.id = other_id;
    if not found or other.id = person.id then
      raise exception 'Контактът вече не съществува.' using errcode = 'P0002', hint = 'contact_gone';
    end if;
    -- the other contact by its id alone: nothing of it stays here when it is erased
    insert into private.contact_detail_reviews (contact_id, field, value_key, value, decision, decided_by)
    values (person.id, 'match', other.id::text, '', 'dismissed', actor)
    on conflict on constraint contact_detail_reviews_pkey do update set decision = 'dismissed', decided_by = actor, decided_at = now();
    insert into private.lead_events (contact_id, kind, detail, actor_id)
    values (person.id, 'match_dismissed', jsonb_build_object('id', other.id), actor);
    return;
  end if;

  wanted := private.detail_key(review_contact_detail.field, review_contact_detail.value);
  -- the detail as the newest form of this contact that carries it typed it
  select d.value into typed
    from private.contact_form_details(person.id) d
   where d.field = review_contact_detail.field and d.value_key = wanted
   order by d.at desc
   limit 1;
  if typed is null then
    raise exception 'Тези данни вече ги няма при контакта.' using errcode = 'P0002', hint = 'detail_gone';
  end if;

  if review_contact_detail.decision = 'adopt' then
    previous := case review_contact_detail.field when 'name' then person.name when 'email' then person.email else person.phone end;
    update public.contacts c
       set name = case when review_contact_detail.field = 'name' then left(btrim(typed), 200) else c.name end,
           email = case when review_contact_detail.field = 'email' then left(btrim(typed), 320) else c.email end,
           phone = case when review_contact_detail.field = 'phone' then left(btrim(typed), 40) else c.phone end
     where c.id = person.id;
    if review_contact_detail.field = 'email' then
      insert into private.contact_keys (key, contact_id) values (private.email_key(typed), person.id) on conflict (key) do nothing;
    end if;
    insert into private.contact_detail_reviews (contact_id, field, value_key, value, decision, decided_by)
    values (person.id, review_contact_detail.field, wanted, typed, 'adopted', actor)
    on conflict on constraint contact_detail_reviews_pkey do update set value = excluded.value, decision = 'adopted', decided_by = actor, decided_at = now();
    insert into private.lead_events (contact_id, kind, detail, actor_id)
    values (person.id, 'detail_adopted', jsonb_build_object('field', review_contact_detail.field, 'from', previous, 'to', btrim(typed)), actor);
  else
    insert into private.contact_detail_reviews (contact_id, field, value_key, value, decision, decided_by)
    values (person.id, review_contact_detail.field, wanted, typed, 'dismissed', actor)
    on conflict on constraint contact_detail_reviews_pkey do update set value = excluded.value, decision = 'dismissed', decided_by = actor, decided_at = now();
    insert into private.lead_events (contact_id, kind, detail, actor_id)
    values (person.id, 'detail_dismissed', jsonb_build_object('field', review_contact_detail.field, 'value', typed), actor);
  end if;
end
$$;

-- Two contacts become one: `other`'s inquiries, bookings, notes, history, mailboxes and the admin's
-- decisions move to `keep`. Only an empty detail of `keep` is filled from `other`; the rest of what
-- `other` and its forms typed shows on `keep`'s page as unconfirmed, for the admin to decide.
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
  -- the decisions: this contact's win where both decided on one detail; a match between the two
  -- is moot, and a dismissed match with a third contact holds for the merged one
  insert into private.contact_detail_reviews (contact_id, field, value_key, value, decision, decided_by, decided_at)
  select keep, r.field, r.value_key, r.value, r.decision, r.decided_by, r.decided_at
    from private.contact_detail_reviews r
   where r.contact_id = other and not (r.field = 'match' and r.value_key = keep::text)
  on conflict on constraint contact_detail_reviews_pkey do nothing;
  insert into private.contact_detail_reviews (contact_id, field, value_key, value, decision, decided_by, decided_at)
  select r.contact_id, 'match', keep::text, r.value, r.decision, r.decided_by, r.decided_at
    from private.contact_detail_reviews r
   where r.field = 'match' and r.value_key = other::text and r.contact_id <> keep
  on conflict on constraint contact_detail_reviews_pkey do nothing;
  delete from private.contact_detail_reviews r
   where r.field = 'match' and (r.value_key = other::text or (r.contact_id = keep and r.value_key = keep::text));
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

comment on function public.contact_timeline(uuid) is
  'One contact''s page: its inquiries, bookings, history, e-mails and notes, the details its forms typed that are not yet confirmed, '
  'and the contacts sharing its phone. In the API because the admin panel calls it; '
  'SECURITY DEFINER because the history, the outbox and the decisions are private tables: it refuses everyone but an admitted admin (42501) before it reads anything.';
comment on function public.merge_contacts(uuid, uuid) is
  'Moves one contact''s inquiries, bookings, notes, history, keys and decisions to another, and removes it. In the API because the admin panel calls it; '
  'SECURITY DEFINER because the keys, the decisions and the history are private tables: it refuses everyone but an admitted admin (42501) first.';
comment on function public.review_contact_detail(uuid, text, text, text) is
  'An admin adopts a detail a form typed into the contact, or dismisses it or a possible match, recorded with who decided. '
  'In the API because the admin panel calls it; SECURITY DEFINER because the keys, the decisions and the history are private tables: '
  'it refuses everyone but an admitted admin (42501) first.';

revoke all on function private.contact_for(text, text, text), private.inquiry_contact(), private.booking_contact(),
  private.detail_key(text, text), private.contact_form_details(uuid), private.contact_corrected()
  from public, anon, authenticated;
revoke all on function public.review_contact_detail(uuid, text, text, text) from public, anon;
grant execute on function public.review_contact_detail(uuid, text, text, text) to authenticated;
