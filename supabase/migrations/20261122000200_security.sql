-- Who may do what, decided by the database whatever the browser does.
--
--   visitors (anon, and any signed-in account): read clients, projects, project_categories,
--     calendar_settings and published posts; insert inquiries and pending appointments.
--   an admitted administrator (signed in, e-mail matching an active blog_users row): everything.
--   a signed-in account: may read its own blog_users row, so the app can admit or refuse it.

-- ---------------------------------------------------------------------------------------------
-- Admission
-- ---------------------------------------------------------------------------------------------
create or replace function public.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.role() = 'authenticated', false)
    and auth.email() is not null
    and exists (
      select 1
      from public.blog_users u
      where lower(u.email) = lower(auth.email())
        and u.is_active
    )
$$;
revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Least privilege for the API roles: start from nothing, then grant what each needs.
-- ---------------------------------------------------------------------------------------------
revoke all on all tables in schema public from anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;

grant select on public.clients, public.projects, public.project_categories, public.calendar_settings,
  public.blog_posts to anon, authenticated;
grant insert on public.contact_submissions, public.appointments to anon, authenticated;

grant update, delete on public.clients, public.projects, public.project_categories,
  public.calendar_settings, public.blog_posts to authenticated;
grant insert on public.clients, public.projects, public.project_categories, public.calendar_settings,
  public.blog_posts to authenticated;
grant select, update, delete on public.contact_submissions, public.appointments to authenticated;

-- blog_users: the password column can never be read back by any client role.
grant select (id, username, full_name, email, is_active, created_at, updated_at) on public.blog_users to authenticated;
grant insert (username, password, full_name, email, is_active) on public.blog_users to authenticated;
grant update (username, password, full_name, email, is_active) on public.blog_users to authenticated;
grant delete on public.blog_users to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Row-level security on every table
-- ---------------------------------------------------------------------------------------------
alter table public.contact_submissions enable row level security;
alter table public.appointments enable row level security;
alter table public.calendar_settings enable row level security;
alter table public.clients enable row level security;
alter table public.project_categories enable row level security;
alter table public.projects enable row level security;
alter table public.blog_users enable row level security;
alter table public.blog_posts enable row level security;

-- public reads
create policy "Anyone reads clients" on public.clients for select to anon, authenticated using (true);
create policy "Anyone reads projects" on public.projects for select to anon, authenticated using (true);
create policy "Anyone reads project categories" on public.project_categories for select to anon, authenticated using (true);
create policy "Anyone reads calendar settings" on public.calendar_settings for select to anon, authenticated using (true);
create policy "Anyone reads published posts, admins read all" on public.blog_posts for select to anon, authenticated
  using (is_published or (select public.is_admin()));

-- visitor inserts
create policy "Visitors send inquiries" on public.contact_submissions for insert to anon, authenticated
  with check (true);
create policy "Visitors book pending appointments" on public.appointments for insert to anon, authenticated
  with check (status = 'pending');

-- admins: everything else
create policy "Admins read inquiries" on public.contact_submissions for select to authenticated
  using ((select public.is_admin()));
create policy "Admins change inquiries" on public.contact_submissions for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete inquiries" on public.contact_submissions for delete to authenticated
  using ((select public.is_admin()));

create policy "Admins read appointments" on public.appointments for select to authenticated
  using ((select public.is_admin()));
create policy "Admins insert appointments" on public.appointments for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change appointments" on public.appointments for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete appointments" on public.appointments for delete to authenticated
  using ((select public.is_admin()));

create policy "Admins insert calendar settings" on public.calendar_settings for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change calendar settings" on public.calendar_settings for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete calendar settings" on public.calendar_settings for delete to authenticated
  using ((select public.is_admin()));

create policy "Admins insert clients" on public.clients for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change clients" on public.clients for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete clients" on public.clients for delete to authenticated
  using ((select public.is_admin()));

create policy "Admins insert project categories" on public.project_categories for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change project categories" on public.project_categories for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete project categories" on public.project_categories for delete to authenticated
  using ((select public.is_admin()));

create policy "Admins insert projects" on public.projects for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change projects" on public.projects for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete projects" on public.projects for delete to authenticated
  using ((select public.is_admin()));

create policy "Admins insert posts" on public.blog_posts for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change posts" on public.blog_posts for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete posts" on public.blog_posts for delete to authenticated
  using ((select public.is_admin()));

