-- An administrator is an account, not an e-mail claim.
--
-- Before this, public.is_admin() trusted the JWT's e-mail claim (an active blog_users row with the
-- same address was enough), the account trigger adopted any existing auth.users row with the same
-- address, and it ran, looked up and hashed before row-level security refused a non-admin. On a
-- hosted project, where anyone may sign up unless sign-ups are turned off, that let a stranger
-- who signed up first with a colleague's address become an admin once the colleague was added.
--
-- Now:
--   * blog_users.user_id is the account the trigger made for that blog user (the account gets
--     the blog user's own id). Nothing else links them: an account the trigger did not make is
--     never taken over; adding a blog user whose address already has one is refused.
--   * is_admin() asks for the caller's own account (auth.uid()), linked to an active blog user,
--     its address confirmed and still the one in the token, not deleted, not banned.
--   * the triggers refuse a caller who is not an admin before they look anything up, hash or
--     write, with the same answer row-level security gives;
--   * a new password, a new address, deactivation or deletion ends every session of the account:
--     its refresh tokens stop working at once.
--   * every account has '' (not NULL) in the columns GoTrue reads as strings: a NULL there makes
--     hosted sign-in fail with "Database error querying schema".

-- ---------------------------------------------------------------------------------------------
-- Accounts GoTrue can read
-- ---------------------------------------------------------------------------------------------
update auth.users
   set aud = coalesce(aud, 'authenticated'),
       role = coalesce(role, 'authenticated'),
       confirmation_token = coalesce(confirmation_token, ''),
       recovery_token = coalesce(recovery_token, ''),
       email_change_token_new = coalesce(email_change_token_new, ''),
       email_change_token_current = coalesce(email_change_token_current, ''),
       email_change = coalesce(email_change, ''),
       phone_change = coalesce(phone_change, ''),
       phone_change_token = coalesce(phone_change_token, ''),
       reauthentication_token = coalesce(reauthentication_token, ''),
       is_super_admin = coalesce(is_super_admin, false),
       created_at = coalesce(created_at, now()),
       updated_at = coalesce(updated_at, now())
 where aud is null or role is null or confirmation_token is null or recovery_token is null
    or email_change_token_new is null or email_change_token_current is null or email_change is null
    or phone_change is null or phone_change_token is null or reauthentication_token is null
    or is_super_admin is null or created_at is null or updated_at is null;

-- ---------------------------------------------------------------------------------------------
-- The link between a blog user and its account
-- ---------------------------------------------------------------------------------------------
alter table public.blog_users
  add column user_id uuid unique references auth.users (id) on delete set null;
comment on column public.blog_users.user_id is
  'The sign-in account the trigger created for this blog user; set by the database only.';

-- Accounts made before this migration were all made by the trigger, under the blog user's address.
update public.blog_users b
   set user_id = u.id
  from auth.users u
 where b.user_id is null
   and u.email = b.email
   and u.is_sso_user = false
   and u.deleted_at is null;

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
    and exists (
      select 1
        from public.blog_users b
        join auth.users u on u.id = b.user_id
       where b.user_id = auth.uid()
         and b.is_active
         and u.email_confirmed_at is not null
         and u.deleted_at is null
         and (u.banned_until is null or u.banned_until <= now())
         and u.email = b.email
         -- a token minted before the address changed no longer admits
         and u.email = lower(coalesce(auth.email(), ''))
    )
$$;
revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

drop policy "Accounts read their own blog user, admins read all" on public.blog_users;
create policy "Accounts read their own blog user, admins read all" on public.blog_users for select to authenticated
  using (user_id = (select auth.uid()) or (select public.is_admin()));

-- ---------------------------------------------------------------------------------------------
-- The account trigger
-- ---------------------------------------------------------------------------------------------
-- Ends every session of an account: hosted GoTrue's refresh tokens belong to a session and go
-- with it, and tokens without one are removed by account.
create or replace function private.end_account_sessions(account uuid) returns void
language sql
security definer
set search_path = ''
as $$
  delete from auth.sessions where user_id = account;
  delete from auth.refresh_tokens where user_id = account::text;
$$;
revoke all on function private.end_account_sessions(uuid) from public, anon, authenticated;

create or replace function public.blog_users_sync_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  plain text := nullif(new.password, '');
  hash text;
  account uuid;
  address_changed boolean;
begin
  -- Only an admin, the service role or SQL gets past this line. Anyone else is refused before an
  -- address is looked up, a password hashed or an account written, with the answer row-level
  -- security would give: the same for every address.
  if private.is_api_caller() and not public.is_admin() then
    raise exception 'new row violates row-level security policy for table "blog_users"' using errcode = '42501';
  end if;

  new.email := lower(btrim(new.email));
  new.password := null; -- never stored (write-only column)

  if tg_op = 'UPDATE' and plain is not distinct from old.password then
    plain := null;
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

  if tg_op = 'INSERT' then
    account := null;
    address_changed := true;
  else
    account := new.user_id; -- null when the account was removed outside the panel
    address_changed := new.email is distinct from old.email;
  end if;

  if account is null and hash is null then
    return new; -- a blog user without an account, changed without a new password: nothing to sync
  end if;
  if (account is null or address_changed) and exists (
    select 1 from auth.users u where lower(u.email) = new.email and u.id is distinct from account
  ) then
    raise exception 'Вече има акаунт за вход с имейл %, създаден извън панела.', new.email
      using errcode = '23505', hint = 'account_exists',
            detail = 'An account the panel did not create is never taken over. Use another address, or remove that account (Authentication → Users) first.';
  end if;

  if account is null then
    account := case when tg_op = 'INSERT' then new.id else gen_random_uuid() end;
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            confirmation_token, recovery_token, email_change_token_new, email_change,
                            email_change_token_current, phone_change, phone_change_token, reauthentication_token,
                            raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', account, 'authenticated', 'authenticated', new.email, hash, now(),
            '', '', '', '', '', '', '', '',
            '{"provider": "email", "providers": ["email"]}'::jsonb,
            jsonb_build_object('full_name', new.full_name, 'username', new.username), false, now(), now());
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (account::text, account,
            jsonb_build_object('sub', account::text, 'email', new.email, 'email_verified', true, 'phone_verified', false),
            'email', now(), now());
    new.user_id := account;
    return new;
  end if;

  update auth.users
     set email = new.email,
         encrypted_password = coalesce(hash, encrypted_password),
         raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
           || jsonb_build_object('full_name', new.full_name, 'username', new.username),
         updated_at = now()
   where id = account;
  if address_changed then
    update auth.identities
       set identity_data = identity_data || jsonb_build_object('email', new.email), updated_at = now()
     where user_id = account and provider = 'email';
  end if;
  -- whoever holds a session of this account signs in again with what is true now
  if hash is not null or address_changed or (old.is_active and not new.is_active) then
    perform private.end_account_sessions(account);
  end if;
  return new;
end;
$$;
revoke all on function public.blog_users_sync_account() from public, anon, authenticated;

-- Removing a blog user removes the account made for it, and with it every session.
create or replace function public.blog_users_remove_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.user_id is not null then
    perform private.end_account_sessions(old.user_id);
    delete from auth.users where id = old.user_id;
  end if;
  return old;
end;
$$;
revoke all on function public.blog_users_remove_account() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Calendar settings: refuse first, then check
-- ---------------------------------------------------------------------------------------------
create or replace function private.check_calendar_settings() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  days jsonb := new.working_hours -> 'days';
begin
  -- a non-admin learns nothing about what a valid row would be: the answer of row-level security
  if private.is_api_caller() and not public.is_admin() then
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
$$;
