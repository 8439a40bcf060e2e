-- The audit log: who did what to which record, and when, written by the database, append-only.
--
-- private.audit_events gets a row for every sign-in and factor change, every change to posts,
-- projects, categories, clients, people and settings, every change of a lead's stage or owner and
-- every note, and every export, erasure, newsletter send, suppression lift and second-factor reset.
-- A row holds who (the blog user and the sign-in account), when, what kind and which record: ids
-- and field NAMES only, never a personal value (no names, addresses, phones or messages).
--
--   * Writers: AFTER triggers on the tables (after every trigger already there), and one
--     `perform private.audit(…)` line in the definer functions that erase, send or lift; the panel
--     reports its CSV and contact exports through record_export(). private.audit() is the only
--     door; no API role may call it or touch the table.
--   * Append-only: the table is out of the API (schema private, no grant to anyone), and a trigger
--     refuses every UPDATE, DELETE and TRUNCATE, the owner's and a superuser's included, except the
--     retention job's DELETE (private.prune_audit_events, executable by its owner alone, which
--     raises a transaction-local flag for its own statement).
--   * Reader: audit_events() for the panel's 'Одит' tab, admins only, newest first, keyset-paged.
--   * Retention: private.audit_settings.retention_days (365), applied daily by the pg_cron job
--     'audit-retention'.
--
-- Triggers on auth.sessions are allowed on hosted projects; on auth.mfa_factors only where the
-- migration's role may create them (see the block below): elsewhere a factor's enrolment and
-- removal by GoTrue go unrecorded, and a reset by an admin is still recorded (factor.reset).

-- ---------------------------------------------------------------------------------------------
-- The table
-- ---------------------------------------------------------------------------------------------
create table private.audit_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default clock_timestamp(),
  -- no foreign keys: a person or record deleted later must not change (or block) the log
  actor_blog_user uuid,
  actor_account uuid,
  kind text not null,
  record_table text,
  record_id text,
  detail jsonb not null default '{}',
  constraint audit_events_kind_check check (kind in (
    'post.created', 'post.changed', 'post.deleted',
    'project.created', 'project.changed', 'project.deleted',
    'category.created', 'category.changed', 'category.deleted',
    'client.created', 'client.changed', 'client.deleted',
    'person.created', 'person.changed', 'person.deactivated', 'person.activated', 'person.deleted',
    'settings.changed',
    'lead.stage', 'lead.owner', 'lead.note',
    'export.csv', 'contact.export', 'contact.erased', 'subscriber.erased',
    'newsletter.sent', 'newsletter.suppression_lifted',
    'account.signed_in', 'factor.enrolled', 'factor.removed', 'factor.reset'
  )),
  constraint audit_events_detail_object check (jsonb_typeof(detail) = 'object')
);
create index audit_events_at_idx on private.audit_events (at);
create index audit_events_actor_idx on private.audit_events (actor_blog_user, id);
create index audit_events_kind_idx on private.audit_events (kind, id);
comment on table private.audit_events is
  'The audit log: who (blog user, account), when, what kind and which record, with ids and field names only. Append-only: written by private.audit(), read through audit_events(), pruned only by private.prune_audit_events().';
comment on column private.audit_events.actor_blog_user is 'The blog user who did it; null for the system or a visitor.';
comment on column private.audit_events.actor_account is 'The sign-in account (auth.uid()) that did it; for a sign-in or a factor change GoTrue makes, the account''s own.';
comment on column private.audit_events.detail is 'Ids and field names only (e.g. {"fields": ["title"]}, {"from": "new", "to": "won"}), never a personal value.';

revoke all on table private.audit_events from public, anon, authenticated, service_role;
revoke all on sequence private.audit_events_id_seq from public, anon, authenticated, service_role;

create table private.audit_settings (
  id boolean primary key default true constraint audit_settings_single_row check (id),
  retention_days integer not null default 365 constraint audit_settings_retention_days_check check (retention_days between 30 and 3650)
);
insert into private.audit_settings default values;
revoke all on table private.audit_settings from public, anon, authenticated, service_role;
comment on table private.audit_settings is 'The audit log''s settings (one row): retention_days, how long its rows are kept (the job audit-retention).';

