-- Staff ids leave the public tables, so select=* answers every caller as every Supabase client
-- expects.
--
-- Posts and projects carried the staff's account ids (blog_posts.created_by, the blog user a post
-- belongs to, and updated_by on both, the account whose save made the version). Anonymous readers
-- were kept from them by a column grant of every other column (20261128000800_api_surface.sql), so
-- `GET /rest/v1/blog_posts?select=*`, what every supabase-js user writes, answered 42501
-- "permission denied for table" and the public pages of the system this product was specified
-- from fell back to their sample data; and a signed-in account that is no admin, which row-level
-- security lets read the published posts, still read both ids. Now:
--
--   * The ids live in side tables, one row per post (public.blog_post_staff: created_by,
--     updated_by) and per project (public.project_staff: updated_by). Admins read them (row-level
--     security, nobody else has a grant), through the same request as the post:
--     `blog_posts?select=*,staff:blog_post_staff(created_by,owner:blog_users(full_name,username))`.
--   * The database keeps them: a post or project inserted gets its row first (blog_posts.id
--     references it, which is also what lets the API embed it), with the caller's blog user and
--     account; a save stamps its account after the version it replaced has been kept. Admins may
--     change a post's created_by (the editor's 'Автор (потребител)'), nothing else.
--   * A post or project in the bin keeps its row, so a restore brings back who wrote it; an item
--     deleted for good takes it along (at the end of the transaction, when a restore would have
--     put the record back).
--   * No public table hides a column from a role that may read it: every role that reads a table
--     reads all of it. The admins read newsletter_sends whole (its HTML and text, which they wrote).
--   * Versions of a post keep its created_by in their record, as they did when it was a column, so
--     'Възстанови тази версия' still brings the author back.

