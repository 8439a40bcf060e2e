-- blog_users.password is write-only by construction.
--
-- The column exists only to receive a new password from the admin panel. The trigger turns it
-- into a bcrypt hash on the person's sign-in account (auth.users) and leaves the column empty, and
-- a check constraint keeps it empty whatever path a row takes. No hash sits in a readable table,
-- so the admins may read blog_users with select=* again, as a sign-in that reads the whole row
-- does.

create or replace function public.blog_users_sync_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  account_id uuid;
  plain text := nullif(new.password, '');
  hash text;
  old_email text := case when tg_op = 'UPDATE' then old.email else new.email end;
begin
  new.email := lower(btrim(new.email));
  -- never stored here, whatever happens below
  new.password := null;

  if tg_op = 'UPDATE' and plain is not distinct from old.password then
    plain := null; -- the value read back (empty), or a stored hash from before: no new password
  end if;

  if plain is null then
    if tg_op = 'INSERT' then
      raise exception 'Паролата е задължителна при създаване на потребител.' using errcode = '23502';
    end if;
  elsif char_length(plain) < 8 then
    raise exception 'Паролата трябва да е поне 8 символа.' using errcode = '23514';
  elsif plain ~ '^\$2[aby]\$\d\d\$' then
    raise exception 'Паролата трябва да се подаде като текст, не като хеш.' using errcode = '23514';
  else
    hash := extensions.crypt(plain, extensions.gen_salt('bf', 10));
  end if;

  select u.id into account_id from auth.users u where lower(u.email) = lower(old_email) limit 1;

  if account_id is null and hash is not null then
    account_id := gen_random_uuid();
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', account_id, 'authenticated', 'authenticated', new.email,
            hash, now(), '{"provider": "email", "providers": ["email"]}'::jsonb,
            jsonb_build_object('full_name', new.full_name, 'username', new.username), now(), now());
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (account_id::text, account_id,
            jsonb_build_object('sub', account_id::text, 'email', new.email, 'email_verified', true),
            'email', now(), now());
  elsif account_id is not null then
    update auth.users
       set email = new.email,
           encrypted_password = coalesce(hash, encrypted_password),
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

-- A stored hash whose account is missing (none should be) becomes that account, so nobody is locked out.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated', b.email,
       b.password, now(), '{"provider": "email", "providers": ["email"]}'::jsonb,
       jsonb_build_object('full_name', b.full_name, 'username', b.username), now(), now()
  from public.blog_users b
 where b.password is not null
   and not exists (select 1 from auth.users u where lower(u.email) = lower(b.email));
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true), 'email', now(), now()
  from auth.users u
  join public.blog_users b on lower(b.email) = lower(u.email)
 where not exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email');

-- The hashes leave the table (the trigger sees the unchanged value and keeps the accounts as they are).
update public.blog_users set password = null where password is not null;

alter table public.blog_users
  add constraint blog_users_password_write_only check (password is null);

comment on column public.blog_users.password is
  'Write-only: a new password in plain text on insert or update; the trigger hashes it into auth.users and stores nothing here.';

-- select=* is harmless now: admins (and an account reading its own row) may read every column.
grant select on public.blog_users to authenticated;
