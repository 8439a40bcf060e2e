-- Renaming a portfolio category (a name is required and unique), called by /work-admin through
-- /rest/v1/rpc/rename_project_category.
--
-- projects.category references project_categories(name) with ON UPDATE CASCADE, so the one UPDATE
-- below renames the category in every project that uses it, in the same statement and the same
-- transaction: no project is ever left pointing at a name that no longer exists.
--
-- SECURITY INVOKER: the caller's row-level security applies, so only an admitted administrator
-- can rename (anyone else changes no row and gets 42501). The name is trimmed and may not be
-- blank; a name another category already has is refused by the unique constraint (23505).
create or replace function public.rename_project_category(category_id uuid, new_name text)
returns text
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  cleaned text := btrim(coalesce(new_name, ''));
  renamed text;
begin
  if cleaned = '' then
    raise exception 'Името на категорията не може да бъде празно.'
      using errcode = '22023', hint = 'new_name must contain a non-blank name';
  end if;

  update public.project_categories
     set name = cleaned
   where id = category_id
  returning name into renamed;

  if renamed is null then
    if exists (select 1 from public.project_categories c where c.id = category_id) then
      raise exception 'permission denied to rename project category %', category_id
        using errcode = '42501';
    end if;
    raise exception 'Категорията не съществува.'
      using errcode = 'P0002', detail = format('no project category with id %s', category_id);
  end if;

  return renamed;
end;
$$;

revoke all on function public.rename_project_category(uuid, text) from public;
grant execute on function public.rename_project_category(uuid, text) to authenticated, service_role;
