-- Concurrent edits: renaming a portfolio category is guarded like every other admin
-- edit. The caller may pass the updated_at it loaded as expected_updated_at; the rename then
-- happens only if the category is still that version, in the same UPDATE (no window between a
-- check and the write, which a check made by the client before or after the call would leave).
--
-- A changed category is refused with 40001 (serialization_failure: "a concurrent change got
-- there first"); the caller reads the current updated_at and asks the admin what to do.
-- Without expected_updated_at (null, the default) it renames as before.
--
-- The function keeps what 20261122000400 and 20261123000100 gave it: SECURITY INVOKER (the
-- caller's row-level security applies: only an admitted admin renames), an empty search_path,
-- 22023 for a blank name, 23505 for a taken one, 42501 for no rights, P0002 for a missing id, and
-- EXECUTE for authenticated and service_role only. A parameter is added, so the old signature is
-- dropped (CREATE OR REPLACE cannot change it) and the grants are given anew.
drop function public.rename_project_category(uuid, text);

create function public.rename_project_category(category_id uuid, new_name text, expected_updated_at timestamptz default null)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  cleaned text := btrim(coalesce(new_name, ''));
  renamed text;
  current_version timestamptz;
begin
  if cleaned = '' then
    raise exception 'Името на категорията не може да бъде празно.'
      using errcode = '22023', hint = 'new_name must contain a non-blank name';
  end if;

  update public.project_categories
     set name = cleaned
   where id = category_id
     and (expected_updated_at is null or updated_at = expected_updated_at)
  returning name into renamed;

  if renamed is null then
    select c.updated_at into current_version from public.project_categories c where c.id = category_id;
    if found then
      if expected_updated_at is not null and current_version is distinct from expected_updated_at then
        raise exception 'Категорията е променена от друг администратор, откакто я заредихте.'
          using errcode = '40001', detail = format('project category %s changed meanwhile', category_id);
      end if;
      raise exception 'permission denied to rename project category %', category_id
        using errcode = '42501';
    end if;
    raise exception 'Категорията не съществува.'
      using errcode = 'P0002', detail = format('no project category with id %s', category_id);
  end if;

  return renamed;
end;
$$;

revoke all on function public.rename_project_category(uuid, text, timestamptz) from public, anon, authenticated;
grant execute on function public.rename_project_category(uuid, text, timestamptz) to authenticated, service_role;
