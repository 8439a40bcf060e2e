-- Read-only helpers the public pages call through /rest/v1/rpc.

-- The start times already taken in a window (pending or confirmed bookings), so the booking
-- calendar offers only free slots. It returns times only: never names, e-mails or messages.
create or replace function public.taken_slots(range_start timestamptz, range_end timestamptz)
returns setof timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select a.preferred_date
  from public.appointments a
  where a.status in ('pending', 'confirmed')
    and a.preferred_date >= range_start
    and a.preferred_date < range_end
    and range_end - range_start <= interval '62 days'
  order by a.preferred_date
$$;
revoke all on function public.taken_slots(timestamptz, timestamptz) from public;
grant execute on function public.taken_slots(timestamptz, timestamptz) to anon, authenticated, service_role;

-- Categories of published posts with how many posts each has, most first (blog sidebar).
create or replace function public.blog_category_counts(max_count integer default 5)
returns table (name text, count bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.category as name, count(*) as count
  from public.blog_posts p
  where p.is_published and p.category is not null and btrim(p.category) <> ''
  group by p.category
  order by count(*) desc, p.category
  limit greatest(1, least(coalesce(max_count, 5), 100))
$$;
grant execute on function public.blog_category_counts(integer) to anon, authenticated, service_role;
