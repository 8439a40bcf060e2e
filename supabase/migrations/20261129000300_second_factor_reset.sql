-- Who has two-factor authentication, and an administrator resetting someone else's.
--
-- Each admin turns on a TOTP factor for themselves through GoTrue (/auth/v1/factors). A colleague
-- who lost their phone cannot sign in any more; an administrator resets their factor, and they
-- enrol again at the next sign-in. Both functions run as their owner (they read and change
-- auth.mfa_factors, which no API role may see) and refuse everyone but an admitted admin (42501).
-- An admin who has a factor must be signed in with it (an `aal2` session) to reset anyone's: a
-- stolen password alone never removes a colleague's protection. Nobody resets their own through
-- here: that is GoTrue's unenroll, which asks for `aal2` too.

-- staff_second_factors
create function api_definers.staff_second_factors() returns table (blog_user uuid, enrolled_at timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators see who has a second factor' using errcode = '42501';
  end if;
  return query
    select b.id, min(f.created_at)
      from public.blog_users b
      join auth.mfa_factors f on f.user_id = b.user_id and f.status = 'verified'
     group by b.id;
end
$$;
revoke all on function api_definers.staff_second_factors() from public, anon, authenticated;
grant execute on function api_definers.staff_second_factors() to authenticated, service_role;
comment on function api_definers.staff_second_factors() is
  'The blog users with a verified TOTP factor and when they enrolled it (the users tab). In the API because the admin panel calls it; SECURITY DEFINER because auth.mfa_factors is GoTrue''s, out of every API role''s reach: it refuses everyone but an admitted admin (42501) first.';

create function public.staff_second_factors() returns table (blog_user uuid, enrolled_at timestamptz)
language sql stable security invoker set search_path = ''
as $$ select * from api_definers.staff_second_factors() $$;
revoke all on function public.staff_second_factors() from public, anon, authenticated;
grant execute on function public.staff_second_factors() to authenticated, service_role;
comment on function public.staff_second_factors() is
  'Which blog users have two-factor authentication. Calls api_definers.staff_second_factors, which runs as its owner; its comment says why.';

-- reset_second_factor
create function api_definers.reset_second_factor(blog_user uuid) returns void
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
  -- sessions made with the old factor end: its holder signs in again and enrols anew
  perform private.end_account_sessions(account);
end
$$;
revoke all on function api_definers.reset_second_factor(uuid) from public, anon, authenticated;
grant execute on function api_definers.reset_second_factor(uuid) to authenticated, service_role;
comment on function api_definers.reset_second_factor(uuid) is
  'Removes a colleague''s TOTP factors and ends their sessions (they enrol again at the next sign-in). In the API because the admin panel calls it; SECURITY DEFINER because auth.mfa_factors and auth.sessions are GoTrue''s: it refuses everyone but an admitted admin (42501), an admin with a factor signed in without it (aal2_required), and one''s own account (own_factor).';

create function public.reset_second_factor(blog_user uuid) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.reset_second_factor(blog_user) $$;
revoke all on function public.reset_second_factor(uuid) from public, anon, authenticated;
grant execute on function public.reset_second_factor(uuid) to authenticated, service_role;
comment on function public.reset_second_factor(uuid) is
  'An administrator resets a colleague''s two-factor authentication. Calls api_definers.reset_second_factor, which runs as its owner; its comment says why.';
