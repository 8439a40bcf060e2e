-- Invitations (issue 49): an administrator invites a person by e-mail with a role, and the person
-- sets their own password from GoTrue's invitation e-mail.
--
-- The panel calls the Edge Function staff-invitations (it holds the service role key GoTrue's
-- POST /invite needs). The function asks this database, with the administrator's own token,
-- to prepare the person's row (prepare_staff_invitation: a blog user with the role, invited_at set,
-- no account and no password yet), then has GoTrue invite the address, then links the account
-- GoTrue made to the row. Resending is GoTrue's own: inviting an address whose account is not
-- confirmed sends a new link (the old one stops working). Withdrawing removes the row and the
-- unconfirmed account with it, so the link leads nowhere. The link expires as GoTrue's e-mail
-- links do (the project's e-mail OTP expiry); the panel offers to send a new one.

alter table public.blog_users add column invited_at timestamptz;
comment on column public.blog_users.invited_at is
  'When the person was last invited by e-mail (staff-invitations) while the invitation is pending; null once it is accepted (blog_users_invitation_accepted) and for a person made with a password.';
grant select (invited_at) on table public.blog_users to authenticated;

CREATE OR REPLACE FUNCTION private.blog_users_sync_account()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  plain text := nullif(new.password, '');
  hash text;
  account uuid;
  address_changed boolean;
begin
  -- Only an admin, the service role or SQL gets past this line. Anyone else is refused before an
  -- address is looked up, a password hashed or an account written, with the answer row-level
  -- security would give: the same for every address.
  if private.is_api_caller() and not private.is_admin() then
    raise exception 'new row violates row-level security policy for table "blog_users"' using errcode = '42501';
  end if;

  new.email := lower(btrim(new.email));
  new.password := null; -- never stored (write-only column)

  if tg_op = 'UPDATE' and plain is not distinct from old.password then
    plain := null;
  end if;
  if plain is null then
    -- an invited person has no account yet: GoTrue's invitation makes it, and the password is
    -- theirs to set (supabase/functions/staff-invitations links the account to this row)
    if tg_op = 'INSERT' and new.invited_at is not null then
      return new;
    end if;
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
$function$;

-- ---------------------------------------------------------------------------------------------
-- prepare_staff_invitation: the row of the person to invite
-- ---------------------------------------------------------------------------------------------
create function api_definers.prepare_staff_invitation(email text, full_name text, role text) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := lower(btrim(coalesce(email, '')));
  base text;
  name text;
  n integer := 1;
  made uuid;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators invite people' using errcode = '42501';
  end if;
  if address !~ '^[^\s@]+@[^\s@]+\.[^\s@]+$' then
    raise exception 'Моля, въведете валиден имейл адрес.' using errcode = '22023', hint = 'email_invalid';
  end if;
  if exists (select 1 from public.blog_users b where lower(b.email) = address) then
    raise exception 'Вече има потребител с имейл %.', address using errcode = '23505', hint = 'user_exists';
  end if;
  if exists (select 1 from auth.users u where lower(u.email) = address) then
    raise exception 'Вече има акаунт за вход с имейл %. Поканата е за нов човек.', address
      using errcode = '23505', hint = 'account_exists';
  end if;
  -- the username: the address's local part, made unique with a number
  base := left(regexp_replace(split_part(address, '@', 1), '[^a-z0-9._-]', '', 'g'), 90);
  if base = '' then base := 'user'; end if;
  name := base;
  while exists (select 1 from public.blog_users b where b.username = name) loop
    n := n + 1;
    name := base || n;
  end loop;
  -- the role is checked by blog_users_04_check_role, in Bulgarian
  insert into public.blog_users (username, full_name, email, role, is_active, invited_at)
  values (name, nullif(btrim(coalesce(full_name, '')), ''), address, role, true, now())
  returning id into made;
  return made;
end
$$;
revoke all on function api_definers.prepare_staff_invitation(text, text, text) from public, anon, authenticated;
grant execute on function api_definers.prepare_staff_invitation(text, text, text) to authenticated, service_role;
comment on function api_definers.prepare_staff_invitation(text, text, text) is
  'The blog user of a person about to be invited (no account, no password, invited_at now). In the API because the Edge Function staff-invitations calls it with the administrator''s own token; SECURITY DEFINER because it must see auth.users to refuse an address that has an account: it refuses everyone but an administrator at aal2 (42501) first.';

create function public.prepare_staff_invitation(email text, full_name text, role text) returns uuid
language sql volatile security invoker set search_path = ''
as $$ select api_definers.prepare_staff_invitation(email, full_name, role) $$;
revoke all on function public.prepare_staff_invitation(text, text, text) from public, anon, authenticated;
grant execute on function public.prepare_staff_invitation(text, text, text) to authenticated, service_role;
comment on function public.prepare_staff_invitation(text, text, text) is
  'Prepares an invitation. Calls api_definers.prepare_staff_invitation, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- pending_staff_invitation: whether a person's invitation may be sent again (and to which address)
-- ---------------------------------------------------------------------------------------------
create function api_definers.pending_staff_invitation(blog_user uuid) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text;
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators invite people' using errcode = '42501';
  end if;
  select b.email into address
    from public.blog_users b
    left join auth.users u on u.id = b.user_id
   where b.id = blog_user and b.invited_at is not null and u.email_confirmed_at is null;
  if address is null then
    raise exception 'Поканата вече е приета или потребителят не е поканен.' using errcode = '22023', hint = 'invitation_not_pending';
  end if;
  update public.blog_users set invited_at = now() where id = blog_user;
  return address;
end
$$;
revoke all on function api_definers.pending_staff_invitation(uuid) from public, anon, authenticated;
grant execute on function api_definers.pending_staff_invitation(uuid) to authenticated, service_role;
comment on function api_definers.pending_staff_invitation(uuid) is
  'The address of a person whose invitation is still pending, its time set to now for a new link. In the API because the Edge Function staff-invitations calls it with the administrator''s own token; SECURITY DEFINER because it reads auth.users: it refuses everyone but an administrator at aal2 (42501) first.';

create function public.pending_staff_invitation(blog_user uuid) returns text
language sql volatile security invoker set search_path = ''
as $$ select api_definers.pending_staff_invitation(blog_user) $$;
revoke all on function public.pending_staff_invitation(uuid) from public, anon, authenticated;
grant execute on function public.pending_staff_invitation(uuid) to authenticated, service_role;
comment on function public.pending_staff_invitation(uuid) is
  'Readies a pending invitation to be sent again. Calls api_definers.pending_staff_invitation, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- withdraw_staff_invitation: the person, their unconfirmed account and its link go
-- ---------------------------------------------------------------------------------------------
create function api_definers.withdraw_staff_invitation(blog_user uuid) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators withdraw invitations' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.blog_users b left join auth.users u on u.id = b.user_id
     where b.id = blog_user and b.invited_at is not null and u.email_confirmed_at is null
  ) then
    raise exception 'Поканата вече е приета или потребителят не е поканен.' using errcode = '22023', hint = 'invitation_not_pending';
  end if;
  -- the account goes with the row (blog_users_20_remove_account); a withdrawn invitation is no
  -- deleted person to restore: it leaves nothing in the bin
  delete from public.blog_users where id = blog_user;
  delete from public.content_bin where table_name = 'blog_users' and record_id = blog_user;
