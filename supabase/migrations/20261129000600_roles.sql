-- Three roles instead of one shared key (issue 49).
--
-- Until now every admitted blog user could do everything. Each now has a role:
--   'admin'      (Администратор): everything, including people, roles, settings, the audit log
--                 and sending the newsletter;
--   'consultant' (Консултант): the inbox, leads, contacts, bookings and the calendar;
--   'author'     (Автор): posts, projects, categories, clients and the images they show.
-- Existing blog users become administrators; a row inserted without a role is an author (the
-- least a person can be given).
--
-- What a role may do is asked of four functions, each evaluated once per statement in policies:
--   private.is_staff()        an admitted account, whatever its role (the team's names, who saved);
--   private.writes_content()  an admin or an author: the site's content, at any assurance level;
--   private.sees_visitors()   an admin or a consultant with a verified second factor and an aal2
--                             session: visitors' personal data (inquiries, bookings, contacts, the
--                             calendar and its feeds, exports);
--   private.is_admin()        (its meaning narrowed) an admin with a verified factor at aal2:
--                             people, roles, settings, the audit log, the newsletter's list.
-- So an administrator who has not yet turned on the second factor can write content like an
-- author, and nothing else, until they do: the panel leads them there.

alter table public.blog_users add column role text not null default 'admin';
alter table public.blog_users alter column role set default 'author';
alter table public.blog_users add constraint blog_users_role_check check (role in ('admin', 'consultant', 'author'));
comment on column public.blog_users.role is
  'admin (Администратор), consultant (Консултант) or author (Автор); see private.staff_role() for what each may do.';

-- a role that does not exist is refused in Bulgarian before the check constraint answers in English
create function private.blog_users_check_role() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.role is null or new.role not in ('admin', 'consultant', 'author') then
    raise exception 'Няма такава роля. Изберете „Администратор“, „Консултант“ или „Автор“.'
      using errcode = '23514', hint = 'role_unknown';
  end if;
  return new;
end
$$;
revoke all on function private.blog_users_check_role() from public, anon, authenticated;
comment on function private.blog_users_check_role() is 'Trigger: refuses a role that does not exist (hint role_unknown) with the names the panel shows.';
create trigger blog_users_04_check_role before insert or update of role on public.blog_users
  for each row execute function private.blog_users_check_role();

-- ---------------------------------------------------------------------------------------------
-- Who the caller is
-- ---------------------------------------------------------------------------------------------
create function private.staff_role() returns text
language sql stable security definer set search_path = ''
as $$
  select b.role
    from public.blog_users b
    join auth.users u on u.id = b.user_id
   where coalesce(auth.role() = 'authenticated', false)
     and b.user_id = auth.uid()
     and b.is_active
     and u.email_confirmed_at is not null
     and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= now())
     and u.email = b.email
     -- a token minted before the address changed no longer admits
     and u.email = lower(coalesce(auth.email(), ''))
$$;
comment on function private.staff_role() is
  'The caller''s role when their token is an admitted blog user''s (active, confirmed, not banned, the same e-mail), else null. SECURITY DEFINER: it reads auth.users.';

create function private.has_second_factor() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
     and exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status::text = 'verified')
$$;
comment on function private.has_second_factor() is
  'Whether the caller''s session passed a second factor (aal2 in the JWT, as Supabase documents it) and the factor is still there: a factor an administrator reset stops admitting at once, not when the token expires.';

create function private.is_staff() returns boolean
language sql stable set search_path = ''
as $$ select private.staff_role() is not null $$;
comment on function private.is_staff() is 'Any admitted blog user, whatever the role.';

create function private.writes_content() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(private.staff_role() in ('admin', 'author'), false) $$;
comment on function private.writes_content() is 'An administrator or an author: posts, projects, categories, clients, the bin and the site''s images.';

create function private.sees_visitors() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(private.staff_role() in ('admin', 'consultant'), false) and private.has_second_factor() $$;
comment on function private.sees_visitors() is
  'An administrator or a consultant at aal2 with a verified factor: visitors'' personal data (inquiries, bookings, contacts, leads'' notes, the calendar and its feeds).';

create or replace function private.is_admin() returns boolean
language sql stable set search_path = ''
as $$ select coalesce(private.staff_role() = 'admin', false) and private.has_second_factor() $$;
comment on function private.is_admin() is
  'An administrator at aal2 with a verified factor: people, roles, settings, the audit log and the newsletter''s subscribers. Not in the API: row-level security and the functions ask it.';

