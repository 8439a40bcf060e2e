-- What works on the site, measured without cookies and without personal data kept (issue 51).
--
--   * public.track(e) (anon and signed-in accounts; the site's measurement script sends one small
--     call per event: a page view, the wizard's and the booking dialog's steps, a newsletter
--     sign-up, a click on the phone or e-mail link). It always answers 204 and never an error a
--     bot could learn from: an event with an unknown name or key, a path, referrer or campaign tag
--     out of bounds, a client time more than 5 minutes ahead or an hour behind, a user agent that
--     is no browser or a known bot, crawler or automation (private.insight_bot_agent), a signed-in
--     staff member (private.is_staff()), a request without a client address, or a flood is
--     dropped and nothing is stored.
--   * A visitor is a keyed hash: HMAC-SHA256 of the network (private.client_address(), the
--     gateway's cf-connecting-ip: an IPv4 address or an IPv6 /64, as the intake limits count
--     networks) and the user agent, under a salt for that day (Europe/Sofia) kept in Vault as
--     'insight_salt:YYYY-MM-DD'. The salt is made by the day's first event (or the job), and
--     yesterday's is deleted then and by the job: after midnight nobody, the database included,
--     can tell whether two days' hashes are one visitor. No address and no user agent is stored.
--   * Floods: per visitor (network + browser) at most insight_events_per_visitor_per_minute (60)
--     and _per_day (1000) events; per network, for many people behind one address (an office),
--     insight_events_per_network_per_minute (600) and _per_day (10000). The numbers are rows of
--     private.intake_limits (the stand-in's --intake-limits and /__local/intake-limits set them).
--     The counts live in private.insight_floods under the same day's keyed hashes, one row per
--     visitor and network, and go with the day.
--   * Raw events (private.insight_events) are kept for the retention kind insight_events (30 days
--     by default, 1 to 3650); a day past it not rolled up yet is rolled up before it goes. The job
--     'insights' (pg_cron, 21:05 and 22:05 UTC: five minutes past midnight in Sofia in summer and
--     in winter; the other run finds nothing to do) rolls up every finished day not yet rolled up into
--     private.insight_daily_pages, private.insight_daily_sources and private.insight_daily_events
--     (counts per day: no hash, nothing about anyone) and marks it in private.insight_rollups;
--     rolling a day up again gives the same rows. It also deletes the earlier salts and floods.
--   * A visitor's source for a day is that of their first event of the day that carries one (a
--     campaign's utm_source, else the referring site's host without 'www.'; an event with a
--     utm_campaign alone carries '(директно)' and its campaign), else '(директно)'; their campaign
--     is that event's utm_campaign. So each visitor has one source and campaign a day, and the
--     visitors per source add up to the day's visitors. The leads' first touch is read the same
--     way (private.insight_source): utm_source, else the referrer, else '(директно)'.
--   * The dashboard ('Табло') reads five functions, administrators at aal2 only (42501 for
--     everyone else), over Europe/Sofia days from_day..to_day inclusive: rolled-up days from the
--     rollups, the rest (today) from the raw events, by the same SQL the job uses. Visitors over a
--     period are the sum of each day's distinct visitors (the salt changes daily by design).
--   * An inquiry or booking sent without a first touch (the visitor refused to keep one) by a
--     visitor who has events today gets the source of that visit, computed again from the
--     request's network and user agent and today's salt: utm tags, referrer, landing path, its
--     time and "via": "visit" (private.visit_first_touch). Nothing else is kept for it.

-- ---------------------------------------------------------------------------------------------
-- The raw events
-- ---------------------------------------------------------------------------------------------
create table private.insight_events (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  day date not null,
  name text not null constraint insight_events_name_check check (name in (
    'pageview', 'wizard_open', 'wizard_step_2', 'wizard_step_3', 'inquiry_sent', 'booking_open', 'booking_day',
    'booking_time', 'booking_made', 'newsletter_signup', 'phone_click', 'email_click')),
  path text not null constraint insight_events_path_check check (char_length(path) <= 300),
  referrer text constraint insight_events_referrer_check check (char_length(referrer) <= 120),
  utm_source text constraint insight_events_utm_source_check check (char_length(utm_source) between 1 and 100),
  utm_medium text constraint insight_events_utm_medium_check check (char_length(utm_medium) between 1 and 100),
  utm_campaign text constraint insight_events_utm_campaign_check check (char_length(utm_campaign) between 1 and 100),
  utm_term text constraint insight_events_utm_term_check check (char_length(utm_term) between 1 and 100),
  utm_content text constraint insight_events_utm_content_check check (char_length(utm_content) between 1 and 100),
  device text constraint insight_events_device_check check (device in ('mobile', 'tablet', 'desktop')),
  browser text constraint insight_events_browser_check check (browser in ('chrome', 'firefox', 'safari', 'edge', 'opera', 'samsung', 'other')),
  visitor bytea not null constraint insight_events_visitor_check check (octet_length(visitor) = 32)
);
-- a day's events by visitor and time: the rollup, today's reads and the same-day attribution
create index insight_events_day_visitor_idx on private.insight_events (day, visitor, at);
revoke all on table private.insight_events from public, anon, authenticated, service_role;
comment on table private.insight_events is
  'The site''s measurement events as they came (public.track): when, the Sofia day, the event, the path, the referring host, the campaign tags, device and browser class, and the visitor as a keyed hash of network and browser under that day''s salt (Vault). No address, no user agent. Kept for the retention kind insight_events; its counts stay in the rollups.';
comment on column private.insight_events.visitor is 'HMAC-SHA256 of the network (IPv4 address, IPv6 /64) and the user agent under the salt of the day (Vault ''insight_salt:<day>'', deleted the next day).';

create table private.insight_floods (
  key bytea primary key,
  day date not null,
  minute timestamptz not null,
  minute_count integer not null,
  day_count integer not null
);
create index insight_floods_day_idx on private.insight_floods (day);
revoke all on table private.insight_floods from public, anon, authenticated, service_role;
comment on table private.insight_floods is
  'Today''s event counts per visitor and per network (keyed hashes under the day''s salt) for the measurement''s flood limits; the job insights deletes earlier days.';

