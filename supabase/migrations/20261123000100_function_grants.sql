-- Function grants that say what they mean.
--
-- Hosted Supabase grants EXECUTE on every new function in public to anon and authenticated by
-- default privileges, besides PostgreSQL's own grant to PUBLIC. `revoke ... from public` removes
-- only the latter, so rename_project_category stayed callable by visitors (it then failed on
-- table rights; a security-definer function written the same way would have been open).
--
-- From here on a new function in public is executable by nobody but its owner and service_role
-- until a migration grants it; the functions that exist say who may call them.

alter default privileges revoke execute on functions from public;
alter default privileges in schema public revoke execute on functions from public, anon, authenticated;

-- Visitors: the row-level security helper every policy calls, and the public pages' RPCs.
revoke all on function public.is_admin() from public, anon, authenticated;
grant execute on function public.is_admin() to anon, authenticated, service_role;

revoke all on function public.taken_slots(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.taken_slots(timestamptz, timestamptz) to anon, authenticated, service_role;

revoke all on function public.blog_category_counts(integer) from public, anon, authenticated;
grant execute on function public.blog_category_counts(integer) to anon, authenticated, service_role;

-- Admins only (row-level security then decides): renaming a portfolio category.
revoke all on function public.rename_project_category(uuid, text) from public, anon, authenticated;
grant execute on function public.rename_project_category(uuid, text) to authenticated, service_role;

-- Trigger functions: run by their triggers, never called by a client.
revoke all on function public.set_updated_at() from public, anon, authenticated;
revoke all on function public.blog_posts_default_published_at() from public, anon, authenticated;
revoke all on function public.appointments_status_transition() from public, anon, authenticated;
revoke all on function public.blog_users_sync_account() from public, anon, authenticated;
revoke all on function public.blog_users_remove_account() from public, anon, authenticated;