end
$$;
revoke all on function api_definers.withdraw_staff_invitation(uuid) from public, anon, authenticated;
grant execute on function api_definers.withdraw_staff_invitation(uuid) to authenticated, service_role;
comment on function api_definers.withdraw_staff_invitation(uuid) is
  'Withdraws a pending invitation: the blog user and the unconfirmed account go, the e-mailed link with them. In the API because the users tab calls it; SECURITY DEFINER because it reads auth.users and clears the bin''s copy: it refuses everyone but an administrator at aal2 (42501) first.';

create function public.withdraw_staff_invitation(blog_user uuid) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.withdraw_staff_invitation(blog_user) $$;
revoke all on function public.withdraw_staff_invitation(uuid) from public, anon, authenticated;
grant execute on function public.withdraw_staff_invitation(uuid) to authenticated, service_role;
comment on function public.withdraw_staff_invitation(uuid) is
  'Withdraws a pending invitation. Calls api_definers.withdraw_staff_invitation, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- An accepted invitation: GoTrue confirms the account when its link is used
-- ---------------------------------------------------------------------------------------------
create function private.blog_users_invitation_accepted() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.blog_users set invited_at = null where user_id = new.id and invited_at is not null;
  return null;
end
$$;
revoke all on function private.blog_users_invitation_accepted() from public, anon, authenticated;
comment on function private.blog_users_invitation_accepted() is
  'Trigger on auth.users: the invitation of a person whose account GoTrue has just confirmed is no longer pending.';
create trigger blog_users_invitation_accepted after update of email_confirmed_at on auth.users
  for each row when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.blog_users_invitation_accepted();
