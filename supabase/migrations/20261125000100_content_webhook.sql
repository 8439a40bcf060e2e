-- A database webhook for the public site's static files.
--
-- When a published post, a project, a client or a project category changes, the prerendered
-- pages that show it must change too. Supabase's own answer to "tell something outside when a
-- row changes" is a database webhook: an AFTER trigger that POSTs
--   { "type": "INSERT" | "UPDATE" | "DELETE", "table", "schema", "record", "old_record" }
-- through pg_net (net.http_post), which sends it after the transaction commits. The receiver is
-- whatever regenerates the site: a host's build hook (Netlify, Vercel, Cloudflare Pages), the
-- publisher of `npm run preview` (scripts/publisher/), or scripts/publisher/server.mjs on a server.
--
-- The address is configuration, never source: one row in private.content_webhook, written by
-- whoever deploys (docs/deploying.md, "Fresh pages after every change"):
--   insert into private.content_webhook (url, secret) values ('https://…', '…')
--     on conflict (id) do update set url = excluded.url, secret = excluded.secret;
-- With no row the triggers do nothing. A configured URL without pg_net (a plain PostgreSQL) raises
-- a warning and does nothing: a content write never fails because the site cannot be told.
--
-- What is sent: the row as JSON without its long bodies (a post's content, a project's detailed
-- description and gallery), since receivers only need to know which pages to rebuild, and a build
-- hook should not receive article texts. The calendar settings are not shown on any static page
-- (the booking dialog reads them live), so they have no trigger.

create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create table if not exists private.content_webhook (
  id boolean primary key default true check (id),
  url text not null check (url ~* '^https?://[^\s]+$'),
  -- sent as "Authorization: Bearer <secret>" so the receiver can refuse anyone else
  secret text,
  updated_at timestamptz not null default now()
);
revoke all on private.content_webhook from public, anon, authenticated;

create or replace function private.notify_content_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook record;
  strip constant text[] := array['content', 'detailed_description', 'gallery'];
  headers jsonb := '{"Content-Type": "application/json"}'::jsonb;
  rec jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) - strip end;
  old_rec jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) - strip end;
begin
  -- Drafts change often while being written; a post that is unpublished before and after the
  -- change shows on no public page, so its change is not sent.
  if tg_table_name = 'blog_posts'
     and not coalesce((rec ->> 'is_published')::boolean, false)
     and not coalesce((old_rec ->> 'is_published')::boolean, false) then
    return null;
  end if;
  select url, secret into hook from private.content_webhook where id;
  if hook.url is null then
    return null;
  end if;
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    raise warning 'content webhook: pg_net is not installed, % was not told about a change of %', hook.url, tg_table_name;
    return null;
  end if;
  if hook.secret is not null and hook.secret <> '' then
    headers := headers || jsonb_build_object('Authorization', 'Bearer ' || hook.secret);
  end if;
  perform net.http_post(
    url := hook.url,
    body := jsonb_build_object(
      'type', tg_op,
      'table', tg_table_name,
      'schema', tg_table_schema,
      'record', rec,
      'old_record', old_rec
    ),
    headers := headers,
    timeout_milliseconds := 5000
  );
  return null;
end
$$;

revoke all on function private.notify_content_change() from public, anon, authenticated;

drop trigger if exists content_webhook on public.blog_posts;
create trigger content_webhook
  after insert or update or delete on public.blog_posts
  for each row execute function private.notify_content_change();

drop trigger if exists content_webhook on public.projects;
create trigger content_webhook
  after insert or update or delete on public.projects
  for each row execute function private.notify_content_change();

drop trigger if exists content_webhook on public.clients;
create trigger content_webhook
  after insert or update or delete on public.clients
  for each row execute function private.notify_content_change();

drop trigger if exists content_webhook on public.project_categories;
create trigger content_webhook
  after insert or update or delete on public.project_categories
  for each row execute function private.notify_content_change();