-- policies and functions that anonymous visitors reach ask these too (a published post, a pending
-- booking, a visitor's limits): every API role may run them; none is in the API (schema private)
revoke all on function private.staff_role(), private.has_second_factor(), private.is_staff(), private.writes_content(),
  private.sees_visitors() from public;
grant execute on function private.staff_role(), private.has_second_factor(), private.is_staff(), private.writes_content(),
  private.sees_visitors() to anon, authenticated, service_role;

-- whether a blog user (not the caller) may own leads and hear about the calendar: an admitted
-- consultant or administrator
create function private.serves_visitors(blog_user uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1
      from public.blog_users b
      join auth.users u on u.id = b.user_id
     where b.id = blog_user
       and b.is_active
       and b.role in ('admin', 'consultant')
       and u.email_confirmed_at is not null
       and u.deleted_at is null
       and (u.banned_until is null or u.banned_until <= now())
       and u.email = b.email)
$$;
revoke all on function private.serves_visitors(uuid) from public, anon, authenticated;
comment on function private.serves_visitors(uuid) is
  'Whether a blog user is an admitted consultant or administrator: who may own a lead, who gets the follow-up digest and the calendar''s failure mail.';

create function private.require_visitor_access() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not coalesce(private.sees_visitors(), false) then
    raise exception 'Only consultants and administrators signed in with their second factor see visitors'' data'
      using errcode = '42501';
  end if;
end
$$;
revoke all on function private.require_visitor_access() from public, anon, authenticated;
comment on function private.require_visitor_access() is 'Refuses (42501) a caller who is not a consultant or administrator at aal2 (private.sees_visitors).';

-- ---------------------------------------------------------------------------------------------
-- The last administrator: now the last active 'admin', whose role cannot be taken away either
-- ---------------------------------------------------------------------------------------------
create or replace function private.blog_users_keep_an_admin() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.is_active and old.role = 'admin'
     and not exists (select 1 from public.blog_users b where b.id <> old.id and b.is_active and b.role = 'admin') then
    if tg_op = 'DELETE' or not new.is_active then
      raise exception 'Не можете да деактивирате или изтриете последния активен администратор. Първо добавете или активирайте друг.'
        using errcode = '23514', hint = 'last_admin';
    elsif new.role <> 'admin' then
      raise exception 'Не можете да смените ролята на последния активен администратор. Първо дайте на друг потребител роля „Администратор“.'
        using errcode = '23514', hint = 'last_admin';
    end if;
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function private.blog_users_keep_an_admin() is
  'Refuses deactivating, deleting or demoting the last active administrator (hint last_admin). SECURITY DEFINER because it must see every blog user, whoever changes one.';

-- ---------------------------------------------------------------------------------------------
-- The audit log names a role change as such, with both roles (they are not personal values)
-- ---------------------------------------------------------------------------------------------
alter table private.audit_events drop constraint audit_events_kind_check;
alter table private.audit_events add constraint audit_events_kind_check check (kind in (
  'post.created', 'post.changed', 'post.deleted', 'project.created', 'project.changed', 'project.deleted',
  'category.created', 'category.changed', 'category.deleted', 'client.created', 'client.changed', 'client.deleted',
  'person.created', 'person.changed', 'person.role', 'person.deactivated', 'person.activated', 'person.deleted',
  'settings.changed', 'lead.stage', 'lead.owner', 'lead.note', 'export.csv', 'contact.export', 'contact.erased',
  'subscriber.erased', 'newsletter.sent', 'newsletter.suppression_lifted', 'account.signed_in',
  'factor.enrolled', 'factor.removed', 'factor.reset'));

create or replace function private.audit_row_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  subject text := tg_argv[0];
  row_id text := coalesce(to_jsonb(new), to_jsonb(old)) ->> 'id';
  changed jsonb;
  was jsonb := to_jsonb(old);
  now_is jsonb := to_jsonb(new);
  kind text;
  detail jsonb := '{}';
begin
  if tg_op = 'UPDATE' then
    -- the names of the fields that changed; updated_at follows every change, the password is write-only
    select coalesce(jsonb_agg(n.key order by n.key), '[]') into changed
      from jsonb_each(now_is) n
     where n.key not in ('updated_at', 'password') and n.value is distinct from was -> n.key;
    if changed = '[]' then
      return null;
    end if;
    detail := jsonb_build_object('fields', changed);
  elsif subject = 'settings' then
    detail := jsonb_build_object('op', lower(tg_op));
  end if;
  kind := case
    when subject = 'settings' then 'settings.changed'
    when tg_op = 'INSERT' then subject || '.created'
    when tg_op = 'DELETE' then subject || '.deleted'
    when subject = 'person' and (now_is -> 'is_active') is distinct from (was -> 'is_active') then
      case when (now_is ->> 'is_active')::boolean then 'person.activated' else 'person.deactivated' end
    when subject = 'person' and (now_is -> 'role') is distinct from (was -> 'role') then 'person.role'
    else subject || '.changed'
  end;
  -- a person's roles, before and after (the roles' names are no personal value)
  if subject = 'person' and tg_op = 'UPDATE' and (now_is -> 'role') is distinct from (was -> 'role') then
    detail := detail || jsonb_build_object('from', was ->> 'role', 'to', now_is ->> 'role');
  end if;
  perform private.audit(kind, tg_table_name, row_id, detail);
  return null;