-- ---------------------------------------------------------------------------------------------
-- Append-only
-- ---------------------------------------------------------------------------------------------
create function private.audit_events_append_only() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and current_setting('audit.retention', true) = 'on' then
    return null;
  end if;
  raise exception 'Одитният дневник не може да се променя или изтрива.' using errcode = '42501', hint = 'audit_append_only';
end
$$;
comment on function private.audit_events_append_only() is
  'Refuses every UPDATE, DELETE and TRUNCATE of the audit log, but the retention job''s DELETE (the transaction-local flag audit.retention it raises).';

create trigger audit_events_append_only before update or delete or truncate on private.audit_events
  for each statement execute function private.audit_events_append_only();

-- ---------------------------------------------------------------------------------------------
-- Writers
-- ---------------------------------------------------------------------------------------------
create function private.audit(kind text, record_table text, record_id text, detail jsonb default '{}', account uuid default null)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  who uuid := coalesce(account, auth.uid());
begin
  insert into private.audit_events (actor_blog_user, actor_account, kind, record_table, record_id, detail)
  values ((select b.id from public.blog_users b where b.user_id = who), who, kind, record_table, record_id, coalesce(detail, '{}'));
end
$$;
revoke all on function private.audit(text, text, text, jsonb, uuid) from public, anon, authenticated, service_role;
comment on function private.audit(text, text, text, jsonb, uuid) is
  'Appends one audit event; the actor is the caller''s token (auth.uid()) unless an account is given (GoTrue''s own changes). Only the database''s functions call it: no API role may.';

-- posts, projects, categories, clients, people and settings: created, changed (field names), deleted
create function private.audit_row_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  subject text := tg_argv[0];
  row_id text := coalesce(to_jsonb(new), to_jsonb(old)) ->> 'id';
  changed jsonb;
  was jsonb := to_jsonb(old);
  now_is jsonb := to_jsonb(new);
  kind text;
begin
  if tg_op = 'UPDATE' then
    -- the names of the fields that changed; updated_at follows every change, the password is write-only
    select coalesce(jsonb_agg(n.key order by n.key), '[]') into changed
      from jsonb_each(now_is) n
     where n.key not in ('updated_at', 'password') and n.value is distinct from was -> n.key;
    if changed = '[]' then
      return null;
    end if;
  end if;
  kind := case
    when subject = 'settings' then 'settings.changed'
    when tg_op = 'INSERT' then subject || '.created'
    when tg_op = 'DELETE' then subject || '.deleted'
    when subject = 'person' and (now_is -> 'is_active') is distinct from (was -> 'is_active') then
      case when (now_is ->> 'is_active')::boolean then 'person.activated' else 'person.deactivated' end
    else subject || '.changed'
  end;
  perform private.audit(kind, tg_table_name, row_id,
                        case when tg_op = 'UPDATE' then jsonb_build_object('fields', changed)
                             when subject = 'settings' then jsonb_build_object('op', lower(tg_op))
                             else '{}'::jsonb end);
  return null;
end
$$;
comment on function private.audit_row_change() is
  'Trigger: records a row created, changed (the names of the fields that changed, nothing of their values) or deleted; its argument names the subject (post, project, category, client, person, settings).';

-- a person's new password: the row never stores it (blog_users_10_sync_account moves it into
-- auth.users and empties the column), so a before trigger ahead of that one records that it was set
create function private.audit_password_set() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.password is not null then
    perform private.audit('person.changed', 'blog_users', new.id::text, '{"fields": ["password"]}');
  end if;
  return new;
end
$$;
comment on function private.audit_password_set() is 'Trigger: records that a person''s password was set (the field''s name only), before the row empties it.';

-- the leads: a stage or an owner changed
create function private.audit_lead_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    perform private.audit('lead.stage', 'contact_submissions', new.id::text,
                          jsonb_build_object('from', old.status, 'to', new.status, 'contact_id', new.contact_id));
  end if;
  if new.owner_id is distinct from old.owner_id then
    perform private.audit('lead.owner', 'contact_submissions', new.id::text,
                          jsonb_build_object('from', old.owner_id, 'to', new.owner_id, 'contact_id', new.contact_id));
  end if;
  return null;
end
$$;
comment on function private.audit_lead_change() is 'Trigger: records a lead''s change of stage (from, to) or owner (the blog user ids).';

create function private.audit_lead_note() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.audit('lead.note', 'lead_notes', new.id::text,
                        jsonb_build_object('contact_id', new.contact_id, 'inquiry_id', new.inquiry_id));
  return null;
