-- The panel can never lose its last administrator.
--
-- Every active blog user is an administrator today (roles come with issue 49), and a deactivated
-- or deleted one can no longer sign in. When the last active one deactivated or deleted itself, or
-- another admin's last colleague did, nobody could open the panel again without SQL on the
-- server. The database refuses that change, whoever makes it (the panel, the API with the service
-- role, SQL), with a Bulgarian message the panel shows as it is, and nothing is changed.

create function private.blog_users_keep_an_admin() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if old.is_active
     and (tg_op = 'DELETE' or not new.is_active)
     and not exists (select 1 from public.blog_users b where b.id <> old.id and b.is_active) then
    raise exception 'Не можете да деактивирате или изтриете последния активен администратор. Първо добавете или активирайте друг.'
      using errcode = '23514', hint = 'last_admin';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke all on function private.blog_users_keep_an_admin() from public, anon, authenticated;
comment on function private.blog_users_keep_an_admin() is
  'Refuses deactivating or deleting the last active blog user (hint last_admin). SECURITY DEFINER because it must see every blog user, whoever changes one.';

-- first of the before-update triggers: nothing is synced or ended for a change that is refused
create trigger blog_users_05_keep_an_admin before update or delete on public.blog_users
  for each row execute function private.blog_users_keep_an_admin();