insert into private.intake_limits (name, value, description) values
  ('insight_events_per_visitor_per_minute', 60, 'measurement events one visitor (network and browser) may send in a minute; past it they are dropped'),
  ('insight_events_per_visitor_per_day', 1000, 'measurement events one visitor (network and browser) may send in a day; past it they are dropped'),
  ('insight_events_per_network_per_minute', 600, 'measurement events one network (an IPv4 address, an IPv6 /64) may send in a minute, all its browsers together'),
  ('insight_events_per_network_per_day', 10000, 'measurement events one network (an IPv4 address, an IPv6 /64) may send in a day, all its browsers together')
on conflict (name) do update set value = excluded.value, description = excluded.description;

-- ---------------------------------------------------------------------------------------------
-- The rollups: counts per day, nothing about anyone
-- ---------------------------------------------------------------------------------------------
create table private.insight_rollups (
  day date primary key,
  rolled_at timestamptz not null default now(),
  events integer not null
);
create table private.insight_daily_pages (
  day date not null,
  path text not null,
  visitors integer not null,
  pageviews integer not null,
  primary key (day, path)
);
create table private.insight_daily_sources (
  day date not null,
  source text not null,
  campaign text not null,
  visitors integer not null,
  pageviews integer not null,
  primary key (day, source, campaign)
);
create table private.insight_daily_events (
  day date not null,
  name text not null,
  source text not null,
  campaign text not null,
  visitors integer not null,
  count integer not null,
  primary key (day, name, source, campaign)
);
revoke all on table private.insight_rollups, private.insight_daily_pages, private.insight_daily_sources, private.insight_daily_events
  from public, anon, authenticated, service_role;