end
$$;
comment on function private.audit_lead_note() is 'Trigger: records that a note was written on a contact (the ids, not the text).';

-- the accounts: a sign-in (a new GoTrue session), a factor enrolled or removed
create function private.audit_sign_in() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.audit('account.signed_in', 'auth.sessions', new.id::text, '{}', new.user_id);
  return null;
end
$$;
comment on function private.audit_sign_in() is 'Trigger on auth.sessions: records a sign-in (a new session) as its account''s.';

create function private.audit_factor_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    -- GoTrue also drops factors never confirmed: only a verified one was protection
    if old.status::text = 'verified' then
      perform private.audit('factor.removed', 'auth.mfa_factors', old.id::text,
                            jsonb_build_object('account', old.user_id, 'factor_type', old.factor_type::text),
                            coalesce(auth.uid(), old.user_id));
    end if;
  elsif new.status::text = 'verified' and (tg_op = 'INSERT' or old.status::text <> 'verified') then
    perform private.audit('factor.enrolled', 'auth.mfa_factors', new.id::text,
                          jsonb_build_object('account', new.user_id, 'factor_type', new.factor_type::text),
                          coalesce(auth.uid(), new.user_id));
  end if;
  return null;
end
$$;
comment on function private.audit_factor_change() is
  'Trigger on auth.mfa_factors: records a factor verified (enrolled) or a verified one removed; the actor is the caller''s token, else the factor''s account (GoTrue acting for its holder).';

-- the triggers, after every trigger already on each table (<table>_<NN>_<what> where a timing is shared)
create trigger blog_posts_50_audit after insert or update or delete on public.blog_posts
  for each row execute function private.audit_row_change('post');
create trigger projects_50_audit after insert or update or delete on public.projects
  for each row execute function private.audit_row_change('project');
-- project_categories gets its second after trigger: the first takes its number
alter trigger content_webhook on public.project_categories rename to project_categories_10_content_webhook;
create trigger project_categories_20_audit after insert or update or delete on public.project_categories
  for each row execute function private.audit_row_change('category');
create trigger clients_30_audit after insert or update or delete on public.clients
  for each row execute function private.audit_row_change('client');
create trigger blog_users_07_audit_password before update of password on public.blog_users
  for each row execute function private.audit_password_set();
create trigger blog_users_30_audit after insert or update or delete on public.blog_users
  for each row execute function private.audit_row_change('person');
create trigger calendar_settings_audit after insert or update or delete on public.calendar_settings
  for each row execute function private.audit_row_change('settings');
create trigger meeting_settings_audit after insert or update or delete on public.meeting_settings
  for each row execute function private.audit_row_change('settings');
create trigger contact_submissions_40_audit after update of status, owner_id on public.contact_submissions
  for each row execute function private.audit_lead_change();
create trigger lead_notes_audit after insert on public.lead_notes
  for each row execute function private.audit_lead_note();
create trigger sessions_audit after insert on auth.sessions
  for each row execute function private.audit_sign_in();