-- ---------------------------------------------------------------------------------------------
-- The side tables
-- ---------------------------------------------------------------------------------------------
create table public.blog_post_staff (
  post_id uuid primary key,
  created_by uuid references public.blog_users (id) on delete set null,
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.blog_post_staff is
  'Who on the staff a post belongs to and who saved it last: one row per post (and per post in the bin), kept by the database; admins only.';
comment on column public.blog_post_staff.created_by is
  'The blog user the post belongs to (the editor''s ''Автор (потребител)''): the inserting admin''s, or chosen by an admin.';
comment on column public.blog_post_staff.updated_by is
  'The account whose save made the post''s current version (null: SQL or a scheduled job); set by the database.';
create index blog_post_staff_created_by_idx on public.blog_post_staff (created_by);
create index blog_post_staff_updated_by_idx on public.blog_post_staff (updated_by);

create table public.project_staff (
  project_id uuid primary key,
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.project_staff is
  'Who saved a project last: one row per project (and per project in the bin), kept by the database; admins only.';
comment on column public.project_staff.updated_by is
  'The account whose save made the project''s current version (null: SQL or a scheduled job); set by the database.';
create index project_staff_updated_by_idx on public.project_staff (updated_by);

-- what the columns held, for every post and project, and for those in the bin (an account or blog
-- user deleted since is no longer named)
insert into public.blog_post_staff (post_id, created_by, updated_by)
select p.id, p.created_by, p.updated_by from public.blog_posts p;
insert into public.project_staff (project_id, updated_by)
select p.id, p.updated_by from public.projects p;
insert into public.blog_post_staff (post_id, created_by, updated_by)
select distinct on (b.record_id) b.record_id,
       (select u.id from public.blog_users u where u.id::text = b.record ->> 'created_by'),
       (select a.id from auth.users a where a.id::text = b.record ->> 'updated_by')
  from public.content_bin b
 where b.table_name = 'blog_posts'
 order by b.record_id, b.deleted_at desc
on conflict (post_id) do nothing;
insert into public.project_staff (project_id, updated_by)
select distinct on (b.record_id) b.record_id,
       (select a.id from auth.users a where a.id::text = b.record ->> 'updated_by')
  from public.content_bin b
 where b.table_name = 'projects'
 order by b.record_id, b.deleted_at desc
on conflict (project_id) do nothing;

-- every post and project has its row (and the API embeds it through this key)
alter table public.blog_posts
  add constraint blog_posts_staff_fkey foreign key (id) references public.blog_post_staff (post_id);
alter table public.projects
  add constraint projects_staff_fkey foreign key (id) references public.project_staff (project_id);

alter table public.blog_post_staff enable row level security;
alter table public.project_staff enable row level security;
revoke all on public.blog_post_staff, public.project_staff from public, anon, authenticated;
grant select on public.blog_post_staff, public.project_staff to authenticated;
grant update (created_by) on public.blog_post_staff to authenticated;
grant all on public.blog_post_staff, public.project_staff to service_role;

create policy "Admins read who wrote and saved posts" on public.blog_post_staff for select to authenticated
  using ((select private.is_admin()));
create policy "Admins choose the blog user a post belongs to" on public.blog_post_staff for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins read who saved projects" on public.project_staff for select to authenticated
  using ((select private.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Kept by the database
-- ---------------------------------------------------------------------------------------------
drop trigger blog_posts_updated_by on public.blog_posts;
drop trigger projects_updated_by on public.projects;

-- Before a post or project is inserted: its row, naming the admin's blog user (posts) and account;
-- SQL and the jobs name nobody. Anyone else's insert is refused by row-level security next (after
-- the BEFORE triggers), and names nobody here, so that refusal stays the same for every caller (a
-- token of an account that does not exist would otherwise fail on the account's key first). A
-- record back from the bin finds its row there: who wrote it stays, and the admin who restored it
-- saved it. An upsert of a record that exists leaves the row to the update.
create or replace function private.add_staff_row() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  account uuid := case when private.is_api_caller() and private.is_admin() then auth.uid() end;
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
$$;
create trigger blog_posts_staff_row before insert on public.blog_posts
  for each row execute function private.add_staff_row();
create trigger projects_staff_row before insert on public.projects
  for each row execute function private.add_staff_row();

-- The version a save replaced, with who had saved it (the row's updated_by before this save) and,
-- for a post, the blog user it belonged to, as when both were columns of the record.
create or replace function private.keep_revision() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  saver uuid;
  staff jsonb := '{}'::jsonb;
begin
  if private.revision_fields(to_jsonb(old)) is distinct from private.revision_fields(to_jsonb(new)) then
    if tg_table_name = 'blog_posts' then
      select s.updated_by, jsonb_build_object('created_by', s.created_by) into saver, staff
        from public.blog_post_staff s where s.post_id = old.id;
    elsif tg_table_name = 'projects' then
      select s.updated_by into saver from public.project_staff s where s.project_id = old.id;
    end if;
    insert into public.content_revisions (table_name, record_id, record, saved_at, saved_by, saved_by_name)
    values (tg_table_name, old.id, to_jsonb(old) || coalesce(staff, '{}'::jsonb), old.updated_at, saver,
            coalesce(private.account_name(saver), ''));
  end if;
  return null;
end
$$;

-- After a save, once the version it replaced is kept (triggers of one event fire in the order of
-- their names: <table>_revision before <table>_updated_by): an API caller's save is theirs; SQL
-- and the jobs keep who it was.
create or replace function private.stamp_updated_by() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if private.is_api_caller() then
    if tg_table_name = 'blog_posts' then
      update public.blog_post_staff set updated_by = auth.uid() where post_id = new.id;
    elsif tg_table_name = 'projects' then
      update public.project_staff set updated_by = auth.uid() where project_id = new.id;
    end if;
  end if;
  return null;
end
$$;
create trigger blog_posts_updated_by after update on public.blog_posts
  for each row execute function private.stamp_updated_by();
create trigger projects_updated_by after update on public.projects
  for each row execute function private.stamp_updated_by();

-- An item of the bin deleted for good takes its row along; checked when the transaction ends,
-- since restore_from_bin takes the item out of the bin before it inserts the record again.
create or replace function private.forget_staff_row() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.table_name = 'blog_posts' then
    delete from public.blog_post_staff s
     where s.post_id = old.record_id and not exists (select 1 from public.blog_posts p where p.id = old.record_id);
  elsif old.table_name = 'projects' then
    delete from public.project_staff s
     where s.project_id = old.record_id and not exists (select 1 from public.projects p where p.id = old.record_id);
  end if;
  return null;
end
$$;
create constraint trigger content_bin_forget_staff after delete on public.content_bin
  deferrable initially deferred
  for each row execute function private.forget_staff_row();

-- ---------------------------------------------------------------------------------------------
-- The columns go; every role that reads a public table reads all of it
-- ---------------------------------------------------------------------------------------------
alter table public.blog_posts drop column created_by, drop column updated_by;
alter table public.projects drop column updated_by;

-- A table-level revoke takes the column grants with it.
revoke select on public.blog_posts, public.projects from anon;
grant select on public.blog_posts, public.projects to anon;
revoke select on public.newsletter_sends from authenticated;
grant select on public.newsletter_sends to authenticated;

-- the triggers' functions are nobody's to call
revoke all on function private.add_staff_row(), private.keep_revision(), private.stamp_updated_by(),
  private.forget_staff_row() from public, anon, authenticated;
