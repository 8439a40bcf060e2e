-- The editor of a real publication: search and share fields, publishing at a set time, every
-- saved version kept, and a bin instead of a delete.
--
-- Search and share fields (posts and projects): meta_title, meta_description and share_image with
-- its alt text. Empty means "use the fallback": the title, the excerpt (a project's short
-- description) and the main image. The prerendered pages, the feed and the sitemap read them.
--
-- Publishing at a set time (posts): scheduled_at on a post that is not published yet. The job
-- 'publish-scheduled-posts' (pg_cron, every minute) publishes each post whose time has come:
-- is_published, published_at = the set time. That is an ordinary UPDATE, so the content webhook
-- tells the static host as for any other change, with nobody signed in. Until then the post is a
-- draft to every visitor, the API, the feed and the sitemap (row-level security as before).
--
-- Revisions (posts and projects): an AFTER UPDATE trigger keeps the version a save replaces in
-- public.content_revisions, with who saved that version and when (updated_by, kept by the
-- database from the caller's token, and updated_at). No client can skip it. Only changes of the
-- record's own fields count: publishing, hiding and scheduling are states, not texts, and keep no
-- version. The job 'content-housekeeping' (daily) keeps every version of the last 30 days and,
-- before that, the newest of each week.
--
-- The bin (posts, projects, clients, blog users): an AFTER DELETE trigger moves the deleted row,
-- whole, into public.content_bin with who deleted it and when. The row itself is gone, so every
-- list, page, feed and query is as before without a filter, and the content webhook's DELETE
-- takes its static page away. public.restore_from_bin(item) puts it back as it was (an INSERT:
-- the webhook brings the pages back); a blog user's sign-in account was removed with it, so a
-- restored blog user gets a new password. 'content-housekeeping' empties the bin of what has
-- been there for 30 days; an admin may delete an item for good before then.
--
-- Revisions and the bin are for admins only: row-level security on both, no grant to anon, and
-- only the triggers (SECURITY DEFINER) write them.

-- ---------------------------------------------------------------------------------------------
-- Search and share fields
-- ---------------------------------------------------------------------------------------------
alter table public.blog_posts
  add column meta_title text not null default ''
    constraint blog_posts_meta_title_length check (char_length(meta_title) <= 200),
  add column meta_description text not null default ''
    constraint blog_posts_meta_description_length check (char_length(meta_description) <= 400),
  add column share_image text
    constraint blog_posts_share_image_present check (share_image is null or btrim(share_image) <> ''),
  add column share_image_alt text not null default ''
    constraint blog_posts_share_image_alt_length check (char_length(share_image_alt) <= 300);
alter table public.projects
  add column meta_title text not null default ''
    constraint projects_meta_title_length check (char_length(meta_title) <= 200),
  add column meta_description text not null default ''
    constraint projects_meta_description_length check (char_length(meta_description) <= 400),
  add column share_image text
    constraint projects_share_image_present check (share_image is null or btrim(share_image) <> ''),
  add column share_image_alt text not null default ''
    constraint projects_share_image_alt_length check (char_length(share_image_alt) <= 300);
comment on column public.blog_posts.meta_title is 'The title search engines and share cards show; empty: the post''s title.';
comment on column public.blog_posts.meta_description is 'The description search engines and share cards show; empty: the excerpt.';
comment on column public.blog_posts.share_image is 'The picture of the share card; null: the main image.';
comment on column public.projects.meta_title is 'The title search engines and share cards show; empty: the project''s title.';
comment on column public.projects.meta_description is 'The description search engines and share cards show; empty: the short description.';
comment on column public.projects.share_image is 'The picture of the share card; null: the main image.';

-- The share image has its text like every picture (20261128000400_image_alt_text.sql): an API
-- caller must give it, SQL gets the title.
create or replace function private.require_share_image_alt() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if coalesce(btrim(new.share_image), '') <> '' and btrim(new.share_image_alt) = '' then
    if not private.is_api_caller() then
      new.share_image_alt := new.title;
    elsif public.is_admin() then
      raise exception 'Every image needs its alt text' using errcode = '23514', hint = 'image_alt_missing';
    end if;
  end if;
  return new;
end
$$;
create trigger blog_posts_share_image_alt before insert or update on public.blog_posts
  for each row execute function private.require_share_image_alt();
create trigger projects_share_image_alt before insert or update on public.projects
  for each row execute function private.require_share_image_alt();

-- ---------------------------------------------------------------------------------------------
-- Who saved: kept by the database, never taken from the client
-- ---------------------------------------------------------------------------------------------
alter table public.blog_posts add column updated_by uuid references auth.users (id) on delete set null;
alter table public.projects add column updated_by uuid references auth.users (id) on delete set null;
comment on column public.blog_posts.updated_by is 'The account whose save made this version (null: SQL or a scheduled job); set by the database.';
comment on column public.projects.updated_by is 'The account whose save made this version (null: SQL or a scheduled job); set by the database.';

create or replace function private.stamp_updated_by() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- an API caller's save is theirs; SQL and the jobs keep what the row said
  if private.is_api_caller() then
    new.updated_by := auth.uid();
  end if;
  return new;
end
$$;
create trigger blog_posts_updated_by before insert or update on public.blog_posts
  for each row execute function private.stamp_updated_by();
create trigger projects_updated_by before insert or update on public.projects
  for each row execute function private.stamp_updated_by();

-- The name of an account as the panel shows it: its blog user's full name, else username, else
-- the address; '' for none.
create or replace function private.account_name(account uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    (select coalesce(nullif(btrim(b.full_name), ''), b.username) from public.blog_users b where b.user_id = account),
    (select u.email from auth.users u where u.id = account),
    '')
$$;

-- ---------------------------------------------------------------------------------------------
-- Publishing at a set time
-- ---------------------------------------------------------------------------------------------
alter table public.blog_posts add column scheduled_at timestamptz;
comment on column public.blog_posts.scheduled_at is
  'When a draft publishes itself (the job publish-scheduled-posts, every minute); null: not scheduled. A published post has none.';
create index blog_posts_scheduled on public.blog_posts (scheduled_at) where scheduled_at is not null;

create or replace function private.check_post_schedule() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  -- published now (by hand or by the job): nothing is left to schedule
  if new.is_published then
    new.scheduled_at := null;
  elsif new.scheduled_at is not null
        and (tg_op = 'INSERT' or new.scheduled_at is distinct from old.scheduled_at)
        and new.scheduled_at <= now() then
    raise exception 'A post is scheduled for a moment ahead' using errcode = '23514', hint = 'schedule_in_past';
  end if;
  return new;
end
$$;
create trigger blog_posts_schedule before insert or update on public.blog_posts
  for each row execute function private.check_post_schedule();

-- What the job does each minute: every post whose time has come is published, dated at its time.
create or replace function private.publish_scheduled_posts() returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  published integer;
begin
  update public.blog_posts
     set is_published = true, published_at = scheduled_at, scheduled_at = null
   where not is_published and scheduled_at <= now();
  get diagnostics published = row_count;
  return published;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Revisions
-- ---------------------------------------------------------------------------------------------
create table public.content_revisions (
  id uuid primary key default gen_random_uuid(),
  table_name text not null check (table_name in ('blog_posts', 'projects')),
  record_id uuid not null,
  -- the whole row as that save left it
  record jsonb not null check (jsonb_typeof(record) = 'object'),
  saved_at timestamptz not null,
  saved_by uuid,
  saved_by_name text not null default '',
  -- when a later save replaced it
  replaced_at timestamptz not null default now()
);
comment on table public.content_revisions is
  'Earlier versions of posts and projects, one per save that replaced them (trigger keep_revision); admins read them.';
create index content_revisions_record on public.content_revisions (table_name, record_id, saved_at desc);

-- The states that are not the record's text: changing only these keeps no version.
create or replace function private.revision_fields(row_json jsonb) returns jsonb
language sql immutable set search_path = ''
as $$ select row_json - array['updated_at', 'updated_by', 'is_published', 'published_at', 'scheduled_at'] $$;

create or replace function private.keep_revision() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if private.revision_fields(to_jsonb(old)) is distinct from private.revision_fields(to_jsonb(new)) then
    insert into public.content_revisions (table_name, record_id, record, saved_at, saved_by, saved_by_name)
    values (tg_table_name, old.id, to_jsonb(old), old.updated_at, old.updated_by,
            coalesce(private.account_name(old.updated_by), ''));
  end if;
  return null;
end
$$;
create trigger blog_posts_revision after update on public.blog_posts
  for each row execute function private.keep_revision();
create trigger projects_revision after update on public.projects
  for each row execute function private.keep_revision();

-- Keep every version of the last 30 days; before that, the newest of each week (per record).
create or replace function private.prune_revisions() returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  pruned integer;
begin
  delete from public.content_revisions r
   using (select id, row_number() over (partition by table_name, record_id, date_trunc('week', saved_at)
                                         order by saved_at desc, replaced_at desc, id) as n
            from public.content_revisions
           where saved_at < now() - interval '30 days') old
   where r.id = old.id and old.n > 1;
  get diagnostics pruned = row_count;
  return pruned;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- The bin
-- ---------------------------------------------------------------------------------------------
create table public.content_bin (
  id uuid primary key default gen_random_uuid(),
  table_name text not null check (table_name in ('blog_posts', 'projects', 'clients', 'blog_users')),
  record_id uuid not null,
  record jsonb not null check (jsonb_typeof(record) = 'object'),
  -- what the list calls it: the title, the name, the username
  label text not null,
  deleted_at timestamptz not null default now(),
  deleted_by uuid,
  deleted_by_name text not null default ''
);
comment on table public.content_bin is
  'Deleted posts, projects, clients and blog users, whole, for 30 days (trigger move_to_bin); restore_from_bin puts one back.';
create index content_bin_deleted on public.content_bin (deleted_at desc, id);
create index content_bin_record on public.content_bin (table_name, record_id);

create or replace function private.move_to_bin() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  rec jsonb := to_jsonb(old);
begin
  insert into public.content_bin (table_name, record_id, record, label, deleted_by, deleted_by_name)
  values (tg_table_name, old.id, rec,
          coalesce(nullif(btrim(coalesce(rec ->> 'title', rec ->> 'name', rec ->> 'username')), ''), old.id::text),
          case when private.is_api_caller() then auth.uid() end,
          case when private.is_api_caller() then private.account_name(auth.uid()) else '' end);
  return null;
end
$$;
create trigger blog_posts_bin after delete on public.blog_posts
  for each row execute function private.move_to_bin();
create trigger projects_bin after delete on public.projects
  for each row execute function private.move_to_bin();
create trigger clients_bin after delete on public.clients
  for each row execute function private.move_to_bin();
create trigger blog_users_bin after delete on public.blog_users
  for each row execute function private.move_to_bin();

-- An item deleted for good takes its versions with it.
create or replace function private.forget_revisions() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.table_name in ('blog_posts', 'projects') then
    delete from public.content_revisions where table_name = old.table_name and record_id = old.record_id;
  end if;
  return null;
end
$$;
create trigger content_bin_forget after delete on public.content_bin
  for each row execute function private.forget_revisions();

-- Puts an item of the bin back, as it was when deleted, and takes it out of the bin. Only an admin
-- may (checked first). It runs as the owner because a record comes back whole, with its id and
-- dates, which the API's column grants rightly refuse to anyone writing a row (a blog user's id,
-- for one); the triggers still see the admin's token (who restored it, the account rules).
--   * a post scheduled for a time that passed while it was in the bin comes back as a draft;
--   * a post whose author (blog user) is gone comes back without the link to them;
--   * a project whose category is gone is refused (foreign_key_violation): the category first;
--   * an address (slug) or username taken meanwhile is refused (unique_violation);
--   * a blog user's sign-in account was removed with it: new_password (8 characters or more)
--     makes a new one, and is required.
-- Returns {"table", "id"} of the restored record.
create or replace function public.restore_from_bin(item uuid, new_password text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  bin public.content_bin;
  rec jsonb;
begin
  if not public.is_admin() then
    raise exception 'permission denied for function restore_from_bin' using errcode = '42501';
  end if;
  -- taken out first: of two admins restoring the same item at once, the second finds nothing
  delete from public.content_bin where id = item returning * into bin;
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
$$;

-- Empties the bin of items deleted 30 days ago or more.
create or replace function private.purge_bin() returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  purged integer;
begin
  delete from public.content_bin where deleted_at < now() - interval '30 days';
  get diagnostics purged = row_count;
  return purged;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Who may see and do what
-- ---------------------------------------------------------------------------------------------
alter table public.content_revisions enable row level security;
alter table public.content_bin enable row level security;
revoke all on public.content_revisions, public.content_bin from public, anon, authenticated;
grant select on public.content_revisions to authenticated;
grant select, delete on public.content_bin to authenticated;
grant all on public.content_revisions, public.content_bin to service_role;

create policy "Admins read revisions" on public.content_revisions for select to authenticated
  using ((select public.is_admin()));
create policy "Admins read the bin" on public.content_bin for select to authenticated
  using ((select public.is_admin()));
create policy "Admins empty the bin" on public.content_bin for delete to authenticated
  using ((select public.is_admin()));

revoke all on function public.restore_from_bin(uuid, text) from public, anon;
grant execute on function public.restore_from_bin(uuid, text) to authenticated, service_role;
revoke all on all functions in schema private from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The jobs, wherever a scheduler is available
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('publish-scheduled-posts', '* * * * *', 'select private.publish_scheduled_posts()');
    perform cron.schedule('content-housekeeping', '17 3 * * *', 'select private.purge_bin(); select private.prune_revisions()');
  else
    raise warning 'pg_cron is not available: scheduled posts are not published and the bin is not emptied (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