create policy "Accounts read their own blog user, admins read all" on public.blog_users for select to authenticated
  using (lower(email) = lower(auth.email()) or (select public.is_admin()));
create policy "Admins insert blog users" on public.blog_users for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins change blog users" on public.blog_users for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins delete blog users" on public.blog_users for delete to authenticated
  using ((select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- Blog users' passwords and sign-in accounts
-- ---------------------------------------------------------------------------------------------
-- A password arrives as plain text in the insert or update and leaves this trigger as a bcrypt
-- hash; the same hash becomes the person's sign-in account (auth.users + auth.identities), so a
-- colleague created in the admin panel can sign in with it. The function runs as its owner so
-- it can write the auth schema; only admins reach it, since only admins may write blog_users.
create or replace function public.blog_users_sync_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  account_id uuid;
  plain text := new.password;
  old_email text := case when tg_op = 'UPDATE' then old.email else new.email end;
begin
  new.email := lower(btrim(new.email));

  if tg_op = 'UPDATE' and (plain is null or plain = '' or plain = old.password) then
    -- no new password: keep the stored hash
    new.password := old.password;
    plain := null;
  elsif plain is null or plain = '' then
    if tg_op = 'INSERT' then
      raise exception 'Паролата е задължителна при създаване на потребител.' using errcode = '23502';
    end if;
  elsif char_length(plain) < 8 then
    raise exception 'Паролата трябва да е поне 8 символа.' using errcode = '23514';
  elsif plain ~ '^\$2[aby]\$\d\d\$' then
    raise exception 'Паролата трябва да се подаде като текст, не като хеш.' using errcode = '23514';
  else
    new.password := extensions.crypt(plain, extensions.gen_salt('bf', 10));
  end if;

  select u.id into account_id from auth.users u where lower(u.email) = lower(old_email) limit 1;

  if account_id is null and new.password is not null then
    account_id := gen_random_uuid();
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', account_id, 'authenticated', 'authenticated', new.email,
            new.password, now(), '{"provider": "email", "providers": ["email"]}'::jsonb,
            jsonb_build_object('full_name', new.full_name, 'username', new.username), now(), now());
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (account_id::text, account_id,
            jsonb_build_object('sub', account_id::text, 'email', new.email, 'email_verified', true),
            'email', now(), now());
  elsif account_id is not null then
    update auth.users
       set email = new.email,
           encrypted_password = coalesce(new.password, encrypted_password),
           raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
             || jsonb_build_object('full_name', new.full_name, 'username', new.username),
           updated_at = now()
     where id = account_id;
    update auth.identities
       set identity_data = identity_data || jsonb_build_object('email', new.email), updated_at = now()
     where user_id = account_id and provider = 'email';
  end if;
  return new;
end;
$$;
revoke all on function public.blog_users_sync_account() from public, anon, authenticated;

create trigger blog_users_sync_account before insert or update on public.blog_users
  for each row execute function public.blog_users_sync_account();

-- Removing a blog user removes their sign-in account too.
create or replace function public.blog_users_remove_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.users where lower(email) = lower(old.email);
  return old;
end;
$$;
revoke all on function public.blog_users_remove_account() from public, anon, authenticated;

create trigger blog_users_remove_account after delete on public.blog_users
  for each row execute function public.blog_users_remove_account();

-- ---------------------------------------------------------------------------------------------
-- Storage: two public image buckets, written by admins only
-- ---------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('blog-images', 'blog-images', true, 10485760,
   array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']),
  ('project-gallery', 'project-gallery', true, 10485760,
   array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone sees the site's public buckets" on storage.buckets for select to anon, authenticated
  using (id in ('blog-images', 'project-gallery'));

create policy "Anyone reads site images" on storage.objects for select to anon, authenticated
  using (bucket_id in ('blog-images', 'project-gallery'));
create policy "Admins upload site images" on storage.objects for insert to authenticated
  with check (bucket_id in ('blog-images', 'project-gallery') and (select public.is_admin()));
create policy "Admins replace site images" on storage.objects for update to authenticated
  using (bucket_id in ('blog-images', 'project-gallery') and (select public.is_admin()))
  with check (bucket_id in ('blog-images', 'project-gallery') and (select public.is_admin()));
create policy "Admins delete site images" on storage.objects for delete to authenticated
  using (bucket_id in ('blog-images', 'project-gallery') and (select public.is_admin()));