end
$$;
comment on function private.audit_row_change() is
  'Trigger: records a row created, changed (the names of the fields that changed, nothing of their values) or deleted; a person''s role change as person.role with both roles; its argument names the subject (post, project, category, client, person, settings).';

-- ---------------------------------------------------------------------------------------------
-- Row-level security, table by table
-- ---------------------------------------------------------------------------------------------
alter policy "Admins change appointments" on public.appointments rename to "Consultants and admins change appointments";
alter policy "Consultants and admins change appointments" on public.appointments
  using (( SELECT private.sees_visitors() AS sees_visitors))
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins delete appointments" on public.appointments rename to "Consultants and admins delete appointments";
alter policy "Consultants and admins delete appointments" on public.appointments
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins read appointments" on public.appointments rename to "Consultants and admins read appointments";
alter policy "Consultants and admins read appointments" on public.appointments
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Visitors book pending appointments, admins any" on public.appointments rename to "Visitors book pending appointments, consultants and admins any";
alter policy "Visitors book pending appointments, consultants and admins any" on public.appointments
  with check (((status = 'pending'::text) OR ( SELECT private.sees_visitors() AS sees_visitors)));
alter policy "Admins choose the blog user a post belongs to" on public.blog_post_staff rename to "Authors and admins choose the blog user a post belongs to";
alter policy "Authors and admins choose the blog user a post belongs to" on public.blog_post_staff
  using (( SELECT private.writes_content() AS writes_content))
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Admins read who wrote and saved posts" on public.blog_post_staff rename to "Authors and admins read who wrote and saved posts";
alter policy "Authors and admins read who wrote and saved posts" on public.blog_post_staff
  using (( SELECT private.writes_content() AS writes_content));
alter policy "Admins change posts" on public.blog_posts rename to "Authors and admins change posts";
alter policy "Authors and admins change posts" on public.blog_posts
  using (( SELECT private.writes_content() AS writes_content))
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Admins delete posts" on public.blog_posts rename to "Authors and admins delete posts";
alter policy "Authors and admins delete posts" on public.blog_posts
  using (( SELECT private.writes_content() AS writes_content));
alter policy "Admins insert posts" on public.blog_posts rename to "Authors and admins insert posts";
alter policy "Authors and admins insert posts" on public.blog_posts
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Anyone reads published posts, admins read all" on public.blog_posts rename to "Anyone reads published posts, authors and admins read all";
alter policy "Anyone reads published posts, authors and admins read all" on public.blog_posts
  using ((is_published OR ( SELECT private.writes_content() AS writes_content)));
alter policy "Accounts read their own blog user, admins read all" on public.blog_users rename to "Accounts read their own blog user, staff read the team";
alter policy "Accounts read their own blog user, staff read the team" on public.blog_users
  using (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_staff() AS is_staff)));
alter policy "Admins add days off" on public.calendar_days_off rename to "Consultants and admins add days off";
alter policy "Consultants and admins add days off" on public.calendar_days_off
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins change days off" on public.calendar_days_off rename to "Consultants and admins change days off";
alter policy "Consultants and admins change days off" on public.calendar_days_off
  using (( SELECT private.sees_visitors() AS sees_visitors))
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins delete days off" on public.calendar_days_off rename to "Consultants and admins delete days off";
alter policy "Consultants and admins delete days off" on public.calendar_days_off
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Anyone reads coming days off" on public.calendar_days_off
  using (((ends_on >= (CURRENT_DATE - 1)) OR ( SELECT private.sees_visitors() AS sees_visitors)));
