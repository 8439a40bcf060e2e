-- Every uploaded picture has a text alternative, kept beside its URL and rendered as its alt:
-- a post's main image, a project's main image, each gallery item (an "alt" key in the item), a
-- client's logo and the consultant's photo.
--
-- An admin (any API caller) must write it whenever there is an image: a save without it is
-- refused (check_violation, hint image_alt_missing) and the form says so in Bulgarian. Rows that
-- come from SQL (the seed, the rows that exist before this migration) get the record's own title
-- or name as their text, which says what the picture belongs to.

alter table public.blog_posts add column featured_image_alt text not null default ''
  constraint blog_posts_featured_image_alt_length check (char_length(featured_image_alt) <= 300);
alter table public.projects add column image_alt text not null default ''
  constraint projects_image_alt_length check (char_length(image_alt) <= 300);
alter table public.clients add column logo_alt text not null default ''
  constraint clients_logo_alt_length check (char_length(logo_alt) <= 300);
alter table public.calendar_settings add column photo_alt text not null default ''
  constraint calendar_settings_photo_alt_length check (char_length(photo_alt) <= 300);
comment on column public.blog_posts.featured_image_alt is 'What the main image shows, for those who cannot see it (its alt text).';
comment on column public.projects.image_alt is 'What the main image shows, for those who cannot see it (its alt text).';
comment on column public.clients.logo_alt is 'The logo''s text alternative (its alt text).';

update public.blog_posts set featured_image_alt = title where coalesce(btrim(featured_image), '') <> '';
update public.projects set image_alt = title;
update public.clients set logo_alt = 'Лого на ' || name;
update public.calendar_settings set photo_alt = 'Снимка на ' || consultant_name where coalesce(btrim(photo_url), '') <> '';
update public.projects p
   set gallery = (select coalesce(jsonb_agg(case when coalesce(btrim(item ->> 'alt'), '') = ''
                                                 then item || jsonb_build_object('alt', coalesce(item ->> 'title', p.title))
                                                 else item end order by n), '[]'::jsonb)
                    from jsonb_array_elements(p.gallery) with ordinality as g(item, n));

-- API callers must give the text; SQL gets the title.
create or replace function private.require_image_alt() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  missing boolean := false;
begin
  -- missing: an API caller left it out (only admins reach this with a row-level security pass)
  if tg_table_name = 'blog_posts' then
    if coalesce(btrim(new.featured_image), '') <> '' and btrim(new.featured_image_alt) = '' then
      if private.is_api_caller() then missing := true; else new.featured_image_alt := new.title; end if;
    end if;
  elsif tg_table_name = 'projects' then
    if btrim(new.image_alt) = '' then
      if private.is_api_caller() then missing := true; else new.image_alt := new.title; end if;
    end if;
    if exists (select 1 from jsonb_array_elements(new.gallery) item
                where jsonb_typeof(item) = 'object' and coalesce(btrim(item ->> 'alt'), '') = '') then
      if private.is_api_caller() then
        missing := true;
      else
        new.gallery := (select coalesce(jsonb_agg(case when jsonb_typeof(item) = 'object' and coalesce(btrim(item ->> 'alt'), '') = ''
                                                       then item || jsonb_build_object('alt', coalesce(item ->> 'title', new.title))
                                                       else item end order by n), '[]'::jsonb)
                          from jsonb_array_elements(new.gallery) with ordinality as g(item, n));
      end if;
    end if;
  elsif tg_table_name = 'calendar_settings' then
    if coalesce(btrim(new.photo_url), '') <> '' and btrim(new.photo_alt) = '' then
      if private.is_api_caller() then missing := true; else new.photo_alt := 'Снимка на ' || new.consultant_name; end if;
    end if;
  elsif tg_table_name = 'clients' then
    if btrim(new.logo_alt) = '' then
      if private.is_api_caller() then missing := true; else new.logo_alt := 'Лого на ' || new.name; end if;
    end if;
  end if;
  -- a caller who may not write here at all is refused by row-level security, not by this rule
  if missing and public.is_admin() then
    raise exception 'Every image needs its alt text' using errcode = '23514', hint = 'image_alt_missing';
  end if;
  return new;
end
$$;
create trigger blog_posts_image_alt before insert or update on public.blog_posts
  for each row execute function private.require_image_alt();
create trigger projects_image_alt before insert or update on public.projects
  for each row execute function private.require_image_alt();
create trigger clients_image_alt before insert or update on public.clients
  for each row execute function private.require_image_alt();
create trigger calendar_settings_image_alt before insert or update on public.calendar_settings
  for each row execute function private.require_image_alt();

revoke all on all functions in schema private from public, anon, authenticated;
