-- What the API shows is what must be public, and says why.
--
-- Supabase's advisor (splinter) with the API schemas as on hosted found 12 SECURITY DEFINER
-- functions that anon or authenticated may execute, none explained; anonymous readers got staff
-- account ids (created_by, updated_by) with every published post and project; pg_cron sat in the
-- public schema; and accounts that the admin-accounts migration linked to blog users by e-mail
-- kept their sessions, so an account a stranger had registered first under a colleague's address
-- stayed signed in as an admin. Now:
--
--   * is_admin() and the trigger functions leave the API schema for `private`. The functions
--     that stay in `public` and run as their owner are the ones visitors or admins must call
--     through the API; each says why in its comment.
--   * Anonymous readers may select every column of posts and projects but the staff ids.
--   * pg_cron lives where hosted Supabase puts it (schema pg_catalog), its jobs kept.
--   * Every session and refresh token of the accounts linked by that e-mail backfill ends: who
--     holds one signs in again. `npm run check:hosted` lists the admins whose account is older than
--     their blog-user row (the accounts that backfill may have adopted).

-- ---------------------------------------------------------------------------------------------
-- is_admin and the trigger functions out of the API
-- ---------------------------------------------------------------------------------------------
-- Row-level security calls is_admin() as the caller, so the API roles keep the right to run it
-- (and to look into `private` for it); every other function in private stays closed to them.
grant usage on schema private to anon, authenticated;
alter default privileges in schema private revoke execute on functions from public;
alter function public.is_admin() set schema private;
revoke all on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;
comment on function private.is_admin() is
  'Whether the caller''s token is an admitted administrator''s (row-level security asks it). Not in the API: nobody needs to call it directly.';

alter function public.set_updated_at() set schema private;
alter function public.blog_posts_default_published_at() set schema private;
alter function public.appointments_status_transition() set schema private;
alter function public.blog_users_sync_account() set schema private;
alter function public.blog_users_remove_account() set schema private;

-- Policies follow a moved function by itself; function bodies name it as text, so they are
-- written again with the new name.
do $$
declare
  f record;
begin
  for f in
    select p.oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname in ('public', 'private') and p.prokind = 'f' and p.prosrc like '%public.is_admin()%'
  loop
    execute replace(pg_get_functiondef(f.oid), 'public.is_admin()', 'private.is_admin()');
  end loop;
end
$$;

revoke all on all functions in schema private from public, anon, authenticated;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The functions that stay in the API, and why
-- ---------------------------------------------------------------------------------------------
comment on function public.taken_slots(timestamptz, timestamptz) is
  'The start times already booked between two instants (the booking calendar greys them out). '
  'In the API because visitors'' calendars call it; SECURITY DEFINER because visitors may not read appointments: '
  'it returns bare times, only from now to the booking horizon, never who booked.';
comment on function public.booking_by_token(text) is
  'The booking a manage link opens (POST only: the token never travels in a URL the API logs). '
  'In the API because the visitor''s manage page calls it; SECURITY DEFINER because visitors may not read appointments: '
  'it answers only for a live token, and never with the e-mail, phone or message.';
comment on function public.cancel_booking(text) is
  'Cancels the booking of a live manage link, before the cut-off. '
  'In the API because the visitor''s manage page calls it; SECURITY DEFINER because visitors may not change appointments: '
  'the token is the only key, and it changes nothing else.';
comment on function public.move_booking(text, timestamptz) is
  'Moves the booking of a live manage link to another free slot, under every booking rule, a few times at most. '
  'In the API because the visitor''s manage page calls it; SECURITY DEFINER because visitors may not change appointments: '
  'the token is the only key.';
comment on function public.booking_history(uuid) is
  'A booking''s events and e-mails, for the inbox. In the API because the admin panel calls it; SECURITY DEFINER because '
  'the events and the outbox are private tables: it refuses everyone but an admitted admin (42501) before it reads anything.';
comment on function public.restore_from_bin(uuid, text) is
  'Puts a deleted record back from the bin. In the API because the admin panel calls it; SECURITY DEFINER because '
  'restoring writes rows and an account as they were: it refuses everyone but an admitted admin (42501) before it reads anything.';

-- ---------------------------------------------------------------------------------------------
-- Staff ids are not public
-- ---------------------------------------------------------------------------------------------
-- Anonymous readers get a column grant of everything but the staff ids. A column added later is
-- not readable by them until a migration grants it.
do $$
declare
  t text;
  columns text;
begin
  foreach t in array array['blog_posts', 'projects'] loop
    select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into columns
      from pg_attribute a
     where a.attrelid = format('public.%I', t)::regclass and a.attnum > 0 and not a.attisdropped
       and a.attname not in ('created_by', 'updated_by');
    execute format('revoke select on public.%I from anon', t);
    execute format('grant select (%s) on public.%I to anon', columns, t);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- One insert policy for appointments
-- ---------------------------------------------------------------------------------------------
drop policy "Visitors book pending appointments" on public.appointments;
drop policy "Admins insert appointments" on public.appointments;
create policy "Visitors book pending appointments, admins any" on public.appointments for insert to anon, authenticated
  with check (status = 'pending' or (select private.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- pg_cron where hosted Supabase keeps it
-- ---------------------------------------------------------------------------------------------
-- pg_cron cannot be moved (it is not relocatable): created by an earlier migration under the
-- public schema, it is created again under pg_catalog with the same jobs.
do $$
begin
  if exists (select 1 from pg_extension e join pg_namespace n on n.oid = e.extnamespace
              where e.extname = 'pg_cron' and n.nspname = 'public') then
    create temporary table kept_jobs on commit drop as
      select jobname, schedule, command, active from cron.job where jobname is not null;
    drop extension pg_cron;
    create extension pg_cron with schema pg_catalog;
    perform cron.schedule(k.jobname, k.schedule, k.command) from kept_jobs k;
    update cron.job j set active = k.active from kept_jobs k where j.jobname = k.jobname;
  end if;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- What the advisor's performance lints asked for
-- ---------------------------------------------------------------------------------------------
-- foreign keys that a delete of the row they point at has to search by
create index chat_outbox_inquiry_idx on private.chat_outbox (inquiry_id);
create index chat_outbox_appointment_idx on private.chat_outbox (appointment_id);
create index blog_posts_updated_by_idx on public.blog_posts (updated_by);
create index projects_updated_by_idx on public.projects (updated_by);
-- every table has a primary key
alter table private.intake_clients add column id bigint generated always as identity primary key;

-- ---------------------------------------------------------------------------------------------
-- Sessions of the accounts the e-mail backfill linked
-- ---------------------------------------------------------------------------------------------
-- The admin-accounts migration linked every blog user to the account with its address. The
-- accounts its trigger makes since then carry the blog user's own id; any other linked account
-- came from that backfill (or the trigger before it) and may have been registered by someone else
-- first. Whoever holds a session of one signs in again.
do $$
declare
  account uuid;
begin
  for account in select b.user_id from public.blog_users b where b.user_id is not null and b.user_id <> b.id loop
    perform private.end_account_sessions(account);
  end loop;
end
$$;

revoke all on all functions in schema private from public, anon, authenticated;
grant execute on function private.is_admin() to anon, authenticated, service_role;
-- the indexes on mailboxes compute private.mailbox_key as the caller (a pure function)
grant execute on function private.mailbox_key(text) to anon, authenticated, service_role;