comment on table private.insight_rollups is 'The days rolled up by the job insights: when, and how many raw events the day had.';
comment on table private.insight_daily_pages is 'Per day and path: distinct visitors that day and page views. Counts only.';
comment on table private.insight_daily_sources is 'Per day, source and campaign ('''' for none): the visitors whose source that day it was, and their page views. Each visitor has one a day, so they add up to the day''s visitors.';
comment on table private.insight_daily_events is 'Per day, event (not page views), source and campaign: distinct visitors and events. The funnels sum the visitors.';

-- ---------------------------------------------------------------------------------------------
-- Who and when
-- ---------------------------------------------------------------------------------------------
create function private.sofia_today() returns date
language sql stable set search_path = ''
as $$ select (now() at time zone 'Europe/Sofia')::date $$;
comment on function private.sofia_today() is 'Today in Europe/Sofia: the day of the measurement.';

create function private.sofia_start(of_day date) returns timestamptz
language sql stable set search_path = ''
as $$ select of_day::timestamp at time zone 'Europe/Sofia' $$;
comment on function private.sofia_start(date) is 'The instant a Europe/Sofia day begins.';

-- The day's salt, made on first use; yesterday's goes when today's is made (and by the job).
create function private.insight_salt(for_day date) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  secret_name text := 'insight_salt:' || to_char(for_day, 'YYYY-MM-DD');
  salt text := private.vault_secret(secret_name);
begin
  if salt is null then
    begin
      perform vault.create_secret(encode(extensions.gen_random_bytes(32), 'hex'), secret_name,
        'Salts the visitor hashes of one day of the site''s measurement (private.insight_events). Only the database reads it; deleted the next day.');
    exception when unique_violation then
      null; -- another request made it a moment ago
    end;
    delete from vault.secrets s where s.name like 'insight\_salt:%' and s.name < secret_name;
    salt := private.vault_secret(secret_name);
  end if;
  return salt;
end
$$;
comment on function private.insight_salt(date) is
  'The salt of a day''s visitor hashes, from Vault (''insight_salt:<day>''), made on the day''s first use; the earlier days'' salts are deleted then.';

create function private.insight_visitor(address inet, agent text, salt text) returns bytea
language sql immutable set search_path = ''
as $$ select extensions.hmac('visitor:' || private.network_of(address, false)::text || ':' || agent, salt, 'sha256') $$;
comment on function private.insight_visitor(inet, text, text) is
  'A visitor of the measurement: HMAC-SHA256 of the network (IPv4 address, IPv6 /64) and the user agent under the day''s salt.';

-- No browser, or a known bot, crawler, preview or automation.
create function private.insight_bot_agent(agent text) returns boolean
language sql immutable set search_path = ''
as $$
  select agent is null or char_length(agent) > 512 or agent !~ '^Mozilla/5\.0 \('
      or (agent ~* '(bot|crawl|spider|slurp|scrap|headless|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|preview|facebookexternalhit|embedly|whatsapp|telegram|skype|curl|wget|python|httpclient|http-client|okhttp|java/|go-http|libwww|phantomjs|puppeteer|playwright|selenium|webdriver|cypress|electron|node-fetch|axios|undici|postman|insomnia|feedfetcher|validator|linkcheck|archive|yandex|baidu|petal|semrush|ahrefs|mj12)'
          and agent !~* 'cubot')
$$;
comment on function private.insight_bot_agent(text) is
  'Whether a user agent is not counted: none, longer than 512, not a browser''s (''Mozilla/5.0 (''), or a known bot, crawler, link preview, monitor, headless browser or HTTP library.';

create function private.insight_source(utm_source text, referrer text) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(nullif(btrim(utm_source), ''), nullif(regexp_replace(lower(btrim(referrer)), '^www\.', ''), ''), '(директно)')
$$;
comment on function private.insight_source(text, text) is
  'A source: the campaign''s utm_source, else the referring host without ''www.'', else ''(директно)''. The same for events and for the leads'' first touch.';

-- ---------------------------------------------------------------------------------------------
-- Ingestion
-- ---------------------------------------------------------------------------------------------
create function api_definers.track(e jsonb) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  event_name text := e ->> 'n';
  event_path text := e ->> 'p';
  referrer text := lower(btrim(e ->> 'r'));
  tags jsonb := e -> 'u';
  sent_ms numeric;
  now_ms numeric := extract(epoch from now()) * 1000;
  headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
  agent text;
  address inet;
  today date;
  salt text;
  visitor bytea;
  network bytea;
  flooded boolean;
begin
  -- the event's shape: anything else is dropped without a word
  if e is null or jsonb_typeof(e) <> 'object' then
    return;
  end if;
  if exists (select 1 from jsonb_object_keys(e) k where k not in ('n', 'p', 'r', 'u', 'd', 'b', 't'))
     or not coalesce(event_name = any (array['pageview', 'wizard_open', 'wizard_step_2', 'wizard_step_3', 'inquiry_sent',
                      'booking_open', 'booking_day', 'booking_time', 'booking_made', 'newsletter_signup', 'phone_click', 'email_click']), false)
     or jsonb_typeof(e -> 'p') is distinct from 'string' or char_length(event_path) > 300 or event_path !~ '^/[^?#[:space:][:cntrl:]]*$'
     or jsonb_typeof(e -> 't') is distinct from 'number' then
    return;
  end if;
  sent_ms := (e ->> 't')::numeric;
  if sent_ms > now_ms + 300000 or sent_ms < now_ms - 3600000 then
    return;
  end if;
  if coalesce(jsonb_typeof(e -> 'r'), 'null') <> 'null' then
    if jsonb_typeof(e -> 'r') <> 'string' or char_length(referrer) > 120 or referrer !~ '^[a-z0-9]([a-z0-9.-]{0,118}[a-z0-9])?$' then
      return;
    end if;
    -- the site itself is no referrer
    if referrer = lower(substring(headers ->> 'origin' from '^[a-z]+://([^/:]+)')) then
      referrer := null;
    end if;
  else
    referrer := null;
  end if;
  if coalesce(jsonb_typeof(tags), 'null') <> 'null' then
    if jsonb_typeof(tags) <> 'object'
       or exists (select 1 from jsonb_each(tags) t
                   where t.key not in ('utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content')
                      or jsonb_typeof(t.value) <> 'string' or char_length(t.value #>> '{}') not between 1 and 100
                      or (t.value #>> '{}') ~ '[[:cntrl:]]') then
      return;
    end if;
  else
    tags := '{}';
  end if;
  if coalesce(jsonb_typeof(e -> 'd'), 'null') <> 'null' and not coalesce(e ->> 'd' in ('mobile', 'tablet', 'desktop'), false)
     or coalesce(jsonb_typeof(e -> 'b'), 'null') <> 'null'
        and not coalesce(e ->> 'b' in ('chrome', 'firefox', 'safari', 'edge', 'opera', 'samsung', 'other'), false) then
    return;
  end if;

  -- who: a visitor's browser, never staff, never a bot, from a network the gateway named
  if coalesce(auth.role(), '') not in ('anon', 'authenticated')
     or (auth.role() = 'authenticated' and coalesce(private.is_staff(), false)) then
    return;
  end if;
  agent := headers ->> 'user-agent';
  if private.insight_bot_agent(agent) then
    return;
  end if;
  address := private.client_address();
  if address is null then
    return;
  end if;
  today := private.sofia_today();
  salt := private.insight_salt(today);
  visitor := private.insight_visitor(address, agent, salt);
  network := extensions.hmac('network:' || private.network_of(address, false)::text, salt, 'sha256');

  -- floods: per visitor and per network, a minute and a day
  with lim as (
    select coalesce(max(l.value) filter (where l.name = 'insight_events_per_visitor_per_minute'), 60) as visitor_minute,
           coalesce(max(l.value) filter (where l.name = 'insight_events_per_visitor_per_day'), 1000) as visitor_day,
           coalesce(max(l.value) filter (where l.name = 'insight_events_per_network_per_minute'), 600) as network_minute,
           coalesce(max(l.value) filter (where l.name = 'insight_events_per_network_per_day'), 10000) as network_day
      from private.intake_limits l
     where l.name like 'insight\_events\_per\_%'
  ), counted as (
    insert into private.insight_floods as f (key, day, minute, minute_count, day_count)
    values (visitor, today, date_trunc('minute', now()), 1, 1), (network, today, date_trunc('minute', now()), 1, 1)
    on conflict (key) do update
       set minute_count = case when f.minute = excluded.minute then f.minute_count + 1 else 1 end,
           minute = excluded.minute,
           day_count = f.day_count + 1
    returning f.key = visitor as per_visitor, f.minute_count, f.day_count
  )
  select coalesce(bool_or(case when c.per_visitor then c.minute_count > lim.visitor_minute or c.day_count > lim.visitor_day
                               else c.minute_count > lim.network_minute or c.day_count > lim.network_day end), false)
    into flooded
    from counted c, lim;
  if flooded then
    return;
  end if;

  insert into private.insight_events (day, name, path, referrer, utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, browser, visitor)
  values (today, event_name, event_path, referrer, tags ->> 'utm_source', tags ->> 'utm_medium', tags ->> 'utm_campaign',
          tags ->> 'utm_term', tags ->> 'utm_content', e ->> 'd', e ->> 'b', visitor);
end
$$;
revoke all on function api_definers.track(jsonb) from public, anon, authenticated;
grant execute on function api_definers.track(jsonb) to anon, authenticated, service_role;
comment on function api_definers.track(jsonb) is
  'Records one event of the site''s measurement, or silently drops it (a bad field, a stale or future time, a bot, staff, a flood): always 204. In the API because the public site''s measurement script sends each page view and step through it; SECURITY DEFINER because the raw events, the flood counts and the day''s salt in Vault are out of every API role''s reach: it validates every field and keeps no address and no user agent, only the keyed hash.';

create function public.track(e jsonb) returns void
language sql volatile security invoker set search_path = ''
as $$ select api_definers.track(e) $$;
revoke all on function public.track(jsonb) from public, anon, authenticated;
grant execute on function public.track(jsonb) to anon, authenticated, service_role;
comment on function public.track(jsonb) is
  'One event of the site''s measurement (POST /rest/v1/rpc/track, {"e": {n, p, r, u, d, b, t}}). Calls api_definers.track, which runs as its owner; its comment says why.';

-- ---------------------------------------------------------------------------------------------
-- One day's numbers from the raw events: the rollup and today's reads share them
-- ---------------------------------------------------------------------------------------------
-- each visitor of each day with their source and campaign (those of their first event that
-- carries one, else direct), and their page views
create function private.insight_raw_visits(days date[])
returns table (day date, visitor bytea, source text, campaign text, pageviews bigint)
language sql stable set search_path = ''
as $$
  with seen as (
    select e.day, e.visitor, count(*) filter (where e.name = 'pageview') as pageviews
      from private.insight_events e
     where e.day = any (days)
     group by e.day, e.visitor
  ), came as (
    select distinct on (e.day, e.visitor) e.day, e.visitor, private.insight_source(e.utm_source, e.referrer) as source,
           coalesce(e.utm_campaign, '') as campaign
      from private.insight_events e
     where e.day = any (days) and (e.utm_source is not null or e.utm_campaign is not null or e.referrer is not null)
     order by e.day, e.visitor, e.at, e.id
  )
  select s.day, s.visitor, coalesce(c.source, '(директно)'), coalesce(c.campaign, ''), s.pageviews
    from seen s
    left join came c on c.day = s.day and c.visitor = s.visitor
$$;

create function private.insight_raw_pages(days date[])
returns table (day date, path text, visitors bigint, pageviews bigint)
language sql stable set search_path = ''
as $$
  select e.day, e.path, count(distinct e.visitor), count(*)
    from private.insight_events e
   where e.day = any (days) and e.name = 'pageview'
   group by e.day, e.path
$$;

create function private.insight_raw_sources(days date[])
returns table (day date, source text, campaign text, visitors bigint, pageviews bigint)
language sql stable set search_path = ''
as $$
  select v.day, v.source, v.campaign, count(*), sum(v.pageviews)::bigint
    from private.insight_raw_visits(days) v
   group by v.day, v.source, v.campaign
$$;

create function private.insight_raw_events(days date[])
returns table (day date, name text, source text, campaign text, visitors bigint, count bigint)
language sql stable set search_path = ''
as $$
  select e.day, e.name, v.source, v.campaign, count(distinct e.visitor), count(*)
    from private.insight_events e
    join private.insight_raw_visits(days) v on v.day = e.day and v.visitor = e.visitor
   where e.day = any (days) and e.name <> 'pageview'
   group by e.day, e.name, v.source, v.campaign
$$;

-- the days of a range that are not rolled up and may have raw events
create function private.insight_open_days(from_day date, to_day date) returns date[]
language sql stable set search_path = ''
as $$
  select coalesce(array_agg(d.day order by d.day), '{}')
    from (select g::date as day
            from generate_series(greatest(from_day, (select min(e.day) from private.insight_events e))::timestamp, to_day::timestamp, interval '1 day') g) d
   where not exists (select 1 from private.insight_rollups r where r.day = d.day)
$$;

-- a range's numbers: the rollups where the day is rolled up, else the raw events
create function private.insight_pages(from_day date, to_day date)
returns table (day date, path text, visitors bigint, pageviews bigint)
language sql stable set search_path = ''
as $$
  select p.day, p.path, p.visitors::bigint, p.pageviews::bigint from private.insight_daily_pages p where p.day between from_day and to_day
  union all
  select r.day, r.path, r.visitors, r.pageviews from private.insight_raw_pages(private.insight_open_days(from_day, to_day)) r
$$;

create function private.insight_sources(from_day date, to_day date)
returns table (day date, source text, campaign text, visitors bigint, pageviews bigint)
language sql stable set search_path = ''
as $$
  select s.day, s.source, s.campaign, s.visitors::bigint, s.pageviews::bigint from private.insight_daily_sources s where s.day between from_day and to_day
  union all
  select r.day, r.source, r.campaign, r.visitors, r.pageviews from private.insight_raw_sources(private.insight_open_days(from_day, to_day)) r
$$;

create function private.insight_steps(from_day date, to_day date)
returns table (day date, name text, source text, campaign text, visitors bigint, count bigint)
language sql stable set search_path = ''
as $$
  select s.day, s.name, s.source, s.campaign, s.visitors::bigint, s.count::bigint from private.insight_daily_events s where s.day between from_day and to_day
  union all
  select r.day, r.name, r.source, r.campaign, r.visitors, r.count from private.insight_raw_events(private.insight_open_days(from_day, to_day)) r
$$;

-- ---------------------------------------------------------------------------------------------
-- The job: roll up the finished days, forget the earlier salts and floods
-- ---------------------------------------------------------------------------------------------
create function private.roll_up_insight_day(of_day date) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  raw_events integer;
begin
  delete from private.insight_daily_pages where day = of_day;
  delete from private.insight_daily_sources where day = of_day;
  delete from private.insight_daily_events where day = of_day;
  insert into private.insight_daily_pages (day, path, visitors, pageviews)
    select r.day, r.path, r.visitors, r.pageviews from private.insight_raw_pages(array[of_day]) r;
  insert into private.insight_daily_sources (day, source, campaign, visitors, pageviews)
    select r.day, r.source, r.campaign, r.visitors, r.pageviews from private.insight_raw_sources(array[of_day]) r;
  insert into private.insight_daily_events (day, name, source, campaign, visitors, count)
    select r.day, r.name, r.source, r.campaign, r.visitors, r.count from private.insight_raw_events(array[of_day]) r;
  select count(*)::integer into raw_events from private.insight_events e where e.day = of_day;
  insert into private.insight_rollups (day, rolled_at, events) values (of_day, now(), raw_events)
  on conflict (day) do update set rolled_at = excluded.rolled_at, events = excluded.events;
  return raw_events;
end
$$;
comment on function private.roll_up_insight_day(date) is
  'Rolls one day''s raw events up into the daily tables (again from scratch if it was) and marks it rolled up.';

create function private.roll_up_insights() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  today date := private.sofia_today();
  d date;
  rolled integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtext('private.roll_up_insights')) then
    return null;
  end if;
  perform private.insight_salt(today);
  delete from vault.secrets s where s.name like 'insight\_salt:%' and s.name < 'insight_salt:' || to_char(today, 'YYYY-MM-DD');
  delete from private.insight_floods f where f.day < today;
  -- each finished day with raw events that is not rolled up yet (one index probe a day)
  d := (select min(e.day) from private.insight_events e);
  while d is not null and d < today loop
    if not exists (select 1 from private.insight_rollups r where r.day = d) then
      perform private.roll_up_insight_day(d);
      rolled := rolled + 1;
    end if;
    d := (select min(e.day) from private.insight_events e where e.day > d);
  end loop;
  return rolled;
end
$$;
comment on function private.roll_up_insights() is
  'The job insights: makes today''s salt and deletes the earlier ones and the earlier flood counts, and rolls up every finished day not rolled up yet. Idempotent. Its owner''s alone.';

-- ---------------------------------------------------------------------------------------------
-- Retention: the kind insight_events
-- ---------------------------------------------------------------------------------------------
alter table public.retention_settings drop constraint retention_settings_kind_check;
alter table public.retention_settings add constraint retention_settings_kind_check check (kind in (
  'leads_closed', 'bookings_past', 'mail_bodies', 'network_hashes',
  'subscribers_unconfirmed', 'subscribers_unsubscribed', 'data_requests', 'audit_events', 'insight_events'));
insert into public.retention_settings (kind, days, min_days) values ('insight_events', 30, 1);

create function private.retain_insight_events(period integer) returns integer
language plpgsql security definer set search_path = ''
as $$
declare
  cutoff date := private.sofia_today() - period;
  d date;
  gone integer;
begin
  -- their numbers stay in the rollups: a day the job has not rolled up yet is rolled up first
  for d in select distinct e.day from private.insight_events e
            where e.day < cutoff and not exists (select 1 from private.insight_rollups r where r.day = e.day) loop
    perform private.roll_up_insight_day(d);
  end loop;
  delete from private.insight_events e where e.day < cutoff;
  get diagnostics gone = row_count;
  return gone;
end
$$;
comment on function private.retain_insight_events(integer) is
  'Kind insight_events: deletes the raw measurement events of the days older than the period, each day rolled up first if the job has not (the rollups keep the counts).';

create or replace function private.apply_retention() returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  run_at timestamptz := now();
  counts jsonb := '{}'::jsonb;
  k text;
  n integer;
begin
  -- one run at a time
  if not pg_try_advisory_xact_lock(hashtext('private.apply_retention')) then
    return null;
  end if;
  foreach k in array array['leads_closed', 'bookings_past', 'mail_bodies', 'network_hashes',
                           'subscribers_unconfirmed', 'subscribers_unsubscribed', 'data_requests', 'audit_events',
                           'insight_events'] loop
    begin
      n := case k
        when 'leads_closed' then private.retain_leads_closed(private.retention_days(k))
        when 'bookings_past' then private.retain_bookings_past(private.retention_days(k))
        when 'mail_bodies' then private.retain_mail_bodies(private.retention_days(k))
        when 'network_hashes' then private.retain_network_hashes(private.retention_days(k))
        when 'subscribers_unconfirmed' then private.retain_subscribers_unconfirmed(private.retention_days(k))
        when 'subscribers_unsubscribed' then private.retain_subscribers_unsubscribed(private.retention_days(k))
        when 'data_requests' then private.retain_data_requests(private.retention_days(k))
        when 'audit_events' then private.prune_audit_events()
        when 'insight_events' then private.retain_insight_events(private.retention_days(k))
      end;
      insert into private.retention_runs (ran_at, kind, removed) values (run_at, k, n);
      counts := counts || jsonb_build_object(k, n);
    exception when others then
      -- this kind's work is undone; the others go on (the message may name a record: not kept)
      raise warning 'retention: % failed (%)', k, sqlstate;
      insert into private.retention_runs (ran_at, kind, failed) values (run_at, k, sqlstate);
      counts := counts || jsonb_build_object(k, null);
    end;
  end loop;
  delete from private.retention_runs r where r.ran_at < run_at - interval '1 year';
  return counts;
end
$$;

-- ---------------------------------------------------------------------------------------------
-- Same-day attribution: an inquiry or booking without a first touch, from today's visit
-- ---------------------------------------------------------------------------------------------
-- '"via": "visit"' joins the keys a first touch may have (src/shared/domain/first-touch.ts)
create or replace function private.first_touch_problem(touch jsonb) returns text
language plpgsql stable set search_path = ''
as $$
declare
  field record;
  value text;
  touched timestamptz;
begin
  if touch is null then
    return null;
  end if;
  if jsonb_typeof(touch) <> 'object' then
    return 'not an object';
  end if;
  for field in select j.key, jsonb_typeof(j.value) as kind, j.value #>> '{}' as val from jsonb_each(touch) j loop
    value := field.val;
    if field.key in ('utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content') then
      if field.kind <> 'string' or char_length(value) not between 1 and 100 or value ~ '[[:cntrl:]]' then
        return field.key;
      end if;
    elsif field.key in ('gclid', 'fbclid') then
      -- whether the address carried one: never its value
      if field.kind <> 'boolean' then
        return field.key;
      end if;
    elsif field.key = 'referrer' then
      if field.kind <> 'string' or value !~ '^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$' then
        return field.key;
      end if;
    elsif field.key = 'landing_path' then
      -- a path alone: a query string could carry who the visitor is
      if field.kind <> 'string' or char_length(value) > 300 or value !~ '^/[^?#[:space:][:cntrl:]]*$' then
        return field.key;
      end if;
    elsif field.key = 'at' then
      if field.kind <> 'string' or value !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$' then
        return field.key;
      end if;
      touched := value::timestamptz;
      if touched < now() - interval '90 days' or touched > now() + interval '1 hour' then
        return field.key;
      end if;
    elsif field.key = 'via' then
      -- filled by the database from the same day's visit (private.visit_first_touch)
      if field.kind <> 'string' or value <> 'visit' then
        return field.key;
      end if;
    else
      return field.key;
    end if;
  end loop;
  if not (touch ? 'at' and touch ? 'landing_path') then
    return 'at and landing_path are required';
  end if;
  return null;
end
$$;

-- The source of the requesting visitor's visit today, as a first touch; null without one.
create function private.visit_touch() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  agent text := nullif(current_setting('request.headers', true), '')::jsonb ->> 'user-agent';
  address inet := private.client_address();
  salt text;
  visit record;
begin
  if agent is null or address is null then
    return null;
  end if;
  salt := private.vault_secret('insight_salt:' || to_char(private.sofia_today(), 'YYYY-MM-DD'));
  if salt is null then
    return null;
  end if;
  select e.at, e.path, e.referrer, e.utm_source, e.utm_medium, e.utm_campaign, e.utm_term, e.utm_content into visit
    from private.insight_events e
   where e.day = private.sofia_today() and e.visitor = private.insight_visitor(address, agent, salt)
   order by (e.utm_source is null and e.utm_campaign is null and e.referrer is null), e.at, e.id
   limit 1;
  if not found then
    return null;
  end if;
  return jsonb_strip_nulls(jsonb_build_object(
    'utm_source', visit.utm_source, 'utm_medium', visit.utm_medium, 'utm_campaign', visit.utm_campaign,
    'utm_term', visit.utm_term, 'utm_content', visit.utm_content, 'referrer', visit.referrer,
    'landing_path', visit.path, 'at', to_char(visit.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'via', 'visit'));
end
$$;
comment on function private.visit_touch() is
  'The first touch of the requesting visitor''s visit today: the measurement''s hash computed again from the request''s network, user agent and today''s salt, and the source of that visitor''s first event with one (else the first event), with "via": "visit". Null without a visit today.';

create function private.visit_first_touch() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.first_touch is null and private.is_visitor() then
    new.first_touch := private.visit_touch();
  end if;
  return new;
end
$$;
comment on function private.visit_first_touch() is
  'Trigger: an inquiry or booking a visitor sends without a first touch gets the source of their visit today, if they had one (private.visit_touch).';

create trigger contact_submissions_25_visit_touch before insert on public.contact_submissions
  for each row execute function private.visit_first_touch();
create trigger appointments_42_visit_touch before insert on public.appointments
  for each row execute function private.visit_first_touch();

-- ---------------------------------------------------------------------------------------------
-- The dashboard ('Табло'): administrators at aal2, aggregates only
-- ---------------------------------------------------------------------------------------------
create function private.insights_admit(from_day date, to_day date) returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'Only administrators see the insights' using errcode = '42501';
  end if;
  if from_day is null or to_day is null or to_day < from_day or to_day - from_day > 3660 then
    raise exception 'Периодът е невалиден.' using errcode = '22023', hint = 'insights_period';
  end if;
end
$$;
comment on function private.insights_admit(date, date) is
  'Refuses everyone but an admitted administrator (42501), and a period that is missing, reversed or longer than ten years (22023, hint insights_period).';

-- inquiries and bookings created, newsletter sign-ups given, over Sofia days
create function private.insight_lead_counts(from_day date, to_day date)
returns table (inquiries bigint, bookings bigint, signups bigint)
language sql stable set search_path = ''
as $$
  select (select count(*) from public.contact_submissions c
           where c.created_at >= private.sofia_start(from_day) and c.created_at < private.sofia_start(to_day + 1)),
         (select count(*) from public.appointments a
           where a.created_at >= private.sofia_start(from_day) and a.created_at < private.sofia_start(to_day + 1)),
         (select count(*) from public.newsletter_consents n
           where n.given_at >= private.sofia_start(from_day) and n.given_at < private.sofia_start(to_day + 1))
$$;

create function api_definers.insights_summary(from_day date, to_day date) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  prev_from date := from_day - (to_day - from_day + 1);
  days jsonb;
  visitors bigint;
  pageviews bigint;
  previous jsonb;
  counts record;
begin
  perform private.insights_admit(from_day, to_day);
  -- the period and the one before it, each day's visitors and page views
  with per_day as (
    select s.day, sum(s.visitors)::bigint as visitors, sum(s.pageviews)::bigint as pageviews
      from private.insight_sources(prev_from, to_day) s
     group by s.day
  )
  select coalesce(jsonb_agg(jsonb_build_object('day', g::date, 'visitors', coalesce(p.visitors, 0), 'pageviews', coalesce(p.pageviews, 0)) order by g)
                    filter (where g::date >= from_day), '[]'),
         coalesce(sum(p.visitors) filter (where g::date >= from_day), 0)::bigint,
         coalesce(sum(p.pageviews) filter (where g::date >= from_day), 0)::bigint,
         jsonb_build_object('visitors', coalesce(sum(p.visitors) filter (where g::date < from_day), 0),
                            'pageviews', coalesce(sum(p.pageviews) filter (where g::date < from_day), 0))
    into days, visitors, pageviews, previous
    from generate_series(prev_from::timestamp, to_day::timestamp, interval '1 day') g
    left join per_day p on p.day = g::date;
  select * into counts from private.insight_lead_counts(prev_from, from_day - 1);
  previous := previous || jsonb_build_object('inquiries', counts.inquiries, 'bookings', counts.bookings, 'signups', counts.signups);
  select * into counts from private.insight_lead_counts(from_day, to_day);
  return jsonb_build_object('visitors', visitors, 'pageviews', pageviews, 'inquiries', counts.inquiries, 'bookings', counts.bookings,
                            'signups', counts.signups, 'days', days, 'previous', previous);
end
$$;
comment on function api_definers.insights_summary(date, date) is
  'The dashboard''s totals and chart: visitors (the sum of each day''s), page views, inquiries, bookings and newsletter sign-ups of the period, each day''s visitors and page views, and the same totals of the period just before. In the API because the admin panel''s ''Табло'' shows them; SECURITY DEFINER because the measurement''s tables are out of every API role''s reach: it refuses everyone but an admitted admin (42501) first and answers counts only.';

create function api_definers.insights_top(from_day date, to_day date, dimension text, max_rows integer default 10) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  shown integer := least(greatest(coalesce(max_rows, 10), 1), 100);
  result jsonb;
begin
  perform private.insights_admit(from_day, to_day);
  if dimension in ('page', 'post') then
    select coalesce(jsonb_agg(jsonb_build_object('key', t.key, 'visitors', t.visitors, 'pageviews', t.pageviews)
                              order by t.visitors desc, t.pageviews desc, t.key), '[]')
      into result
      from (select p.path as key, sum(p.visitors)::bigint as visitors, sum(p.pageviews)::bigint as pageviews
              from private.insight_pages(from_day, to_day) p
             group by p.path
            -- a post is /blog/<slug> (not a list's page or a category)
            having dimension = 'page'
                or (p.path ~ '^/blog/[a-z0-9_]+(-+[a-z0-9_]+)*/?$' and p.path !~ '^/blog/(page|category)/?$')
             order by 2 desc, 3 desc, 1
             limit shown) t;
  elsif dimension in ('source', 'campaign') then
    select coalesce(jsonb_agg(jsonb_build_object('key', t.key, 'visitors', t.visitors, 'pageviews', t.pageviews)
                              order by t.visitors desc, t.pageviews desc, t.key), '[]')
      into result
      from (select case when dimension = 'source' then s.source else s.campaign end as key,
                   sum(s.visitors)::bigint as visitors, sum(s.pageviews)::bigint as pageviews
              from private.insight_sources(from_day, to_day) s
             where dimension = 'source' or s.campaign <> ''
             group by 1
             order by 2 desc, 3 desc, 1
             limit shown) t;
  else
    raise exception 'Непознато измерение.' using errcode = '22023', hint = 'insights_dimension';
  end if;
  return result;
end
$$;
comment on function api_definers.insights_top(date, date, text, integer) is
  'The dashboard''s top pages, posts (/blog/<slug>), sources or campaigns of a period: key, visitors (the sum of each day''s) and page views, by visitors. In the API because the admin panel''s ''Табло'' shows them; SECURITY DEFINER because the measurement''s tables are out of every API role''s reach: it refuses everyone but an admitted admin (42501) first and answers counts only.';

create function api_definers.insights_funnels(from_day date, to_day date) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  reached jsonb;
begin
  perform private.insights_admit(from_day, to_day);
  select coalesce(jsonb_object_agg(t.name, t.visitors), '{}')
    into reached
    from (select s.name, sum(s.visitors)::bigint as visitors
            from private.insight_steps(from_day, to_day) s
           where s.name in ('wizard_open', 'wizard_step_2', 'wizard_step_3', 'inquiry_sent', 'booking_open', 'booking_day', 'booking_time', 'booking_made')
           group by s.name) t;
  return jsonb_build_object(
    'wizard', (select jsonb_agg(jsonb_build_object('step', f.step, 'visitors', coalesce((reached ->> f.step)::bigint, 0)) order by f.n)
                 from unnest(array['wizard_open', 'wizard_step_2', 'wizard_step_3', 'inquiry_sent']) with ordinality f(step, n)),
    'booking', (select jsonb_agg(jsonb_build_object('step', f.step, 'visitors', coalesce((reached ->> f.step)::bigint, 0)) order by f.n)
                  from unnest(array['booking_open', 'booking_day', 'booking_time', 'booking_made']) with ordinality f(step, n)));
end
$$;
comment on function api_definers.insights_funnels(date, date) is
  'The dashboard''s two funnels (the wizard: opened, step 2, step 3, sent; booking: opened, day, time, booked): the visitors who reached each step, each day''s distinct visitors summed. In the API because the admin panel''s ''Табло'' shows them; SECURITY DEFINER because the measurement''s tables are out of every API role''s reach: it refuses everyone but an admitted admin (42501) first and answers counts only.';

create function api_definers.insights_attribution(from_day date, to_day date) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.insights_admit(from_day, to_day);
  with visits as (
    select s.source, s.campaign, sum(s.visitors)::bigint as visitors
      from private.insight_sources(from_day, to_day) s
     group by s.source, s.campaign
  ), inquiries as (
    select private.insight_source(c.first_touch ->> 'utm_source', c.first_touch ->> 'referrer') as source,
           coalesce(c.first_touch ->> 'utm_campaign', '') as campaign,
           count(*) as inquiries, count(*) filter (where c.status = 'won') as won,
           coalesce(sum(c.offer_amount) filter (where c.status = 'won'), 0) as won_eur
      from public.contact_submissions c
     where c.created_at >= private.sofia_start(from_day) and c.created_at < private.sofia_start(to_day + 1)
     group by 1, 2
  ), bookings as (
    select private.insight_source(a.first_touch ->> 'utm_source', a.first_touch ->> 'referrer') as source,
           coalesce(a.first_touch ->> 'utm_campaign', '') as campaign, count(*) as bookings
      from public.appointments a
     where a.created_at >= private.sofia_start(from_day) and a.created_at < private.sofia_start(to_day + 1)
     group by 1, 2
  ), joined as (
    select source, campaign, coalesce(v.visitors, 0) as visitors, coalesce(i.inquiries, 0) as inquiries,
           coalesce(b.bookings, 0) as bookings, coalesce(i.won, 0) as won, coalesce(i.won_eur, 0) as won_eur
      from visits v
      full join inquiries i using (source, campaign)
      full join bookings b using (source, campaign)
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'source', j.source, 'campaign', nullif(j.campaign, ''), 'visitors', j.visitors, 'inquiries', j.inquiries,
           'bookings', j.bookings,
           'conversion', case when j.visitors > 0 then round((j.inquiries + j.bookings)::numeric / j.visitors, 4) end,
           'won', j.won, 'won_eur', j.won_eur)
         order by j.visitors desc, j.inquiries + j.bookings desc, j.won_eur desc, j.source, j.campaign), '[]')
    into result
    from joined j;
  return result;
end
$$;
comment on function api_definers.insights_attribution(date, date) is
  'The dashboard''s money per source and campaign: visitors (from the measurement), and the inquiries and bookings created in the period by their own first touch (utm_source, else the referrer, else ''(директно)''), the conversion ((inquiries + bookings) / visitors), the inquiries won and their offers in EUR. In the API because the admin panel''s ''Табло'' shows them; SECURITY DEFINER because the measurement''s tables are out of every API role''s reach: it refuses everyone but an admitted admin (42501) first and answers counts and sums only.';

create function api_definers.insights_newsletter(from_day date, to_day date) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  result jsonb;
begin
  perform private.insights_admit(from_day, to_day);
  with changes as (
    select (s.confirmed_at at time zone 'Europe/Sofia')::date as day, 1 as change
      from public.newsletter_subscribers s where s.confirmed_at is not null
    union all
    select (least(s.unsubscribed_at, s.suppressed_at) at time zone 'Europe/Sofia')::date, -1
      from public.newsletter_subscribers s
     where s.confirmed_at is not null and least(s.unsubscribed_at, s.suppressed_at) >= s.confirmed_at
  ), base as (
    select coalesce(sum(c.change), 0)::bigint as n from changes c where c.day < from_day
  ), per_day as (
    select c.day, sum(c.change)::bigint as n from changes c where c.day between from_day and to_day group by c.day
  ), left_on as (
    select (s.unsubscribed_at at time zone 'Europe/Sofia')::date as day, count(*) as n
      from public.newsletter_subscribers s
     where s.unsubscribed_at >= private.sofia_start(from_day) and s.unsubscribed_at < private.sofia_start(to_day + 1)
     group by 1
  ), days as (
    select g::date as day,
           (select b.n from base b) + sum(coalesce(p.n, 0)) over (order by g) as confirmed,
           coalesce(l.n, 0) as unsubscribed
      from generate_series(from_day::timestamp, to_day::timestamp, interval '1 day') g
      left join per_day p on p.day = g::date
      left join left_on l on l.day = g::date
  )
  select jsonb_build_object('days', coalesce(jsonb_agg(jsonb_build_object('day', d.day, 'confirmed', d.confirmed, 'unsubscribed', d.unsubscribed) order by d.day), '[]'))
    into result
    from days d;
  return result;
end
$$;
comment on function api_definers.insights_newsletter(date, date) is
  'The dashboard''s newsletter over a period: each day''s confirmed subscribers at its end and the unsubscriptions of that day. In the API because the admin panel''s ''Табло'' shows them; SECURITY DEFINER because it counts the subscribers, whom only admins read: it refuses everyone but an admitted admin (42501) first and answers counts only.';

-- the wrappers the API serves, as the caller
create function public.insights_summary(from_day date, to_day date) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.insights_summary(from_day, to_day) $$;
create function public.insights_top(from_day date, to_day date, dimension text, max_rows integer default 10) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.insights_top(from_day, to_day, dimension, max_rows) $$;
create function public.insights_funnels(from_day date, to_day date) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.insights_funnels(from_day, to_day) $$;
create function public.insights_attribution(from_day date, to_day date) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.insights_attribution(from_day, to_day) $$;
create function public.insights_newsletter(from_day date, to_day date) returns jsonb
language sql stable security invoker set search_path = ''
as $$ select api_definers.insights_newsletter(from_day, to_day) $$;
comment on function public.insights_summary(date, date) is
  'The dashboard''s totals and chart. Calls api_definers.insights_summary, which runs as its owner; its comment says why.';
comment on function public.insights_top(date, date, text, integer) is
  'The dashboard''s top pages, posts, sources or campaigns. Calls api_definers.insights_top, which runs as its owner; its comment says why.';
comment on function public.insights_funnels(date, date) is
  'The dashboard''s funnels. Calls api_definers.insights_funnels, which runs as its owner; its comment says why.';
comment on function public.insights_attribution(date, date) is
  'The dashboard''s sources and campaigns with their leads and money. Calls api_definers.insights_attribution, which runs as its owner; its comment says why.';
comment on function public.insights_newsletter(date, date) is
  'The dashboard''s newsletter subscribers over time. Calls api_definers.insights_newsletter, which runs as its owner; its comment says why.';

revoke all on function
  api_definers.insights_summary(date, date), api_definers.insights_top(date, date, text, integer),
  api_definers.insights_funnels(date, date), api_definers.insights_attribution(date, date), api_definers.insights_newsletter(date, date),
  public.insights_summary(date, date), public.insights_top(date, date, text, integer),
  public.insights_funnels(date, date), public.insights_attribution(date, date), public.insights_newsletter(date, date)
  from public, anon, authenticated;
grant execute on function
  api_definers.insights_summary(date, date), api_definers.insights_top(date, date, text, integer),
  api_definers.insights_funnels(date, date), api_definers.insights_attribution(date, date), api_definers.insights_newsletter(date, date),
  public.insights_summary(date, date), public.insights_top(date, date, text, integer),
  public.insights_funnels(date, date), public.insights_attribution(date, date), public.insights_newsletter(date, date)
  to authenticated, service_role;

-- the rest is the database's own
revoke all on function private.sofia_today(), private.sofia_start(date), private.insight_salt(date),
  private.insight_visitor(inet, text, text), private.insight_bot_agent(text), private.insight_source(text, text),
  private.insight_raw_visits(date[]), private.insight_raw_pages(date[]), private.insight_raw_sources(date[]),
  private.insight_raw_events(date[]), private.insight_open_days(date, date), private.insight_pages(date, date),
  private.insight_sources(date, date), private.insight_steps(date, date), private.roll_up_insight_day(date),
  private.roll_up_insights(), private.retain_insight_events(integer), private.visit_touch(), private.visit_first_touch(),
  private.insights_admit(date, date), private.insight_lead_counts(date, date)
  from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The job, five minutes past midnight in Sofia (21:05 UTC in summer, 22:05 in winter)
-- ---------------------------------------------------------------------------------------------
do $$
begin
  if to_regprocedure('cron.schedule(text, text, text)') is not null then
    perform cron.schedule('insights', '5 21,22 * * *', 'select private.roll_up_insights()');
  else
    raise warning 'pg_cron is not available: the measurement is not rolled up (enable pg_cron and run this migration''s cron.schedule)';
  end if;
end
$$;