alter policy "Admins change calendar settings" on public.calendar_settings rename to "Consultants and admins change calendar settings";
alter policy "Consultants and admins change calendar settings" on public.calendar_settings
  using (( SELECT private.sees_visitors() AS sees_visitors))
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins delete calendar settings" on public.calendar_settings rename to "Consultants and admins delete calendar settings";
alter policy "Consultants and admins delete calendar settings" on public.calendar_settings
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins insert calendar settings" on public.calendar_settings rename to "Consultants and admins insert calendar settings";
alter policy "Consultants and admins insert calendar settings" on public.calendar_settings
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins change clients" on public.clients rename to "Authors and admins change clients";
alter policy "Authors and admins change clients" on public.clients
  using (( SELECT private.writes_content() AS writes_content))
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Admins delete clients" on public.clients rename to "Authors and admins delete clients";
alter policy "Authors and admins delete clients" on public.clients
  using (( SELECT private.writes_content() AS writes_content));
alter policy "Admins insert clients" on public.clients rename to "Authors and admins insert clients";
alter policy "Authors and admins insert clients" on public.clients
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Admins change inquiries" on public.contact_submissions rename to "Consultants and admins change inquiries";
alter policy "Consultants and admins change inquiries" on public.contact_submissions
  using (( SELECT private.sees_visitors() AS sees_visitors))
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins delete inquiries" on public.contact_submissions rename to "Consultants and admins delete inquiries";
alter policy "Consultants and admins delete inquiries" on public.contact_submissions
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins read inquiries" on public.contact_submissions rename to "Consultants and admins read inquiries";
alter policy "Consultants and admins read inquiries" on public.contact_submissions
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins correct contacts" on public.contacts rename to "Consultants and admins correct contacts";
alter policy "Consultants and admins correct contacts" on public.contacts
  using (( SELECT private.sees_visitors() AS sees_visitors))
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins read contacts" on public.contacts rename to "Consultants and admins read contacts";
alter policy "Consultants and admins read contacts" on public.contacts
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins read revisions" on public.content_revisions rename to "Authors and admins read revisions";
alter policy "Authors and admins read revisions" on public.content_revisions
  using (( SELECT private.writes_content() AS writes_content));
