-- How long the audit log is kept, set by an administrator in 'Одит'.
--
-- private.audit_settings.retention_days (365 by default, 30 to 3650) decides which rows the daily
-- job audit-retention deletes. An administrator reads and sets it from the panel; setting it is
-- itself recorded in the log (settings.changed, the field's name only).

-- audit_retention
create function api_definers.audit_retention() returns integer
language plpgsql stable security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators see the audit log''s settings' using errcode = '42501';
  end if;
  return (select s.retention_days from private.audit_settings s);
end
$$;
revoke all on function api_definers.audit_retention() from public, anon, authenticated;
grant execute on function api_definers.audit_retention() to authenticated, service_role;
comment on function api_definers.audit_retention() is
  'How many days the audit log keeps its rows. In the API because the admin panel shows it; SECURITY DEFINER because private.audit_settings is out of every API role''s reach: it refuses everyone but an admitted admin (42501) first.';

create function public.audit_retention() returns integer
language sql stable security invoker set search_path = ''
as $$ select api_definers.audit_retention() $$;
revoke all on function public.audit_retention() from public, anon, authenticated;
grant execute on function public.audit_retention() to authenticated, service_role;
comment on function public.audit_retention() is
  'How long the audit log is kept, in days. Calls api_definers.audit_retention, which runs as its owner; its comment says why.';

-- set_audit_retention
create function api_definers.set_audit_retention(days integer) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators change the audit log''s settings' using errcode = '42501';
  end if;
  if days is null or days < 30 or days > 3650 then
    raise exception 'Пазете записите на одита между 30 и 3650 дни.' using errcode = '22023', hint = 'audit_retention_range';
  end if;
  update private.audit_settings set retention_days = days;
  perform private.audit('settings.changed', 'private.audit_settings', 'retention_days', jsonb_build_object('fields', jsonb_build_array('retention_days')));
  return days;
end
$$;
revoke all on function api_definers.set_audit_retention(integer) from public, anon, authenticated;
grant execute on function api_definers.set_audit_retention(integer) to authenticated, service_role;
comment on function api_definers.set_audit_retention(integer) is
  'Sets how many days (30 to 3650) the audit log keeps its rows, recorded in the log. In the API because the admin panel sets it; SECURITY DEFINER because private.audit_settings is out of every API role''s reach: it refuses everyone but an admitted admin (42501) first.';

create function public.set_audit_retention(days integer) returns integer
language sql volatile security invoker set search_path = ''
as $$ select api_definers.set_audit_retention(days) $$;
revoke all on function public.set_audit_retention(integer) from public, anon, authenticated;
grant execute on function public.set_audit_retention(integer) to authenticated, service_role;
comment on function public.set_audit_retention(integer) is
  'Sets how long the audit log is kept. Calls api_definers.set_audit_retention, which runs as its owner; its comment says why.';