-- Hosted Supabase lets the migration's role put triggers on a few auth tables only (users,
-- sessions, identities, refresh_tokens, audit_log_entries), not on auth.mfa_factors.
do $$
begin
  if has_table_privilege('auth.mfa_factors', 'trigger') then
    create trigger mfa_factors_audit after insert or update of status or delete on auth.mfa_factors
      for each row execute function private.audit_factor_change();
  else
    raise warning 'no trigger on auth.mfa_factors here: a factor enrolled or removed through GoTrue is not in the audit log (a reset by an admin is)';
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The definer functions that erase, send, lift and reset: their bodies as before, plus one line
-- ---------------------------------------------------------------------------------------------
-- erase_contact
create or replace function api_definers.erase_contact(contact uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
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
  perform private.audit('contact.erased', 'contacts', contact::text, counts);
  return counts;
end
$$;

-- erase_newsletter_subscriber
create or replace function api_definers.erase_newsletter_subscriber(subscriber uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  box text;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators erase subscribers' using errcode = '42501';
  end if;
  delete from public.newsletter_subscribers where id = subscriber returning mailbox into box;
  if box is null then
    return;
  end if;
  delete from private.mail_outbox where mailbox = box and purpose = 'newsletter_confirm';
  insert into private.newsletter_erasures (erased_by) values (private.current_blog_user());
  perform private.audit('subscriber.erased', 'newsletter_subscribers', subscriber::text);
end
$$;

-- start_newsletter_send
create or replace function api_definers.start_newsletter_send(post uuid, html text, plain text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  p public.blog_posts := private.sendable_post(post);
  send public.newsletter_sends;
begin
  perform private.check_newsletter_content(html, plain);
  if not private.newsletter_ready() then
    raise exception 'Изпращането на имейли не е настроено.' using errcode = 'P0001', hint = 'newsletter_not_configured';
  end if;
  perform pg_advisory_xact_lock(hashtext('private.newsletter:send'));
  if exists (select 1 from public.newsletter_sends s where s.post_id = p.id) then
    raise exception 'Тази публикация вече е изпратена до абонатите.' using errcode = 'P0001', hint = 'newsletter_already_sent';
  end if;
  if exists (select 1 from public.newsletter_sends s where s.status = 'sending') then
    raise exception 'Друго изпращане още тече. Изчакайте го да завърши.' using errcode = 'P0001', hint = 'newsletter_send_running';
  end if;
  if not exists (select 1 from private.newsletter_tests t
                  where t.post_id = p.id and t.sent_by = private.current_blog_user()
                    and t.content_hash = md5(html || E'\n' || plain)
                    and t.sent_at > now() - interval '1 day' and t.sent_at >= p.updated_at) then
    raise exception 'Първо изпратете тест до себе си.' using errcode = 'P0001', hint = 'newsletter_test_first';
  end if;
  insert into public.newsletter_sends (post_id, subject, html, plain, started_by)
  values (p.id, p.title, html, plain, private.current_blog_user())
  returning * into send;
  perform private.audit('newsletter.sent', 'newsletter_sends', send.id::text, jsonb_build_object('post_id', p.id));
  insert into private.newsletter_deliveries (send_id, post_id, subscriber_id)
  select send.id, p.id, n.id from public.newsletter_subscribers n where n.status = 'confirmed'
  on conflict (post_id, subscriber_id) do nothing;
  perform private.send_newsletter_batch(send.id);
  return public.newsletter_send_status(p.id);
end
$$;

-- lift_newsletter_suppression
create or replace function api_definers.lift_newsletter_suppression(subscriber uuid, reason text) returns text
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
  perform private.audit('newsletter.suppression_lifted', 'newsletter_subscribers', s.id::text, jsonb_build_object('restored_status', back));
  return back;
end
$$;

-- reset_second_factor
create or replace function api_definers.reset_second_factor(blog_user uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  account uuid;
  caller uuid := auth.uid();
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators reset a second factor' using errcode = '42501';
  end if;
  if exists (select 1 from auth.mfa_factors f where f.user_id = caller and f.status = 'verified')
     and coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'Влезте с кода от приложението си, за да нулирате двуфакторната защита на друг.'
      using errcode = '42501', hint = 'aal2_required';
  end if;
  select b.user_id into account from public.blog_users b where b.id = blog_user;
  if account is null then
    raise exception 'Потребителят няма акаунт за вход.' using errcode = 'P0002', hint = 'no_account';
  end if;
  if account = caller then
    raise exception 'Собствената си двуфакторна защита изключвате от „Двуфакторна защита“ в горната лента.'
      using errcode = '22023', hint = 'own_factor';
  end if;
  delete from auth.mfa_factors where user_id = account;
  perform private.audit('factor.reset', 'blog_users', blog_user::text, jsonb_build_object('account', account));
  -- sessions made with the old factor end: its holder signs in again and enrols anew
  perform private.end_account_sessions(account);
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The API: an export reported, the log read
-- ---------------------------------------------------------------------------------------------
-- record_export
create function api_definers.record_export(kind text, rows integer) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators record an export' using errcode = '42501';
  end if;
  if kind is null or kind not in ('export.csv', 'contact.export') then
    raise exception 'Непознат вид изнасяне.' using errcode = '22023', hint = 'export_kind_unknown';
  end if;
  if record_export.rows is null or record_export.rows < 0 then
    raise exception 'Броят на редовете трябва да е нула или повече.' using errcode = '22023', hint = 'export_rows_invalid';
  end if;
  perform private.audit(kind, null, null, jsonb_build_object('rows', record_export.rows));
end
$$;
revoke all on function api_definers.record_export(text, integer) from public, anon, authenticated;
grant execute on function api_definers.record_export(text, integer) to authenticated, service_role;
comment on function api_definers.record_export(text, integer) is
  'Records in the audit log that an admin made a CSV or a contact export, and how many rows. In the API because the admin panel calls it when it exports; SECURITY DEFINER because the audit log is private and append-only, out of every API role''s reach: it refuses everyone but an admitted admin (42501) first.';

create function public.record_export(kind text, rows integer) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.record_export(kind, rows) $$;
revoke all on function public.record_export(text, integer) from public, anon, authenticated;
grant execute on function public.record_export(text, integer) to authenticated, service_role;
comment on function public.record_export(text, integer) is
  'The admin panel reports a CSV or contact export to the audit log. Calls api_definers.record_export, which runs as its owner; its comment says why.';

-- audit_events
create function api_definers.audit_events(
  person uuid default null, kinds text[] default null, since timestamptz default null, until timestamptz default null,
  page_size integer default 50, before_id bigint default null
) returns table (id bigint, at timestamptz, actor_blog_user uuid, actor_name text, kind text, record_table text, record_id text, detail jsonb)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators read the audit log' using errcode = '42501';
  end if;
  return query
    select e.id, e.at, e.actor_blog_user, coalesce(nullif(btrim(b.full_name), ''), b.username), e.kind, e.record_table, e.record_id, e.detail
      from private.audit_events e
      left join public.blog_users b on b.id = e.actor_blog_user
     where (audit_events.person is null or e.actor_blog_user = audit_events.person)
       and (audit_events.kinds is null or e.kind = any (audit_events.kinds))
       and (audit_events.since is null or e.at >= audit_events.since)
       and (audit_events.until is null or e.at < audit_events.until)
       and (audit_events.before_id is null or e.id < audit_events.before_id)
     order by e.id desc
     limit least(greatest(coalesce(audit_events.page_size, 50), 1), 500);
end
$$;
revoke all on function api_definers.audit_events(uuid, text[], timestamptz, timestamptz, integer, bigint) from public, anon, authenticated;
grant execute on function api_definers.audit_events(uuid, text[], timestamptz, timestamptz, integer, bigint) to authenticated, service_role;
comment on function api_definers.audit_events(uuid, text[], timestamptz, timestamptz, integer, bigint) is
  'The audit log, newest first, by person, kinds and time ([since, until)), a page (at most 500) before an id. In the API because the admin panel''s ''Одит'' tab calls it; SECURITY DEFINER because the log is private, out of every API role''s reach: it refuses everyone but an admitted admin (42501) first.';

create function public.audit_events(
  person uuid default null, kinds text[] default null, since timestamptz default null, until timestamptz default null,
  page_size integer default 50, before_id bigint default null
) returns table (id bigint, at timestamptz, actor_blog_user uuid, actor_name text, kind text, record_table text, record_id text, detail jsonb)
language sql stable security invoker set search_path = ''
as $$ select * from api_definers.audit_events(person, kinds, since, until, page_size, before_id) $$;
revoke all on function public.audit_events(uuid, text[], timestamptz, timestamptz, integer, bigint) from public, anon, authenticated;
grant execute on function public.audit_events(uuid, text[], timestamptz, timestamptz, integer, bigint) to authenticated, service_role;
comment on function public.audit_events(uuid, text[], timestamptz, timestamptz, integer, bigint) is
  'The audit log for the admin panel''s ''Одит'' tab. Calls api_definers.audit_events, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- Retention
-- ---------------------------------------------------------------------------------------------
create function private.prune_audit_events() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  pruned integer;
begin
  -- the one DELETE the append-only trigger lets through, for this statement only
  perform set_config('audit.retention', 'on', true);
  delete from private.audit_events e
   where e.at < now() - make_interval(days => (select s.retention_days from private.audit_settings s));
  get diagnostics pruned = row_count;
  perform set_config('audit.retention', 'off', true);
  return pruned;
end
$$;
revoke all on function private.prune_audit_events() from public, anon, authenticated, service_role;
comment on function private.prune_audit_events() is
  'Deletes the audit events older than private.audit_settings.retention_days (the job audit-retention, daily). Its owner''s alone: no API role may run it.';

do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('audit-retention', '37 3 * * *', 'select private.prune_audit_events()');
  else
    raise warning 'pg_cron is not available: the audit log keeps every row (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