alter policy "Admins add notes" on public.lead_notes rename to "Consultants and admins add notes";
alter policy "Consultants and admins add notes" on public.lead_notes
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins read notes" on public.lead_notes rename to "Consultants and admins read notes";
alter policy "Consultants and admins read notes" on public.lead_notes
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins change the meeting settings" on public.meeting_settings rename to "Consultants and admins change the meeting settings";
alter policy "Consultants and admins change the meeting settings" on public.meeting_settings
  using (( SELECT private.sees_visitors() AS sees_visitors))
  with check (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins read the meeting settings" on public.meeting_settings rename to "Consultants and admins read the meeting settings";
alter policy "Consultants and admins read the meeting settings" on public.meeting_settings
  using (( SELECT private.sees_visitors() AS sees_visitors));
alter policy "Admins change project categories" on public.project_categories rename to "Authors and admins change project categories";
alter policy "Authors and admins change project categories" on public.project_categories
  using (( SELECT private.writes_content() AS writes_content))
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Admins delete project categories" on public.project_categories rename to "Authors and admins delete project categories";
alter policy "Authors and admins delete project categories" on public.project_categories
  using (( SELECT private.writes_content() AS writes_content));
alter policy "Admins insert project categories" on public.project_categories rename to "Authors and admins insert project categories";
alter policy "Authors and admins insert project categories" on public.project_categories
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Admins read who saved projects" on public.project_staff rename to "Authors and admins read who saved projects";
alter policy "Authors and admins read who saved projects" on public.project_staff
  using (( SELECT private.writes_content() AS writes_content));
alter policy "Admins change projects" on public.projects rename to "Authors and admins change projects";
alter policy "Authors and admins change projects" on public.projects
  using (( SELECT private.writes_content() AS writes_content))
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Admins delete projects" on public.projects rename to "Authors and admins delete projects";
alter policy "Authors and admins delete projects" on public.projects
  using (( SELECT private.writes_content() AS writes_content));
alter policy "Admins insert projects" on public.projects rename to "Authors and admins insert projects";
alter policy "Authors and admins insert projects" on public.projects
  with check (( SELECT private.writes_content() AS writes_content));
alter policy "Admins delete site images" on storage.objects rename to "Writers and consultants delete site images";
alter policy "Writers and consultants delete site images" on storage.objects
  using (((bucket_id = ANY (ARRAY['blog-images'::text, 'project-gallery'::text])) AND (( SELECT private.writes_content() AS writes_content) OR ( SELECT private.sees_visitors() AS sees_visitors))));
alter policy "Admins list site images" on storage.objects rename to "Writers and consultants list site images";
alter policy "Writers and consultants list site images" on storage.objects
  using (((bucket_id = ANY (ARRAY['blog-images'::text, 'project-gallery'::text])) AND (( SELECT private.writes_content() AS writes_content) OR ( SELECT private.sees_visitors() AS sees_visitors))));
alter policy "Admins replace site images" on storage.objects rename to "Writers and consultants replace site images";
alter policy "Writers and consultants replace site images" on storage.objects
  using (((bucket_id = ANY (ARRAY['blog-images'::text, 'project-gallery'::text])) AND (( SELECT private.writes_content() AS writes_content) OR ( SELECT private.sees_visitors() AS sees_visitors))))
  with check (((bucket_id = ANY (ARRAY['blog-images'::text, 'project-gallery'::text])) AND (( SELECT private.writes_content() AS writes_content) OR ( SELECT private.sees_visitors() AS sees_visitors))));
alter policy "Admins upload site images" on storage.objects rename to "Writers and consultants upload site images";
alter policy "Writers and consultants upload site images" on storage.objects
  with check (((bucket_id = ANY (ARRAY['blog-images'::text, 'project-gallery'::text])) AND (( SELECT private.writes_content() AS writes_content) OR ( SELECT private.sees_visitors() AS sees_visitors))));

-- the bin: authors and admins, but a deleted person's record is the administrator's alone
alter policy "Admins empty the bin" on public.content_bin rename to "Authors and admins empty the bin";
alter policy "Authors and admins empty the bin" on public.content_bin
  using (( SELECT private.writes_content() AS writes_content) and (table_name <> 'blog_users' or ( SELECT private.is_admin() AS is_admin)));
alter policy "Admins read the bin" on public.content_bin rename to "Authors and admins read the bin";
alter policy "Authors and admins read the bin" on public.content_bin
  using (( SELECT private.writes_content() AS writes_content) and (table_name <> 'blog_users' or ( SELECT private.is_admin() AS is_admin)));

-- ---------------------------------------------------------------------------------------------
-- Functions: each asks for the role its data needs (the bodies are otherwise as they were)
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION api_definers.restore_from_bin(item uuid, new_password text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  bin public.content_bin;
  rec jsonb;
begin
  if not private.writes_content() then
    raise exception 'permission denied for function restore_from_bin' using errcode = '42501';
  end if;
  -- taken out first: of two admins restoring the same item at once, the second finds nothing; a
  -- person's record (a blog user) is the administrator's to restore, never an author's
  delete from public.content_bin b where b.id = item and (b.table_name <> 'blog_users' or private.is_admin())
  returning * into bin;
  if not found then
    raise exception 'Not in the bin' using errcode = 'P0002', hint = 'bin_item_missing';
  end if;
  -- back as a change of now: lists sort it, the sitemap dates it and the next save guards on it
  rec := bin.record || jsonb_build_object('updated_at', now());

  if bin.table_name = 'blog_posts' then
    if (rec ->> 'scheduled_at')::timestamptz <= now() then
      rec := rec || jsonb_build_object('scheduled_at', null);
    end if;
    if rec ->> 'created_by' is not null
       and not exists (select 1 from public.blog_users b where b.id = (rec ->> 'created_by')::uuid) then
      rec := rec || jsonb_build_object('created_by', null);
    end if;
    insert into public.blog_posts select * from jsonb_populate_record(null::public.blog_posts, rec);
  elsif bin.table_name = 'projects' then
    insert into public.projects select * from jsonb_populate_record(null::public.projects, rec);
  elsif bin.table_name = 'clients' then
    insert into public.clients select * from jsonb_populate_record(null::public.clients, rec);
  elsif bin.table_name = 'blog_users' then
    if coalesce(new_password, '') = '' then
      raise exception 'A restored blog user needs a new password' using errcode = '23502', hint = 'bin_user_password';
    end if;
    rec := rec || jsonb_build_object('password', new_password, 'user_id', null);
    insert into public.blog_users select * from jsonb_populate_record(null::public.blog_users, rec);
  end if;

  return jsonb_build_object('table', bin.table_name, 'id', bin.record_id);
end
$function$;

CREATE OR REPLACE FUNCTION api_definers.booking_history(booking uuid)
 RETURNS TABLE(at timestamp with time zone, kind text, actor text, actor_email text, detail jsonb)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not private.sees_visitors() then
    raise exception 'permission denied for function booking_history' using errcode = '42501';
  end if;
  return query
    select h.at, h.kind, h.actor, h.actor_email, h.detail from (
      select e.created_at as at, e.kind, e.actor, u.email::text as actor_email, e.detail, e.id as seq, 0 as src
        from private.booking_events e left join auth.users u on u.id = e.actor_id
       where e.appointment_id = booking
      union all
      select o.created_at, 'mail', 'system', null::text,
             jsonb_build_object('purpose', o.purpose, 'subject', o.subject, 'to', o.recipient, 'status', o.status,
                                'attempts', o.attempts, 'last_error', o.last_error, 'sent_at', o.sent_at),
             o.id, 1
        from private.mail_outbox o
       where o.appointment_id = booking
    ) h
    order by h.at, h.src, h.seq
    limit 200;
end
$function$;

CREATE OR REPLACE FUNCTION api_definers.record_export(kind text, rows integer)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not coalesce(private.sees_visitors(), false) then
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
$function$;

CREATE OR REPLACE FUNCTION private.check_calendar_settings()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  days jsonb := new.working_hours -> 'days';
begin
  -- a non-admin learns nothing about what a valid row would be: the answer of row-level security
  if private.is_api_caller() and not private.sees_visitors() then
    raise exception 'new row violates row-level security policy for table "calendar_settings"' using errcode = '42501';
  end if;
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
$function$;

CREATE OR REPLACE FUNCTION private.set_meeting_url()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    -- nobody chooses it, an admin neither: the settings do
    new.meeting_url := private.new_meeting_url();
  elsif new.meeting_url is distinct from old.meeting_url and private.is_api_caller() and not private.sees_visitors() then
    new.meeting_url := old.meeting_url;
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.is_visitor()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select private.is_api_caller() and not coalesce(private.is_staff(), false) $function$;

CREATE OR REPLACE FUNCTION private.add_staff_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  account uuid := case when private.is_api_caller() and private.is_staff() then auth.uid() end;
begin
  if tg_table_name = 'blog_posts' then
    insert into public.blog_post_staff as s (post_id, created_by, updated_by)
    values (new.id, case when account is not null then private.current_blog_user() end, account)
    on conflict (post_id) do update set updated_by = excluded.updated_by
     where excluded.updated_by is not null
       and not exists (select 1 from public.blog_posts p where p.id = excluded.post_id);
  elsif tg_table_name = 'projects' then
    insert into public.project_staff as s (project_id, updated_by)
    values (new.id, account)
    on conflict (project_id) do update set updated_by = excluded.updated_by
     where excluded.updated_by is not null
       and not exists (select 1 from public.projects p where p.id = excluded.project_id);
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.booking_actor()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when current_setting('app.booking_actor', true) = 'visitor' then 'visitor'
    when auth.uid() is not null and private.is_staff() then 'admin'
    when coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') then 'visitor'
    else 'system'
  end
$function$;

CREATE OR REPLACE FUNCTION private.require_image_alt()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  missing boolean := false;
begin
  -- missing: an API caller left it out (only admins reach this with a row-level security pass)
  if tg_table_name = 'blog_posts' then
    if coalesce(btrim(new.featured_image), '') <> '' and btrim(new.featured_image_alt) = '' then
      if private.is_api_caller() then missing := true; else new.featured_image_alt := new.title; end if;
    end if;
  elsif tg_table_name = 'projects' then
    if btrim(new.image_alt) = '' then
      if private.is_api_caller() then missing := true; else new.image_alt := new.title; end if;
    end if;
    if exists (select 1 from jsonb_array_elements(new.gallery) item
                where jsonb_typeof(item) = 'object' and coalesce(btrim(item ->> 'alt'), '') = '') then
      if private.is_api_caller() then
        missing := true;
      else
        new.gallery := (select coalesce(jsonb_agg(case when jsonb_typeof(item) = 'object' and coalesce(btrim(item ->> 'alt'), '') = ''
                                                       then item || jsonb_build_object('alt', coalesce(item ->> 'title', new.title))
                                                       else item end order by n), '[]'::jsonb)
                          from jsonb_array_elements(new.gallery) with ordinality as g(item, n));
      end if;
    end if;
  elsif tg_table_name = 'calendar_settings' then
    if coalesce(btrim(new.photo_url), '') <> '' and btrim(new.photo_alt) = '' then
      if private.is_api_caller() then missing := true; else new.photo_alt := 'Снимка на ' || new.consultant_name; end if;
    end if;
  elsif tg_table_name = 'clients' then
    if btrim(new.logo_alt) = '' then
      if private.is_api_caller() then missing := true; else new.logo_alt := 'Лого на ' || new.name; end if;
    end if;
  end if;
  -- a caller who may not write here at all is refused by row-level security, not by this rule
  if missing and private.is_staff() then
    raise exception 'Every image needs its alt text' using errcode = '23514', hint = 'image_alt_missing';
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION private.require_share_image_alt()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if coalesce(btrim(new.share_image), '') <> '' and btrim(new.share_image_alt) = '' then
    if not private.is_api_caller() then
      new.share_image_alt := new.title;
    elsif private.is_staff() then
      raise exception 'Every image needs its alt text' using errcode = '23514', hint = 'image_alt_missing';
    end if;
  end if;
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION api_definers.add_calendar_feed(label text, url text, owner_email text DEFAULT NULL::text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  address text;
  owner text;
  name text := btrim(coalesce(label, ''));
  feed uuid := gen_random_uuid();
  vault_id uuid;
begin
  perform private.require_visitor_access();
  if char_length(name) not between 1 and 80 then
    raise exception 'Дайте име на календара (до 80 знака).' using errcode = '22023', hint = 'calendar_feed_label';
  end if;
  address := private.normalized_feed_url(url);
  owner := private.normalized_owner_email(owner_email);
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
  insert into private.calendar_feeds (id, label, secret_id, url_hint, created_by, owner_email)
  values (feed, name, vault_id, private.masked_feed_url(address), auth.uid(), owner);
  -- the first sync at once rather than in up to 10 minutes
  perform private.request_calendar_sync(feed);
  return feed;
end
$function$;

CREATE OR REPLACE FUNCTION api_definers.calendar_feeds()
 RETURNS TABLE(id uuid, label text, url_hint text, is_active boolean, created_at timestamp with time zone, last_attempt_at timestamp with time zone, last_synced_at timestamp with time zone, last_error text, last_error_at timestamp with time zone, busy_count integer, stale boolean, owner_email text, skipped jsonb)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_visitor_access();
  return query
    select f.id, f.label, f.url_hint, f.is_active, f.created_at, f.last_attempt_at, f.last_synced_at,
           f.last_error, f.last_error_at, f.busy_count,
           f.is_active and coalesce(f.last_synced_at, f.active_since) < now() - private.calendar_stale_after(),
           f.owner_email, f.skipped
      from private.calendar_feeds f
     order by f.created_at, f.id;
end
$function$;

CREATE OR REPLACE FUNCTION api_definers.contact_timeline(contact uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  person public.contacts;
  phones text[];
begin
  perform private.require_visitor_access();
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
$function$;

CREATE OR REPLACE FUNCTION api_definers.erase_contact(contact uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  mailboxes text[];
  inquiry_ids uuid[];
  booking_ids uuid[];
  counts jsonb;
  mails integer;
  notes integer;
begin
  perform private.require_visitor_access();
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
$function$;

CREATE OR REPLACE FUNCTION api_definers.lead_stage_totals()
 RETURNS TABLE(stage text, leads bigint, offers numeric)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_visitor_access();
  return query
    select s.stage, count(c.id), coalesce(sum(c.offer_amount), 0)
      from unnest(array['new', 'contacted', 'proposal', 'won', 'lost']) with ordinality as s(stage, n)
      left join public.contact_submissions c on c.status = s.stage
     group by s.stage, s.n
     order by s.n;
end
$function$;

CREATE OR REPLACE FUNCTION api_definers.merge_contacts(keep uuid, other uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  gone public.contacts;
begin
  perform private.require_visitor_access();
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
$function$;

CREATE OR REPLACE FUNCTION api_definers.remove_calendar_feed(feed uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  vault_id uuid;
begin
  perform private.require_visitor_access();
  delete from private.calendar_feeds f where f.id = feed returning f.secret_id into vault_id;
  if vault_id is not null then
    delete from vault.secrets s where s.id = vault_id;
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION api_definers.review_contact_detail(contact uuid, field text, value text, decision text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  person public.contacts;
  other public.contacts;
  other_id uuid;
  actor uuid;
  wanted text;
  typed text;
  previous text;
begin
  perform private.require_visitor_access();
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
$function$;

CREATE OR REPLACE FUNCTION api_definers.set_calendar_feed_active(feed uuid, active boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_visitor_access();
  if active is null then
    raise exception 'Say whether the feed is active' using errcode = '22023';
  end if;
  update private.calendar_feeds f set is_active = active where f.id = feed and f.is_active <> active;
  if not found then
    return;
  end if;
  if active then
    -- its staleness counts from now, and it syncs at once
    update private.calendar_feeds f set active_since = now(), failure_mailed_at = null where f.id = feed;
    perform private.request_calendar_sync(feed);
  else
    -- switched off: its times are nobody's business any more, and its last sync is forgotten
    delete from private.calendar_busy b where b.feed_id = feed;
    update private.calendar_feeds f set busy_count = 0, last_synced_at = null, skipped = '[]'::jsonb where f.id = feed;
  end if;
end
$function$;

CREATE OR REPLACE FUNCTION api_definers.sync_calendar_feeds()
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_visitor_access();
  if exists (select 1 from private.calendar_sync_runs r where r.created_at > now() - interval '1 minute') then
    return false;
  end if;
  return private.request_calendar_sync();
end
$function$;


CREATE OR REPLACE FUNCTION private.calendar_feed_failed(feed uuid, message text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  f private.calendar_feeds;
  settings private.mail_settings;
  zone text := private.calendar_zone();
  admin record;
  subject text;
  bodies jsonb;
  pause_at timestamptz;
begin
  update private.calendar_feeds c
     set last_error = left(coalesce(nullif(btrim(message), ''), 'Календарът не може да бъде прочетен.'), 300),
         last_error_at = now()
   where c.id = feed
  returning * into f;
  if not found or not f.is_active or f.failure_mailed_at is not null or not private.mail_ready() then
    return;
  end if;
  select * into settings from private.mail_settings where id;
  pause_at := coalesce(f.last_synced_at, f.active_since) + private.calendar_stale_after();
  subject := 'Календарът „' || private.plain_line(f.label) || '“ не се синхронизира — ' || settings.brand;
  for admin in
    select b.email, coalesce(nullif(b.full_name, ''), b.username) as name
      from public.blog_users b
     where private.serves_visitors(b.id)
     order by b.id
  loop
    bodies := private.mail_bodies('Календар за заетост не се синхронизира',
      array[private.greeting(admin.name),
            'Календарът „' || f.label || '“ не можа да бъде прочетен при последната синхронизация. '
              || 'Заетите му периоди остават такива, каквито бяха при последната успешна синхронизация.',
            case when pause_at > now()
              then 'Ако не бъде прочетен успешно до ' || to_char(pause_at at time zone zone, 'DD.MM.YYYY HH24:MI')
                   || ', новите резервации ще бъдат спрени, докато това стане (или докато не го изключите).'
              else 'Новите резервации са спрени, докато календарът не бъде прочетен успешно (или докато не го изключите).' end],
      array[array['Календар', f.label],
            array['Грешка', f.last_error],
            array['Последна успешна синхронизация',
                  coalesce(to_char(f.last_synced_at at time zone zone, 'DD.MM.YYYY HH24:MI'), 'още няма')]],
      array[array['Отвори календарите', settings.site_url || '/blog-admin/calendar']],
      array['Ще ви пишем отново за този календар само ако бъде прочетен успешно и после пак спре да се чете.'],
      E'Поздрави,\n' || settings.brand);
    perform private.enqueue_mail(null, null, 'calendar_feed_failed', null, admin.email, subject,
      jsonb_build_object('from', settings.sender, 'to', jsonb_build_array(admin.email), 'subject', subject,
                         'html', bodies ->> 'html', 'text', bodies ->> 'text'),
      'system');
  end loop;
  update private.calendar_feeds c set failure_mailed_at = now() where c.id = feed;
end
$function$;

CREATE OR REPLACE FUNCTION private.lead_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
     and not private.serves_visitors(new.owner_id) then
    raise exception 'Отговорникът трябва да е активен консултант или администратор.' using errcode = '23514', hint = 'owner_not_admin';
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
$function$;

CREATE OR REPLACE FUNCTION private.send_follow_up_digests(moment timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
     where private.serves_visitors(b.id)
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
$function$;

-- the administrator's own level is now asked by is_admin() itself
CREATE OR REPLACE FUNCTION api_definers.reset_second_factor(blog_user uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  account uuid;
  caller uuid := auth.uid();
begin
  -- an administrator signed in with their own second factor (private.is_admin asks for aal2)
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators reset a second factor' using errcode = '42501';
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
$function$;


drop function private.require_admin();
drop function private.is_admin_user(uuid);

-- the panel's users tab reads and sets the role (the columns an API role may touch are listed)
grant select (role), insert (role), update (role) on table public.blog_users to authenticated;
